import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { SERVICES } from '@storefront/topology';
import { AppModule, FORMS_BODY_LIMIT, SERVICE_NAME } from './app.module.js';

await bootstrapService({
  name: SERVICE_NAME,
  module: AppModule,
  portEnv: SERVICES.forms.portEnv,
  defaultPort: SERVICES.forms.port,
  bodyLimit: FORMS_BODY_LIMIT,
  // production: FORMS_INTERNAL_SECRET (form e-mails go to orders' internal API, signed with it) and DATABASE_URL
  production: { internalSecrets: ['forms'] },
}).catch(() => process.exit(1));
