// The built gateway as its own process (dist/main.js, as npm start and the image run it): readiness
// is its own, not its upstreams'; SIGTERM lets a request in flight finish with 200, refuses new
// connections, answers readiness 503 during the drain, and the process exits 0.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import path from 'node:path';
import { freePort } from '@storefront/service-kit';

const main = path.resolve(__dirname, '..', 'dist', 'main.js');

/** A content service stand-in whose answers take `UPSTREAM_DELAY_MS`; `received` resolves on its first request. */
const UPSTREAM_DELAY_MS = 800;
let upstream: http.Server;
let upstreamUrl: string;
let markReceived: () => void;
const received = new Promise<void>((resolve) => (markReceived = resolve));

let gateway: ChildProcess;
let port: number;
let base: string;
let stderr = '';


function connected(to: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(to, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** What the server sends on `socket` until it closes it. */
function untilClosed(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(text));
  });
}

beforeAll(async () => {
  upstream = http.createServer((req, res) => {
    if (!req.url?.startsWith('/api/')) {
      res.writeHead(404).end();
      return;
    }
    markReceived();
    setTimeout(() => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ slow: 'done' }));
    }, UPSTREAM_DELAY_MS);
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;

  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  gateway = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      CONTENT_SERVICE_URL: upstreamUrl,
      FORMS_SERVICE_URL: nowhere,
      ORDERS_SERVICE_URL: nowhere,
      PAYMENTS_SERVICE_URL: nowhere,
      LOG_LEVEL: 'error',
      SHUTDOWN_GRACE_MS: '5000',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  gateway.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    const live = await fetch(`${base}/health/live`).catch(() => undefined);
    if (live?.status === 200) break;
    if (gateway.exitCode !== null || Date.now() > deadline) throw new Error(`the gateway did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

afterAll(async () => {
  if (gateway && gateway.exitCode === null && gateway.signalCode === null) gateway.kill('SIGKILL');
  await new Promise((resolve) => upstream?.close(resolve));
});

describe('the gateway process', () => {
  it('is ready by its own state while its upstreams are down', async () => {
    const ready = await fetch(`${base}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', service: 'gateway' });
    expect((await fetch(`${base}/health/upstreams`)).status).toBe(503);
  });

  it('on SIGTERM: the request in flight ends 200, readiness says 503, new connections are refused, exit 0', async () => {
    // a kept-alive client that has begun a readiness request (an idle connection is closed at once)
    const probe = await connected(port);
    const probeAnswer = untilClosed(probe);
    probe.write('GET /health/ready HTTP/1.1\r\nHost: gateway\r\n');

    const inFlight = fetch(`${base}/api/content/slow-answer`);
    await received;
    const exited = new Promise<number | null>((resolve) => gateway.once('exit', (code) => resolve(code)));
    const signalled = Date.now();
    gateway.kill('SIGTERM');

    // the listening socket closes as soon as the signal is handled
    let refused: unknown;
    for (let tries = 0; tries < 50 && !refused; tries++) {
      refused = await connected(port).then(
        (socket) => {
          socket.destroy();
          return undefined;
        },
        (error: unknown) => error,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(refused).toMatchObject({ code: 'ECONNREFUSED' });
    expect(Date.now() - signalled).toBeLessThan(UPSTREAM_DELAY_MS);

    probe.write('\r\n');
    const probed = await probeAnswer;
    expect(probed).toMatch(/^HTTP\/1\.1 503 /);
    expect(probed).toContain('"reason":"shutting down"');

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ slow: 'done' });

    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(3000);
  });
});
