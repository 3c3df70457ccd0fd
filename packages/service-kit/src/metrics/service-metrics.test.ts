import { Controller, Get, Logger, Module, Param, Post } from '@nestjs/common';
import { Gauge } from 'prom-client';
import request from 'supertest';
import { HealthModule } from '../health.js';
import { createTestApp, type TestApp } from '../testing.js';
import { currentTrace } from '../trace-context.js';
import { MetricsModule, ServiceMetrics } from './service-metrics.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

@Controller('api/things')
class ThingsController {
  private readonly logger = new Logger('things');

  constructor(metrics: ServiceMetrics) {
    new Gauge({ name: 'storefront_things_on_shelf', help: 'Things waiting.', registers: [metrics.registry], collect() { this.set(7); } });
    metrics.gauge('storefront_things_lost_seconds', 'Read on scrape.', async () => 1.5);
    metrics.gauge('storefront_things_unknown', 'Left out when it cannot be read.', () => Promise.reject(new Error('down')));
  }

  @Get(':id')
  thing(@Param('id') id: string) {
    return { id };
  }

  /** What the request's own code sees of its trace, after express parsed the JSON body. */
  @Post()
  create() {
    this.logger.log('thing created', { event: 'thing.created' });
    const trace = currentTrace();
    return trace && { requestId: trace.requestId, traceId: trace.traceId, spanId: trace.spanId, traceFlags: trace.traceFlags };
  }
}

@Module({ imports: [MetricsModule, HealthModule.register({ service: 'things' })], controllers: [ThingsController] })
class ThingsModule {}

async function appWith(env: Record<string, string | undefined>, start: () => Promise<TestApp>): Promise<TestApp> {
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete process.env[name];
  try {
    return await start();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe('GET /metrics of a service built with the kit', () => {
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await appWith({ METRICS_ENABLED: undefined }, () => createTestApp(ThingsModule, { name: 'things', logLevels: [] }));
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('counts and times requests by route template, never by raw path', async () => {
    await request(testApp.server).get('/api/things/1');
    await request(testApp.server).get('/api/things/2');
    await request(testApp.server).get('/no/such/path');
    const res = await request(testApp.server).get('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.text).toContain('storefront_http_requests_total{method="GET",route="/api/things/:id",status="200",service="things"} 2');
    expect(res.text).toContain('storefront_http_requests_total{method="GET",route="unmatched",status="404",service="things"} 1');
    expect(res.text).toContain('storefront_http_request_duration_seconds_count{service="things",method="GET",route="/api/things/:id"} 2');
    expect(res.text).toMatch(/storefront_http_request_duration_seconds_bucket\{le="0\.0005",service="things",method="GET",route="\/api\/things\/:id"\} \d/);
    expect(res.text).not.toContain('/api/things/1');
  });

  it('refuses a gauge without the storefront_ prefix', () => {
    expect(() => new ServiceMetrics().gauge('things_found', 'Unprefixed.', () => 1)).toThrow('Metric things_found must start with storefront_');
  });

  it("adds the process's default metrics and the service's own gauges", async () => {
    const res = await request(testApp.server).get('/metrics');
    expect(res.text).toContain('storefront_process_cpu_user_seconds_total');
    expect(res.text).toContain('storefront_nodejs_eventloop_lag_seconds');
    expect(res.text).toContain('storefront_things_on_shelf{service="things"} 7');
    expect(res.text).toContain('storefront_things_lost_seconds{service="things"} 1.5');
    expect(res.text).not.toMatch(/^storefront_things_unknown/m);
  });

  it('counts a scrape under /metrics', async () => {
    await request(testApp.server).get('/metrics');
    const res = await request(testApp.server).get('/metrics');
    expect(res.text).toMatch(/storefront_http_requests_total\{method="GET",route="\/metrics",status="200",service="things"\} [1-9]/);
  });

  it("runs the request's code in its trace, after the JSON body is parsed, and its log lines carry it", async () => {
    const written: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    let res;
    try {
      const logged = await appWith({}, () => createTestApp(ThingsModule, { name: 'things', logLevels: ['log'] }));
      try {
        res = await request(logged.server)
          .post('/api/things')
          .set('x-request-id', 'req-trace-0001')
          .set('traceparent', `00-${TRACE_ID}-00f067aa0ba902b7-01`)
          .send({ name: 'a'.repeat(20_000) }); // a body that arrives in several chunks
      } finally {
        await logged.close();
      }
    } finally {
      write.mockRestore();
    }
    expect(res.body).toEqual({ requestId: 'req-trace-0001', traceId: TRACE_ID, traceFlags: '01', spanId: expect.stringMatching(/^[0-9a-f]{16}$/) });
    const line = written.map((text) => JSON.parse(text) as Record<string, unknown>).find((entry) => entry.event === 'thing.created');
    expect(line).toMatchObject({ message: 'thing created', requestId: 'req-trace-0001', traceId: TRACE_ID });
  });
});

describe('who may read /metrics', () => {
  let testApp: TestApp;
  const token = 'metrics-test-token-0123456789abcdef0123';

  beforeAll(async () => {
    testApp = await createTestApp(ThingsModule, { name: 'things', logLevels: [] });
  });

  afterAll(async () => {
    await testApp.close();
  });

  afterEach(() => {
    delete process.env.METRICS_TOKEN;
    delete process.env.PAYMENTS_INTERNAL_SECRET;
    delete process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE;
  });

  it('without METRICS_TOKEN: this machine', async () => {
    expect((await request(testApp.server).get('/metrics')).status).toBe(200);
  });

  it('with METRICS_TOKEN: only the token as a bearer token, else 401 (no other secret opens it)', async () => {
    process.env.METRICS_TOKEN = token;
    process.env.PAYMENTS_INTERNAL_SECRET = 'an-internal-secret-of-another-purpose-0123';
    const refused = await request(testApp.server).get('/metrics');
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({ success: false, statusCode: 401, message: 'A valid Authorization: Bearer <METRICS_TOKEN> header is required.' });
    expect((await request(testApp.server).get('/metrics').set('Authorization', 'Bearer wrong')).status).toBe(401);
    expect((await request(testApp.server).get('/metrics').set('X-Internal-Token', token)).status).toBe(401);
    expect((await request(testApp.server).get('/metrics').set('Authorization', `Bearer ${process.env.PAYMENTS_INTERNAL_SECRET}`)).status).toBe(401);
    const allowed = await request(testApp.server).get('/metrics').set('Authorization', `Bearer ${token}`);
    expect(allowed.status).toBe(200);
    expect(allowed.text).toContain('storefront_http_requests_total');
  });

  it('past RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE failed tokens, 429 for every wrong one; the right one still opens', async () => {
    process.env.METRICS_TOKEN = token;
    // the test before failed 4 times from this address within the minute
    process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE = '6';
    expect((await request(testApp.server).get('/metrics').set('Authorization', 'Bearer guess-1')).status).toBe(401);
    expect((await request(testApp.server).get('/metrics').set('Authorization', 'Bearer guess-2')).status).toBe(401);
    const limited = await request(testApp.server).get('/metrics').set('Authorization', 'Bearer guess-3');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ statusCode: 429, message: 'Too many failed attempts from this address. Please wait a minute and try again.' });
    // a scraper sharing the guesser's address (a node's SNAT) is not locked out by it
    expect((await request(testApp.server).get('/metrics').set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });

  it('METRICS_ENABLED=false: no /metrics at all', async () => {
    const off = await appWith({ METRICS_ENABLED: 'false' }, () => createTestApp(ThingsModule, { name: 'things', logLevels: [] }));
    try {
      expect((await request(off.server).get('/metrics')).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
