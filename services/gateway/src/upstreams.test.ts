import http from 'node:http';
import { Logger } from '@nestjs/common';
import type { FrontHandler } from '@storefront/service-kit';
import { createApiProxy } from './api-proxy.js';
import { type GatewayConfig, readGatewayConfig } from './config.js';
import { GatewayUpstreams, type ReplicaTurn, gatewayUpstreams, isConnectFailure, mayRetryElsewhere } from './upstreams.js';
import { type LocalServer, startLocalServer } from './testing/local-server.js';

const settings = { errorThresholdPercentage: 50, volumeThreshold: 2, rollingCountTimeoutMs: 10000, resetTimeoutMs: 3000 };
const refused = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
Logger.overrideLogger(false); // the breakers' and the proxy's warnings are what the tests provoke
const quiet = new Logger('test');
quiet.warn = () => undefined;
quiet.log = () => undefined;

const made: GatewayUpstreams[] = [];
afterEach(async () => {
  await Promise.all(made.splice(0).map((upstreams) => upstreams.close()));
});

function ordersReplicas(urls: string[]) {
  const upstreams = new GatewayUpstreams({ upstreams: { content: [], forms: [], orders: urls, payments: [] }, proxyTimeoutMs: 1000, circuit: settings }, quiet);
  made.push(upstreams);
  return upstreams.services.orders;
}

/** Opens a replica's breaker the way failures do: two refused calls of two, then the failure noted. */
async function open(replica: ReturnType<typeof ordersReplicas>['replicas'][number]): Promise<void> {
  for (let i = 0; i < 2; i++) {
    const before = replica.breaker.state;
    await replica.breaker.run(refused).catch(() => replica.noteFailure(before));
  }
  expect(replica.breaker.state).toBe('open');
}

const picks = (service: ReturnType<typeof ordersReplicas>, count: number): (number | undefined)[] =>
  Array.from({ length: count }, () => service.first({ start: 0, passed: 0 })?.index);

describe('replica choice', () => {
  it('takes the replicas in turn, one request after another (no sticky sessions)', () => {
    const orders = ordersReplicas(['http://127.0.0.1:4801', 'http://127.0.0.1:4802', 'http://127.0.0.1:4803']);
    expect(picks(orders, 7)).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('passes a replica whose breaker is open, and alternates between the others', async () => {
    const orders = ordersReplicas(['http://127.0.0.1:4801', 'http://127.0.0.1:4802', 'http://127.0.0.1:4803']);
    await open(orders.replicas[1]!);
    expect(picks(orders, 6)).toEqual([0, 2, 0, 2, 0, 2]);
  });

  it('tries each replica of one request at most once, from where it started', async () => {
    const orders = ordersReplicas(['http://127.0.0.1:4801', 'http://127.0.0.1:4802', 'http://127.0.0.1:4803']);
    orders.first({ start: 0, passed: 0 }); // another request took replica 0
    const turn: ReplicaTurn = { start: 0, passed: 0 };
    expect(orders.first(turn)?.index).toBe(1);
    expect(orders.next(turn)?.index).toBe(2);
    expect(orders.next(turn)?.index).toBe(0);
    expect(orders.next(turn)).toBeUndefined();
  });

  it('has no replica when every breaker is open, and says when one lets a trial call through', async () => {
    const orders = ordersReplicas(['http://127.0.0.1:4801', 'http://127.0.0.1:4802']);
    expect(orders.retryAfterSeconds()).toBe(1); // none open: soon
    await open(orders.replicas[0]!);
    await open(orders.replicas[1]!);
    expect(orders.first({ start: 0, passed: 0 })).toBeUndefined();
    expect(orders.retryAfterSeconds()).toBe(3); // CIRCUIT_RESET_MS 3000, just opened
    expect(orders.retryAfterSeconds(Date.now() + 2100)).toBe(1);
  });

  it('shares one set of breakers per configuration (the proxy, the page renderer and the health view)', async () => {
    const config = readGatewayConfig({ ORDERS_SERVICE_URL: 'http://127.0.0.1:4801,http://127.0.0.1:4802' });
    const upstreams = gatewayUpstreams(config);
    made.push(upstreams);
    expect(gatewayUpstreams(config)).toBe(upstreams);
    expect(upstreams.services.orders.replicas.map((replica) => replica.breaker.upstream)).toEqual([
      'orders@http://127.0.0.1:4801',
      'orders@http://127.0.0.1:4802',
    ]);
  });
});

describe('what may go to another replica', () => {
  const error = (code: string) => Object.assign(new Error(code), { code });

  it('a request that could not connect, with a body read whole or none', () => {
    for (const code of ['ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET', 'UND_ERR_CONNECT_TIMEOUT', 'ECIRCUITOPEN']) {
      expect(mayRetryElsewhere(error(code), false, null)).toBe(true);
      expect(mayRetryElsewhere(error(code), false, Buffer.from('{"items":[]}'))).toBe(true);
    }
  });

  it('never a streamed body, nor a request undici had begun to write, nor a timeout', () => {
    expect(mayRetryElsewhere(error('ECONNREFUSED'), false, new http.IncomingMessage(null as never))).toBe(false);
    expect(mayRetryElsewhere(error('UND_ERR_SOCKET'), true, null)).toBe(false);
    expect(mayRetryElsewhere(error('ECONNRESET'), true, Buffer.from('x'))).toBe(false);
    expect(mayRetryElsewhere(error('UND_ERR_HEADERS_TIMEOUT'), false, null)).toBe(false);
    expect(mayRetryElsewhere(error('UND_ERR_BODY_TIMEOUT'), false, null)).toBe(false);
  });

  it("reads fetch's wrapped cause too", () => {
    expect(isConnectFailure(new TypeError('fetch failed', { cause: error('ECONNREFUSED') }))).toBe(true);
    expect(isConnectFailure(new DOMException('timed out', 'TimeoutError'))).toBe(false);
  });
});

interface Upstream {
  url: string;
  seen: string[];
  close(): Promise<void>;
}

/** A real HTTP server standing in for an orders replica: notes what it got, answers who it is (/slow never). */
async function startUpstream(name: string): Promise<Upstream> {
  const seen: string[] = [];
  const server = await startLocalServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${body}`.trim());
      if (req.url === '/api/order/slow') return;
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ replica: name }));
    });
  });
  return { ...server, seen };
}

/**
 * Ports nothing listens on, outside the range the system hands out for port 0, so no other suite's
 * server (jest runs suites side by side) takes one meanwhile and answers for it.
 */
const CLOSED = ['http://127.0.0.1:4891', 'http://127.0.0.1:4892'];

/** The proxy alone behind a plain node:http server (what service-kit's front handler does). */
function startProxy(config: GatewayConfig): Promise<LocalServer> {
  made.push(gatewayUpstreams(config));
  const front: FrontHandler = createApiProxy(config, quiet);
  return startLocalServer((req, res) => {
    const answer = front(req);
    if (answer) answer(res);
    else res.writeHead(404).end();
  });
}

describe('the API proxy across replicas', () => {
  const servers: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.close()));
  });
  const started = <T extends { close(): Promise<void> }>(server: T): T => {
    servers.push(server);
    return server;
  };
  const post = (url: string, body: string, headers: Record<string, string> = {}) =>
    fetch(url, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

  it('sends requests to the replicas in turn', async () => {
    const a = started(await startUpstream('a'));
    const b = started(await startUpstream('b'));
    const proxy = started(await startProxy(readGatewayConfig({ ORDERS_SERVICE_URL: `${a.url},${b.url}` })));
    const answered: string[] = [];
    for (let i = 0; i < 4; i++) answered.push(((await (await fetch(`${proxy.url}/api/order/cart`)).json()) as { replica: string }).replica);
    expect(answered).toEqual(['a', 'b', 'a', 'b']);
  });

  it('sends a POST that could not connect to the next replica, once', async () => {
    const a = started(await startUpstream('a'));
    const proxy = started(await startProxy(readGatewayConfig({ ORDERS_SERVICE_URL: `${CLOSED[0]},${a.url}` })));
    const res = await post(`${proxy.url}/api/order/cart-summary`, '{"items":[1]}');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ replica: 'a' });
    expect(a.seen).toEqual(['POST /api/order/cart-summary {"items":[1]}']);
  });

  it('does not resend a streamed body: a 503, as nothing reached a service', async () => {
    const a = started(await startUpstream('a'));
    const proxy = started(await startProxy(readGatewayConfig({ ORDERS_SERVICE_URL: `${CLOSED[0]},${a.url}` })));
    const body = new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"items":[1]}'));
        controller.close();
      },
    });
    const res = await fetch(`${proxy.url}/api/order/cart-summary`, { method: 'POST', body, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(503);
    expect(a.seen).toEqual([]);
  });

  it('does not resend a request the service got and did not answer in time: a 502', async () => {
    const slow = started(await startUpstream('slow'));
    const a = started(await startUpstream('a'));
    const proxy = started(await startProxy(readGatewayConfig({ ORDERS_SERVICE_URL: `${slow.url},${a.url}`, GATEWAY_PROXY_TIMEOUT_MS: '200' })));
    const res = await post(`${proxy.url}/api/order/slow`, '{}');
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ statusCode: 502, message: 'Service unavailable' });
    expect(slow.seen).toEqual(['POST /api/order/slow {}']);
    expect(a.seen).toEqual([]);
  });

  it('answers 503 with Retry-After when no replica can be reached, at once when every breaker is open', async () => {
    const proxy = started(
      await startProxy(
        readGatewayConfig({ ORDERS_SERVICE_URL: `${CLOSED[0]},${CLOSED[1]}`, CIRCUIT_MIN_CALLS: '2', CIRCUIT_RESET_MS: '4000' }),
      ),
    );
    const first = await post(`${proxy.url}/api/order/cart-summary`, '{}');
    expect(first.status).toBe(503);
    expect(first.headers.get('retry-after')).toBe('1');
    expect(await first.json()).toMatchObject({ success: false, statusCode: 503, message: 'Service unavailable' });
    await post(`${proxy.url}/api/order/cart-summary`, '{}');
    // both breakers have seen two failures of two: open
    const began = Date.now();
    const refused = await post(`${proxy.url}/api/order/cart-summary`, '{}');
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(3);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(4);
    // the Retry-After above proves the breaker answered; the bound only catches a wait, with room for a loaded CI machine
    expect(Date.now() - began).toBeLessThan(1000);
  });
});
