// `node dist/migrate.js up|status|revert-last` (from services/content; at the root `npm run migrate -- content <command>`):
// the content schema's migrations, with the list the service itself runs or checks at start. Usage: --help.
import 'reflect-metadata';
import { migrateMain } from '@storefront/service-kit';
import { CONTENT_MIGRATIONS } from './migrations/index.js';

void migrateMain({ service: 'content', schema: 'content', migrations: CONTENT_MIGRATIONS });
