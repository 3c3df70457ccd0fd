import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { PaymentsAppModule } from './app.module.js';

await bootstrapService({
  name: 'payments',
  module: PaymentsAppModule.register(),
  portEnv: 'PAYMENTS_PORT',
  defaultPort: 4104,
}).catch(() => process.exit(1));
