import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { routesOf } from '@storefront/contracts';
import { compareWithRouteTable } from '@storefront/service-kit';
import { readGatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';

/** Every service's GET /health (service-kit's HealthModule) is served outside the route table. */
const HEALTH = 'GET /health (HealthController.health)';

describe('the gateway and the route table', () => {
  it('serves exactly its entries of the route table, each through @Route (only /health outside it)', () => {
    const app = GatewayModule.register(readGatewayConfig({})) as unknown as Type<unknown>;
    const { unmapped, notInTable, notServed } = compareWithRouteTable(app, routesOf('gateway'));
    expect(unmapped).toEqual([HEALTH]);
    expect(notInTable).toEqual([HEALTH]);
    expect(notServed).toEqual([]);
  });
});
