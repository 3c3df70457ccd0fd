import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LoggerService } from '@nestjs/common';
import express from 'express';
import { Registry } from 'prom-client';
import request from 'supertest';
import { createServiceLogger } from './logger.js';
import { HttpMetrics, setRouteLabel } from './metrics/http-metrics.js';
import { requestContext } from './request-context.js';
import { currentTrace, parseTraceparent } from './trace-context.js';

function appWith(logger: LoggerService, lines: string[]) {
  const app = express();
  app.use(requestContext(logger, (line) => lines.push(line)));
  app.get('/things', (_req, res) => {
    res.json({ ok: true });
  });
  return app;
}

describe('requestContext', () => {
  it('logs one line per request with its id, path without the query, status and time', async () => {
    const lines: string[] = [];
    const res = await request(appWith(createServiceLogger('test', ['log']), lines))
      .get('/things?secret=1')
      .set('x-request-id', 'req-12345678');
    expect(res.headers['x-request-id']).toBe('req-12345678');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 'log',
      message: 'request',
      context: 'http',
      method: 'GET',
      path: '/things',
      status: 200,
      requestId: 'req-12345678',
      ms: expect.any(Number),
    });
  });

  it('logs nothing when LOG_LEVEL is above log', async () => {
    const lines: string[] = [];
    await request(appWith(createServiceLogger('test', ['fatal', 'error', 'warn']), lines)).get('/things');
    expect(lines).toEqual([]);
  });

  it("continues the caller's trace: same trace-id in the line, the request's headers and its code", async () => {
    const lines: string[] = [];
    const app = express();
    app.use(requestContext(createServiceLogger('test', ['log']), (line) => lines.push(line)));
    app.get('/things', (req, res) => {
      const trace = currentTrace();
      // what the gateway's proxy forwards: this hop's span as the parent
      res.json({ forwarded: req.headers.traceparent, traceId: trace?.traceId, spanId: trace?.spanId });
    });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const res = await request(app).get('/things').set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`);
    expect(res.body.traceId).toBe(traceId);
    expect(parseTraceparent(res.body.forwarded)).toEqual({ version: '00', traceId, parentId: res.body.spanId, traceFlags: '01' });
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: res.headers['x-request-id'], traceId });

    const fresh = await request(app).get('/things');
    expect(fresh.body.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(fresh.body.traceId).not.toBe(traceId);
  });
});

describe('request metrics', () => {
  function scrape(registry: Registry): Promise<string> {
    return registry.metrics();
  }

  it('counts each request once, under the route template express matched, else the label set, else unmatched', async () => {
    const registry = new Registry();
    const app = express();
    app.use(requestContext(createServiceLogger('test', []), () => undefined, new HttpMetrics(registry)));
    app.get('/api/things/:id', (_req, res) => {
      res.json({ ok: true });
    });
    app.use('/front', (req, res) => {
      setRouteLabel(req, '/front/*');
      res.status(202).end();
    });
    await request(app).get('/api/things/1');
    await request(app).get('/api/things/2');
    await request(app).get('/front/anything');
    await request(app).get('/nowhere');
    const text = await scrape(registry);
    expect(text).toContain('storefront_http_requests_total{method="GET",route="/api/things/:id",status="200"} 2');
    expect(text).toContain('storefront_http_requests_total{method="GET",route="/front/*",status="202"} 1');
    expect(text).toContain('storefront_http_requests_total{method="GET",route="unmatched",status="404"} 1');
    expect(text).toContain('storefront_http_request_duration_seconds_count{method="GET",route="/api/things/:id"} 2');
  });

  it('counts a request whose client left before any answer as 499', async () => {
    const registry = new Registry();
    const context = requestContext(createServiceLogger('test', []), () => undefined, new HttpMetrics(registry));
    let arrived!: () => void;
    const arrival = new Promise<void>((resolve) => (arrived = resolve));
    const server = createServer((req: IncomingMessage, res: ServerResponse) => context(req, res, arrived));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const client = httpRequest({ port: (server.address() as AddressInfo).port, path: '/slow' });
      client.on('error', () => undefined);
      client.end();
      await arrival;
      client.destroy();
      for (let i = 0; i < 50 && !(await scrape(registry)).includes('status="499"'); i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(await scrape(registry)).toContain('storefront_http_requests_total{method="GET",route="unmatched",status="499"} 1');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
