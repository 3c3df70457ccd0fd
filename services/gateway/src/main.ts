import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { GATEWAY } from '@storefront/topology';
import { gatewayProductionRules, readGatewayConfig } from './config.js';
import { gatewayAppOptions } from './gateway-app.js';
import { GatewayModule } from './gateway.module.js';

let config;
try {
  config = readGatewayConfig();
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
  // its /metrics and /health/upstreams, HSTS and https remotes; no DATABASE_URL (it keeps no data).
  production: { database: false, rules: gatewayProductionRules() },
}).catch(() => process.exit(1));
