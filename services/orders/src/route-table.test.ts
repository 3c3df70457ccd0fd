import 'reflect-metadata';
import { routesOf } from '@storefront/contracts';
import { compareWithRouteTable } from '@storefront/service-kit';
import { AppModule } from './app.module.js';

/** Every service's GET /health (service-kit's HealthModule) is served outside the route table. */
const HEALTH = 'GET /health (HealthController.health)';

describe('the orders service and the route table', () => {
  it('serves exactly its entries of the route table, each through @Route (only /health outside it)', () => {
    // reading the modules' decorators connects to nothing
    const { unmapped, notInTable, notServed } = compareWithRouteTable(AppModule, routesOf('orders'));
    expect(unmapped).toEqual([HEALTH]);
    expect(notInTable).toEqual([HEALTH]);
    expect(notServed).toEqual([]);
  });
});
