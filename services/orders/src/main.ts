import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { AppModule, ORDERS_BODY_LIMIT, SERVICE_NAME } from './app.module.js';

await bootstrapService({
  name: SERVICE_NAME,
  module: AppModule,
  portEnv: 'ORDERS_PORT',
  defaultPort: 4103,
  bodyLimit: ORDERS_BODY_LIMIT,
});
