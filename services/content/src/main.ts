import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { SERVICES } from '@storefront/topology';
import { ContentAppModule } from './app.module.js';
import { catalogListingFrontOf } from './catalog/catalog-front.js';

await bootstrapService({
  name: 'content',
  module: ContentAppModule.register(),
  portEnv: SERVICES.content.portEnv,
  defaultPort: SERVICES.content.port,
  // catalog listings skip express and Nest (the hottest read; see catalog-front.ts)
  frontFromApp: catalogListingFrontOf,
  // production: DATABASE_URL and every service's rules; no internal secret (content neither serves nor calls /internal routes)
  production: {},
}).catch(() => process.exit(1));
