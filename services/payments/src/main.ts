import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { SERVICES } from '@storefront/topology';
import { PAYMENTS_BODY_LIMIT, PaymentsAppModule } from './app.module.js';
import { PAYMENTS_PRODUCTION } from './gateways/sandbox-in-production.js';

await bootstrapService({
  name: 'payments',
  module: PaymentsAppModule.register(),
  bodyLimit: PAYMENTS_BODY_LIMIT,
  portEnv: SERVICES.payments.portEnv,
  defaultPort: SERVICES.payments.port,
  // payments signs its calls to orders with its own secret, and checks orders' (the back office's dead-letter calls)
  production: { ...PAYMENTS_PRODUCTION, internalSecrets: ['payments', 'orders'] },
}).catch(() => process.exit(1));
