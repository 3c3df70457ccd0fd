import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { AppModule, FORMS_BODY_LIMIT, SERVICE_NAME } from './app.module.js';

await bootstrapService({
  name: SERVICE_NAME,
  module: AppModule,
  portEnv: 'FORMS_PORT',
  defaultPort: 4102,
  bodyLimit: FORMS_BODY_LIMIT,
});
