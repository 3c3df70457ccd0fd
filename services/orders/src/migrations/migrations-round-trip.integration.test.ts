import { migrationsRoundTrip } from '@storefront/service-kit';
import { ORDERS_DATABASE } from '../orders-database.js';

// the migrate command on a database of its own: up one by one, revert-last down to an empty schema, up again
it('every orders migration reverts: each down undoes its up exactly, and up again rebuilds the same schema', async () => {
  const trip = await migrationsRoundTrip(ORDERS_DATABASE);
  expect(trip.failures).toEqual([]);
  expect(trip.reverted).toEqual(ORDERS_DATABASE.migrations.map((migration) => migration.name).reverse());
  expect(trip.differences).toEqual([]);
}, 180_000);
