import { connect, type Socket } from 'node:net';
import { Controller, Get, Module, Query } from '@nestjs/common';
import { HealthModule } from './health.js';
import { HttpDrain, ServiceLifecycle, shutDownService } from './lifecycle.js';
import { createServiceLogger } from './logger.js';
import { createTestApp, type TestApp } from './testing.js';

@Controller('work')
class WorkController {
  /** answers after `ms` milliseconds */
  @Get()
  async work(@Query('ms') ms = '0') {
    // unref: the request the grace cuts leaves its timer behind
    await new Promise((resolve) => setTimeout(resolve, Number(ms)).unref());
    return { done: true };
  }
}

@Module({ imports: [HealthModule.register({ service: 'worker' })], controllers: [WorkController] })
class WorkerModule {}

const logger = createServiceLogger('worker', []);

interface Started {
  testApp: TestApp;
  port: number;
  drain: HttpDrain;
  lifecycle: ServiceLifecycle;
}

async function start(): Promise<Started> {
  const testApp = await createTestApp(WorkerModule, { listen: true, logLevels: [] });
  const drain = new HttpDrain(testApp.server);
  return { testApp, port: Number(new URL(testApp.url!).port), drain, lifecycle: testApp.app.get(ServiceLifecycle) };
}

/** A raw HTTP/1.1 exchange: resolves with what the server sent until it closed the connection. */
function rawRequest(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => resolve(received));
    socket.on('error', () => undefined);
  });
}

function connected(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('liveness and readiness', () => {
  it('answers /health/live and /health/ready 200 while running (no database: ready), /health/ready 503 once shutdown begins', async () => {
    const { testApp, lifecycle } = await start();
    try {
      const live = await fetch(`${testApp.url}/health/live`);
      expect(live.status).toBe(200);
      expect(live.headers.get('cache-control')).toBe('no-store');
      expect(await live.json()).toEqual({ status: 'ok', service: 'worker', uptimeSeconds: expect.any(Number) });
      const ready = await fetch(`${testApp.url}/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', service: 'worker' });

      lifecycle.beginShutdown();
      const draining = await fetch(`${testApp.url}/health/ready`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toEqual({ status: 'unready', service: 'worker', reason: 'shutting down' });
      // liveness asks nothing: the process still turns
      expect((await fetch(`${testApp.url}/health/live`)).status).toBe(200);
      // and /health is as it was
      expect((await fetch(`${testApp.url}/health`)).status).toBe(200);
    } finally {
      await testApp.close();
    }
  });
});

describe('shutDownService', () => {
  it('lets a request in flight finish with 200, refuses new connections, says 503 on readiness meanwhile, then closes the app', async () => {
    const { testApp, port, drain, lifecycle } = await start();
    // a kept-alive connection that has begun a readiness request before the signal (an idle one is closed at once)
    const probe = await connected(port);
    const probeAnswer = rawRequest(probe);
    probe.write('GET /health/ready HTTP/1.1\r\nHost: worker\r\n');

    const inFlight = fetch(`${testApp.url}/work?ms=600`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    const shutdown = shutDownService(testApp.app, { lifecycle, drain, graceMs: 5000, logger, service: 'worker' });

    // new connections are refused at once
    await expect(connected(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    // the probe's request, finished during the drain: 503, and its connection closed after it
    probe.write('\r\n');
    const probed = await probeAnswer;
    expect(probed).toMatch(/^HTTP\/1\.1 503 /);
    expect(probed).toMatch(/connection: close/i);
    expect(probed).toContain('"reason":"shutting down"');

    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('connection')).toBe('close');
    expect(await answer.json()).toEqual({ done: true });
    await shutdown;
    // the drain waited for the request, not for the kept-alive connection's idle timeout (5 s)
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('cuts a request still running after the grace', async () => {
    const { testApp, port, drain, lifecycle } = await start();
    const socket = await connected(port);
    const answer = rawRequest(socket);
    socket.write('GET /work?ms=10000 HTTP/1.1\r\nHost: worker\r\n\r\n');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await shutDownService(testApp.app, { lifecycle, drain, graceMs: 300, logger, service: 'worker' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    expect(Date.now() - started).toBeLessThan(1500);
    // closed without an answer
    expect(await answer).toBe('');
  });
});
