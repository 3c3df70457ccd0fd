import 'reflect-metadata';
import { routeTableMismatches } from '@storefront/service-kit';
import { AppModule } from './app.module.js';

describe('the forms service and the route table', () => {
  it('serves exactly its entries of the route table, each through @Route', () => {
    // reading the modules' decorators connects to nothing
    expect(routeTableMismatches(AppModule, 'forms')).toEqual({ unmapped: [], notInTable: [], notServed: [] });
  });
});
