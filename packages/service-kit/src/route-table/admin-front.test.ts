import type { INestApplication } from '@nestjs/common';
import { adminRoutes, orderRoutes, type RouteSpec } from '@storefront/contracts';
import { adminReadInFront } from './admin-front.js';

// What it serves is compared byte for byte with the controller in the orders service
// (admin-orders-front.integration.test.ts); here, what it refuses to be made for.
describe('adminReadInFront', () => {
  const noApp = {} as INestApplication;
  const answer = async () => ({});
  const logger = { log() {}, error() {}, warn() {} };

  it('is made only for an admin GET route', () => {
    expect(() => adminReadInFront(noApp, orderRoutes.view, answer, logger)).toThrow(/serves admin GET routes; GET \/api\/order\/view\/:id is not one/);
    const write = Object.values(adminRoutes).find((route: RouteSpec) => route.method !== 'GET')!;
    expect(() => adminReadInFront(noApp, write, answer, logger)).toThrow(/serves admin GET routes/);
  });

  it('refuses an admin GET route without a query schema when it is made, not when a request comes', () => {
    const withoutQuery = Object.values(adminRoutes).find((route: RouteSpec) => route.method === 'GET' && !route.query)!;
    expect(withoutQuery).toBeDefined();
    expect(() => adminReadInFront(noApp, withoutQuery, answer, logger)).toThrow(`adminReadInFront checks the route's query; GET ${withoutQuery.path} has no query schema`);
  });
});
