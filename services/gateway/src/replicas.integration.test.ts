import http from 'node:http';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { readGatewayConfig } from './config.js';
import { gatewayAppOptions } from './gateway-app.js';
import { GatewayModule } from './gateway.module.js';

/**
 * The gateway in front of two replicas of one service: real HTTP servers standing in for
 * two orders processes, stopped and started again under it. No sticky sessions, a stopped replica
 * costs no request an error, and with both gone the answer is a quick 503.
 */

interface Replica {
  name: string;
  url: string;
  port: number;
  seen: string[];
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Fixed ports outside the range the system hands out for port 0: a stopped replica's port is never
 * taken meanwhile by another suite's server (jest runs suites side by side), which would answer for it.
 */
const PORTS = { a: 4894, b: 4895, nowhere: 4896 };

/** An orders replica: answers every /api/order call with its name (and a body it got), and /health. */
async function replica(name: 'a' | 'b'): Promise<Replica> {
  const seen: string[] = [];
  let server: http.Server | undefined;
  const made: Replica = {
    name,
    url: `http://127.0.0.1:${PORTS[name]}`,
    port: PORTS[name],
    seen,
    async start() {
      server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          seen.push(`${req.method} ${req.url}`);
          res.writeHead(200, { 'content-type': 'application/json' });
          if (req.url === '/health') res.end(JSON.stringify({ status: 'ok', service: 'orders' }));
          else res.end(JSON.stringify({ replica: name, body }));
        });
      });
      await new Promise<void>((resolve, reject) => server!.once('error', reject).listen(made.port, '127.0.0.1', resolve));
    },
    async stop() {
      server!.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
      // the gateway's idle connections to it have seen it close (a request already written to one is a 502 by design)
      await new Promise((resolve) => setTimeout(resolve, 50));
    },
  };
  await made.start();
  return made;
}

let a: Replica;
let b: Replica;
let gateway: TestApp;
const RESET_MS = 400;

beforeAll(async () => {
  a = await replica('a');
  b = await replica('b');
  const nowhere = `http://127.0.0.1:${PORTS.nowhere}`; // the other services: nothing listens there
  const config = readGatewayConfig({
    ORDERS_SERVICE_URL: `${a.url},${b.url}`,
    CONTENT_SERVICE_URL: nowhere,
    FORMS_SERVICE_URL: nowhere,
    PAYMENTS_SERVICE_URL: nowhere,
    GATEWAY_PROXY_TIMEOUT_MS: '2000',
    CIRCUIT_MIN_CALLS: '4',
    CIRCUIT_RESET_MS: String(RESET_MS),
  });
  gateway = await createTestApp(GatewayModule.register(config), { ...gatewayAppOptions(config), name: 'gateway', logLevels: [], listen: true });
});

afterAll(async () => {
  await gateway?.close();
  await Promise.all([a, b].map((one) => one?.stop().catch(() => undefined)));
});

/** A GET or a POST (with a body) through the gateway: its status and which replica answered. */
async function call(index: number): Promise<{ status: number; replica?: string; body?: string }> {
  const res =
    index % 2 === 0
      ? await request(gateway.server).get('/api/order/cart')
      : await request(gateway.server).post('/api/order/cart-summary').send({ items: [{ sku: `s${index}`, quantity: 1 }] });
  return { status: res.status, replica: res.body.replica, body: res.body.body };
}

const metricLine = async (replicaUrl: string): Promise<string | undefined> => {
  const text = (await request(gateway.server).get('/metrics')).text;
  return text.split('\n').find((line) => line.startsWith(`storefront_upstream_circuit_state{upstream="orders@${replicaUrl}"`));
};

describe('gateway in front of two replicas of a service', () => {
  it('sends requests to both in turn, GETs and POSTs alike (no sticky sessions)', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await call(i));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.map((answer) => answer.replica)).toEqual(['a', 'b', 'a', 'b', 'a', 'b']);
    expect(answers[1]!.body).toBe('{"items":[{"sku":"s1","quantity":1}]}');
  });

  it('lists every replica in /health/upstreams with its circuit', async () => {
    const res = await request(gateway.server).get('/health/upstreams');
    expect(res.body.upstreams.orders).toMatchObject({
      state: 'up',
      replicas: [
        { url: `${a.url}/health`, state: 'up', circuit: 'closed' },
        { url: `${b.url}/health`, state: 'up', circuit: 'closed' },
      ],
    });
  });

  it('answers every request from the other replica while one is stopped, POSTs included, without a 5xx', async () => {
    await a.stop();
    const seenByB = b.seen.length;
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await call(i));
    // and some at once, as shoppers come
    answers.push(...(await Promise.all(Array.from({ length: 12 }, (_, i) => call(i)))));
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    expect(new Set(answers.map((answer) => answer.replica))).toEqual(new Set(['b']));
    expect(b.seen.length - seenByB).toBe(20); // each request once
    // a's breaker opened on its refused connections: it is no longer tried
    expect(await metricLine(a.url)).toMatch(/ 2$/);
    const health = await request(gateway.server).get('/health/upstreams');
    expect(health.status).toBe(503);
    expect(health.body.upstreams.orders.state).toBe('up');
    expect(health.body.upstreams.orders.replicas).toMatchObject([
      { state: 'down', error: 'ECONNREFUSED', circuit: 'open' },
      { state: 'up', circuit: 'closed' },
    ]);
  });

  it('takes the replica back once it answers its breaker’s trial call', async () => {
    await a.start();
    const deadline = Date.now() + RESET_MS * 5;
    let answeredByA = false;
    while (!answeredByA && Date.now() < deadline) {
      const answer = await call(1);
      expect(answer.status).toBe(200);
      answeredByA = answer.replica === 'a';
      if (!answeredByA) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answeredByA).toBe(true);
    expect(await metricLine(a.url)).toMatch(/ 0$/);
  });

  it('answers 503 with Retry-After at once when both are stopped', async () => {
    await a.stop();
    await b.stop();
    const statuses = [];
    const began = Date.now();
    for (let i = 0; i < 10; i++) {
      const res = await request(gateway.server).post('/api/order/cart-summary').send({ items: [] });
      statuses.push(res.status);
      expect(res.body).toMatchObject({ success: false, statusCode: 503, message: 'Service unavailable' });
      expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect(statuses).toEqual(Array(10).fill(503));
    expect(Date.now() - began).toBeLessThan(1000);
    // a's breaker, with more failures than answers in its window, is open again: a is not even tried
    // (b's, after its many answers, needs more failures of its window before it opens)
    expect(await metricLine(a.url)).toMatch(/ 2$/);
  });
});
