import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { PAYMENTS_BODY_LIMIT, PaymentsAppModule } from './app.module.js';

await bootstrapService({
  name: 'payments',
  module: PaymentsAppModule.register(),
  bodyLimit: PAYMENTS_BODY_LIMIT,
  portEnv: 'PAYMENTS_PORT',
  defaultPort: 4104,
}).catch(() => process.exit(1));
