// `node dist/migrate.js up|status|revert-last` (from services/orders; at the root `npm run migrate -- orders <command>`):
// the orders schema's migrations, with the list the service itself runs or checks at start. Usage: --help.
import 'reflect-metadata';
import { migrateMain } from '@storefront/service-kit';
import { ORDERS_DATABASE } from './orders-database.js';

void migrateMain(ORDERS_DATABASE);
