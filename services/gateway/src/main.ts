import 'reflect-metadata';
import { bootstrapService, createServiceLogger } from '@storefront/service-kit';
import { GATEWAY } from '@storefront/topology';
import { gatewayProductionRules, readGatewayConfig } from './config.js';
import { gatewayAppOptions } from './gateway-app.js';
import { GatewayModule } from './gateway.module.js';
import { remoteSourcesFor } from './remotes/remote-sources.js';

let config;
try {
  config = readGatewayConfig();
} catch (error) {
  console.error(JSON.stringify({ level: 'error', context: 'gateway', message: (error as Error).message }));
  process.exit(1);
}

// The registry's releases are read and their server bundles verified before the gateway listens: its
// first pages render the remotes (a bundle refused or unreachable shows its Retry area, and is
// tried again at the registry's next read).
try {
  const logger = createServiceLogger('gateway');
  const remotes = remoteSourcesFor(config, logger);
  await remotes.start();
  logger.log(`remotes: ${remotes.kind === 'registry' ? `the registry ${config.remotesRegistry.file}` : 'development (REMOTE_MF_*_URL, unverified)'}`, { event: 'remotes_started', versions: remotes.versions() });
} catch (error) {
  console.error(JSON.stringify({ level: 'error', context: 'gateway', message: (error as Error).message }));
  process.exit(1);
}

await bootstrapService({
  name: 'gateway',
  module: GatewayModule.register(config),
  portEnv: GATEWAY.portEnv,
  defaultPort: GATEWAY.port,
  ...gatewayAppOptions(config),
  // The gateway holds no internal secret (it only forwards /api): production needs METRICS_TOKEN for
  // its /metrics and /health/upstreams, HSTS and the remotes registry; no DATABASE_URL (it keeps no data).
  production: { database: false, rules: gatewayProductionRules() },
}).catch(() => process.exit(1));
