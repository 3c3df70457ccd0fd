import { connect, type Socket } from 'node:net';
import { Module } from '@nestjs/common';
import { HealthModule } from './health.js';
import { connectionsCheckingIntervalMs, readHttpServerBounds, type HttpServerBounds } from './http-server-bounds.js';
import { productionSafety } from './production-safety.js';
import { PRODUCTION_BASELINE_ENV, createTestApp, type TestApp } from './testing.js';

@Module({ imports: [HealthModule.register({ service: 'bounded' })] })
class BoundedModule {}

const TIGHT: HttpServerBounds = { headersTimeoutMs: 300, requestTimeoutMs: 600, keepAliveTimeoutMs: 5000, maxConnections: 2 };

function connected(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** What the server sends until it closes the connection, and when it closed it. */
function untilClosed(socket: Socket): Promise<{ received: string; at: number }> {
  return new Promise((resolve) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ received, at: Date.now() }));
  });
}

describe('readHttpServerBounds', () => {
  it('has bounded defaults', () => {
    expect(readHttpServerBounds({})).toEqual({ headersTimeoutMs: 20_000, requestTimeoutMs: 120_000, keepAliveTimeoutMs: 5_000, maxConnections: 1_000 });
  });

  it('refuses a keep-alive the gateway would race with, and headers allowed longer than the whole request', () => {
    expect(() => readHttpServerBounds({ HTTP_KEEP_ALIVE_TIMEOUT_MS: '4000' })).toThrow('HTTP_KEEP_ALIVE_TIMEOUT_MS must be a whole number between 5000 and 600000 (got "4000")');
    expect(() => readHttpServerBounds({ HTTP_HEADERS_TIMEOUT_MS: '30000', HTTP_REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS (30000) must not be above HTTP_REQUEST_TIMEOUT_MS (10000)',
    );
  });

  it('checks for late requests often enough to hold the shorter bound', () => {
    expect(connectionsCheckingIntervalMs({ headersTimeoutMs: 20_000, requestTimeoutMs: 120_000 })).toBe(1000);
    expect(connectionsCheckingIntervalMs({ headersTimeoutMs: 300, requestTimeoutMs: 600 })).toBe(50);
    expect(connectionsCheckingIntervalMs({ headersTimeoutMs: 0, requestTimeoutMs: 0 })).toBe(30_000);
  });

  it('lets development switch a bound off with 0, which production refuses', async () => {
    expect(readHttpServerBounds({ HTTP_REQUEST_TIMEOUT_MS: '0', HTTP_MAX_CONNECTIONS: '0' })).toMatchObject({ requestTimeoutMs: 0, maxConnections: 0 });
    await expect(
      productionSafety({ database: false }, { ...PRODUCTION_BASELINE_ENV, HTTP_REQUEST_TIMEOUT_MS: '0', HTTP_MAX_CONNECTIONS: '0' }),
    ).rejects.toMatchObject({
      message:
        'unsafe for production (NODE_ENV=production): HTTP_REQUEST_TIMEOUT_MS=0 switches its bound off: production keeps every wait bounded (unset it for the default); ' +
        'HTTP_MAX_CONNECTIONS=0 switches its bound off: production keeps every wait bounded (unset it for the default)',
      problems: [expect.objectContaining({ variable: 'HTTP_REQUEST_TIMEOUT_MS' }), expect.objectContaining({ variable: 'HTTP_MAX_CONNECTIONS' })],
    });
  });
});

describe('a server with bounds', () => {
  let testApp: TestApp;
  let port: number;

  beforeAll(async () => {
    testApp = await createTestApp(BoundedModule, { listen: true, logLevels: [], httpServerBounds: TIGHT });
    port = Number(new URL(testApp.url!).port);
  });

  afterAll(async () => {
    await testApp.close();
  });

  it('answers 408 and closes the connection of a client whose headers are late', async () => {
    const socket = await connected(port);
    const sent = Date.now();
    const closed = untilClosed(socket);
    socket.write('GET /health/live HTTP/1.1\r\nHost: bounded\r\n');
    const { received, at } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    // the bound (300 ms) plus at most one check (50 ms) and the test's own delays
    expect(at - sent).toBeGreaterThanOrEqual(290);
    expect(at - sent).toBeLessThan(1000);
  });

  it('closes connections past the cap as they arrive, and serves the ones it holds', async () => {
    const first = await connected(port);
    const second = await connected(port);
    const third = await connected(port);
    const refused = await untilClosed(third);
    expect(refused.received).toBe('');

    const answer = untilClosed(first);
    first.write('GET /health/live HTTP/1.1\r\nHost: bounded\r\nConnection: close\r\n\r\n');
    expect((await answer).received).toMatch(/^HTTP\/1\.1 200 /);
    second.destroy();
    // both places free again
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await connected(port);
    const served = untilClosed(again);
    again.write('GET /health/live HTTP/1.1\r\nHost: bounded\r\nConnection: close\r\n\r\n');
    expect((await served).received).toMatch(/^HTTP\/1\.1 200 /);
  });
});
