import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { routesOf } from '@storefront/contracts';
import { compareWithRouteTable } from '@storefront/service-kit';
import { PaymentsAppModule } from './app.module.js';

/** Every service's GET /health (service-kit's HealthModule) is served outside the route table. */
const HEALTH = 'GET /health (HealthController.health)';

describe('the payments service and the route table', () => {
  it('serves exactly its entries of the route table, each through @Route (only /health outside it)', () => {
    // register() only describes the modules: nothing connects to a database here
    const app = PaymentsAppModule.register({ contentDir: '/nonexistent' }) as unknown as Type<unknown>;
    const { unmapped, notInTable, notServed } = compareWithRouteTable(app, routesOf('payments'));
    expect(unmapped).toEqual([HEALTH]);
    expect(notInTable).toEqual([HEALTH]);
    expect(notServed).toEqual([]);
  });
});
