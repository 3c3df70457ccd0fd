// `node dist/migrate.js up|status|revert-last` (from services/forms; at the root `npm run migrate -- forms <command>`):
// the forms schema's migrations, with the list the service itself runs or checks at start. Usage: --help.
import 'reflect-metadata';
import { migrateMain } from '@storefront/service-kit';
import { FORMS_MIGRATIONS } from './migrations/index.js';

void migrateMain({ service: 'forms', schema: 'forms', migrations: FORMS_MIGRATIONS });
