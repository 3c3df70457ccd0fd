import { Controller, Get, Module, Post, UseGuards } from '@nestjs/common';
import request from 'supertest';
import { LookupRateLimit, RATE_LIMIT_MESSAGE, RateLimitGuard, createRateLimitModule } from './rate-limit.js';
import { createTestApp, type TestApp } from './testing.js';

@Controller('api/forms')
class SubmitController {
  @Post('contact')
  @UseGuards(RateLimitGuard)
  submit() {
    return { success: true };
  }
}

@Controller('api/quote')
class LookupController {
  @Get()
  @LookupRateLimit({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '3' })
  lookup() {
    return { success: true };
  }
}

@Module({ imports: [createRateLimitModule({ RATE_LIMIT_WRITES_PER_MINUTE: '2' })], controllers: [SubmitController, LookupController] })
class LimitedModule {}

describe('rate limit on writes', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp(LimitedModule, { logLevels: [] });
  });
  afterAll(() => testApp.close());

  it('answers 429 with a clear ApiErrorBody once a client is over the limit, per forwarded address', async () => {
    const post = (forwardedFor: string) => request(testApp.server).post('/api/forms/contact').set('X-Forwarded-For', forwardedFor).send({});
    expect((await post('203.0.113.7')).status).toBe(201);
    expect((await post('203.0.113.7')).status).toBe(201);
    const limited = await post('203.0.113.7');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, statusCode: 429, message: RATE_LIMIT_MESSAGE });
    // Another shopper behind the same gateway is not affected.
    expect((await post('198.51.100.20')).status).toBe(201);
  });

  it('refuses a nonsensical limit at start-up', () => {
    expect(() => createRateLimitModule({ RATE_LIMIT_WRITES_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_WRITES_PER_MINUTE/);
    expect(() => LookupRateLimit({ RATE_LIMIT_LOOKUPS_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_LOOKUPS_PER_MINUTE/);
  });

  it('limits a lookup by its own limit, counted apart from the writes', async () => {
    const get = (forwardedFor: string) => request(testApp.server).get('/api/quote').set('X-Forwarded-For', forwardedFor);
    for (let n = 0; n < 3; n += 1) expect((await get('203.0.113.9')).status).toBe(200);
    const limited = await get('203.0.113.9');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, statusCode: 429, message: RATE_LIMIT_MESSAGE });
    expect((await get('198.51.100.21')).status).toBe(200);
  });
});
