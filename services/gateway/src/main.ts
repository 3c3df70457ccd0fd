import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { GATEWAY } from '@storefront/topology';
import { readGatewayConfig } from './config.js';
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
  // production needs INTERNAL_API_TOKEN (the services' secret): its /metrics answers only to it,
  // and without it would answer no scraper at all. No DATABASE_URL: the gateway keeps no data.
  production: { database: false },
}).catch(() => process.exit(1));
