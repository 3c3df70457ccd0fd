import http from 'node:http';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import { BUFFERED_BODY_MAX_BYTES } from './api-proxy.js';
import { readGatewayConfig } from './config.js';
import { gatewayAppOptions } from './gateway-app.js';
import { GatewayModule } from './gateway.module.js';

/**
 * A service that answers as soon as a request's headers arrive, before its body (as a service's 413,
 * 415 or refused session does): a stand-in for every service. The client keeps its connection alive,
 * as browsers and the reliability fuzz do.
 */
let service: http.Server;
let gateway: TestApp;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

beforeAll(async () => {
  service = http.createServer((req, res) => {
    if (req.url === '/health') return res.end('{"status":"ok"}');
    res.writeHead(415, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ statusCode: 415, message: 'Unsupported Media Type' }));
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
  const config = readGatewayConfig({ FORMS_SERVICE_URL: url, CONTENT_SERVICE_URL: url, ORDERS_SERVICE_URL: url, PAYMENTS_SERVICE_URL: url });
  gateway = await createTestApp(GatewayModule.register(config), { ...gatewayAppOptions(config), name: 'gateway', logLevels: [], listen: true });
});

afterAll(async () => {
  agent.destroy();
  await gateway?.close();
  service.closeAllConnections();
  await new Promise((resolve) => service.close(resolve));
});

/**
 * A POST of `bytes` through the gateway on the kept-alive agent. `rest` holds back all but the first
 * 100 kB until the answer has come (a slow upload, or a busy machine): the gateway has then streamed
 * only part of the body to the service when it answers.
 */
function post(bytes: number, { rest = false } = {}): Promise<{ status: number; connection?: string; reusedSocket: boolean }> {
  const first = rest ? 100_000 : bytes;
  return new Promise((resolve, reject) => {
    const url = new URL('/api/forms/contact', gateway.url);
    const req = http.request(url, { method: 'POST', agent, headers: { 'content-type': 'text/plain', 'content-length': String(bytes) } }, (res) => {
      res.resume();
      if (rest) req.end(Buffer.alloc(bytes - first, 'x'));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reusedSocket: req.reusedSocket }));
    });
    // the client may still be sending the rest when the gateway closes: the answer is what counts
    req.on('error', (error) => (rest ? undefined : reject(error)));
    if (rest) req.write(Buffer.alloc(first, 'x'));
    else req.end(Buffer.alloc(bytes, 'x'));
  });
}

it('a body the service answered before it was all sent: the answer closes the connection, and the next request is answered on a new one', async () => {
  for (let round = 0; round < 3; round += 1) {
    const refused = await post(4 * BUFFERED_BODY_MAX_BYTES + 100_000, { rest: true });
    expect(refused).toMatchObject({ status: 415, connection: 'close' });
    // before, this request went out on the same connection and read ECONNRESET
    const next = await post(100);
    expect(next).toMatchObject({ status: 415, reusedSocket: false });
  }
});

it('a body read whole keeps the connection for the next request', async () => {
  await post(100);
  expect(await post(100)).toMatchObject({ status: 415, connection: 'keep-alive', reusedSocket: true });
  expect(await post(4 * BUFFERED_BODY_MAX_BYTES)).toMatchObject({ status: 415, reusedSocket: true });
});
