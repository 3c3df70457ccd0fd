import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { routeTableMismatches } from '@storefront/service-kit';
import { readGatewayConfig } from './config.js';
import { GatewayModule } from './gateway.module.js';

describe('the gateway and the route table', () => {
  it('serves exactly its entries of the route table, each through @Route', () => {
    const app = GatewayModule.register(readGatewayConfig({})) as unknown as Type<unknown>;
    expect(routeTableMismatches(app, 'gateway')).toEqual({ unmapped: [], notInTable: [], notServed: [] });
  });
});
