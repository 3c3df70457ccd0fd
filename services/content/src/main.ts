import 'reflect-metadata';
import { bootstrapService } from '@storefront/service-kit';
import { ContentAppModule } from './app.module.js';

await bootstrapService({
  name: 'content',
  module: ContentAppModule.register(),
  portEnv: 'CONTENT_PORT',
  defaultPort: 4101,
}).catch(() => process.exit(1));
