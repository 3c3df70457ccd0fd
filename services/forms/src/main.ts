import 'reflect-metadata';
import { bootstrapService, captchaProductionRules } from '@storefront/service-kit';
import { SERVICES } from '@storefront/topology';
import { AppModule, FORMS_BODY_LIMIT, SERVICE_NAME } from './app.module.js';

await bootstrapService({
  name: SERVICE_NAME,
  module: AppModule,
  portEnv: SERVICES.forms.portEnv,
  defaultPort: SERVICES.forms.port,
  bodyLimit: FORMS_BODY_LIMIT,
  // production: FORMS_INTERNAL_SECRET (form e-mails go to orders' internal API, signed with it),
  // ORDERS_INTERNAL_SECRET (orders' back office reads the submissions and the dead letters, signed with
  // it), DATABASE_URL and the defaults, and the captcha's secret and https verify URL
  production: { internalSecrets: ['forms', 'orders'], rules: captchaProductionRules() },
}).catch(() => process.exit(1));
