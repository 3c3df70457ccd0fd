// `node dist/migrate.js up|status|revert-last` (from services/payments; at the root `npm run migrate -- payments <command>`):
// the payments schema's migrations, with the list the service itself runs or checks at start. Usage: --help.
import 'reflect-metadata';
import { migrateMain } from '@storefront/service-kit';
import { PAYMENTS_MIGRATIONS } from './migrations/index.js';

void migrateMain({ service: 'payments', schema: 'payments', migrations: PAYMENTS_MIGRATIONS });
