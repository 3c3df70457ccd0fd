import 'reflect-metadata';
import type { Type } from '@nestjs/common';
import { routeTableMismatches } from '@storefront/service-kit';
import { PaymentsAppModule } from './app.module.js';

describe('the payments service and the route table', () => {
  it('serves exactly its entries of the route table, each through @Route', () => {
    // register() only describes the modules: nothing connects to a database here
    expect(routeTableMismatches(PaymentsAppModule.register({ contentDir: '/nonexistent' }) as unknown as Type<unknown>, 'payments')).toEqual({ unmapped: [], notInTable: [], notServed: [] });
  });
});
