import { migrationsRoundTrip } from '@storefront/service-kit';
import { CONTENT_MIGRATIONS } from './index.js';

// the migrate command on a database of its own: up one by one, revert-last down to an empty schema, up again
it('every content migration reverts: each down undoes its up exactly, and up again rebuilds the same schema', async () => {
  const trip = await migrationsRoundTrip({ service: 'content', schema: 'content', migrations: CONTENT_MIGRATIONS });
  expect(trip.failures).toEqual([]);
  expect(trip.reverted).toEqual(CONTENT_MIGRATIONS.map((migration) => migration.name).reverse());
  expect(trip.differences).toEqual([]);
}, 180_000);
