import { LookupRateLimit, createRateLimitModule } from './rate-limit.js';

// The limit's behaviour (shared by replicas through PostgreSQL, the 429 and its headers) is in
// rate-limit.integration.test.ts.
describe('rate limit settings', () => {
  it('refuses a nonsensical limit at start-up', () => {
    expect(() => createRateLimitModule({ RATE_LIMIT_WRITES_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_WRITES_PER_MINUTE/);
    expect(() => LookupRateLimit({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_LOOKUPS_PER_MINUTE/);
  });

  it('takes a sensible limit', () => {
    expect(createRateLimitModule({ RATE_LIMIT_WRITES_PER_MINUTE: '5' }).module).toBeDefined();
  });
});
