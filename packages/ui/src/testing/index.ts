// Test helpers for the front ends' jest suites: `@storefront/ui/testing`.
export { fakeResponse, installFakeFetch } from './fake-fetch.js';
export type { FakeAnswer, FakeFetchOptions, FakeRoute, FakeRoutes } from './fake-fetch.js';
export { LocationProbe } from './LocationProbe.js';
