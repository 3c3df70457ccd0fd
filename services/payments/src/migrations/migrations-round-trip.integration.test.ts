import { migrationsRoundTrip } from '@storefront/service-kit';
import { PAYMENTS_MIGRATIONS } from './index.js';

// the migrate command on a database of its own: up one by one, revert-last down to an empty schema, up again
it('every payments migration reverts: each down undoes its up exactly, and up again rebuilds the same schema', async () => {
  const trip = await migrationsRoundTrip({ service: 'payments', schema: 'payments', migrations: PAYMENTS_MIGRATIONS });
  expect(trip.failures).toEqual([]);
  expect(trip.reverted).toEqual(PAYMENTS_MIGRATIONS.map((migration) => migration.name).reverse());
  expect(trip.differences).toEqual([]);
}, 180_000);
