import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { UpstreamStatusError, failingAnswerThrown, isFailingStatus, isUpstreamFailure } from './upstream-failures.js';

const withCode = (code: string) => Object.assign(new Error(code), { code });

describe('isUpstreamFailure', () => {
  it('counts an upstream that cannot be reached or does not answer in time', () => {
    expect(isUpstreamFailure(withCode('ECONNREFUSED'))).toBe(true);
    expect(isUpstreamFailure(withCode('ECONNRESET'))).toBe(true);
    expect(isUpstreamFailure(withCode('ENOTFOUND'))).toBe(true);
    // undici's fetch: a TypeError whose cause says why
    expect(isUpstreamFailure(new TypeError('fetch failed', { cause: withCode('UND_ERR_CONNECT_TIMEOUT') }))).toBe(true);
    // AbortSignal.timeout's reason
    expect(isUpstreamFailure(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(true);
  });

  it('counts an answer that says the upstream is failing: 5xx, 429', () => {
    expect(isUpstreamFailure(new UpstreamStatusError('orders', 503))).toBe(true);
    expect(isUpstreamFailure(Object.assign(new Error('rate limited'), { statusCode: 429 }))).toBe(true);
    expect(isUpstreamFailure(new Error('wrapped', { cause: Object.assign(new Error('boom'), { statusCode: 500 }) }))).toBe(true);
  });

  it("does not count the caller's own refusals, a cancelled call, or a bug", () => {
    expect(isUpstreamFailure(Object.assign(new Error('not found'), { status: 404 }))).toBe(false);
    expect(isUpstreamFailure(Object.assign(new Error('bad request'), { statusCode: 400 }))).toBe(false);
    expect(isUpstreamFailure(Object.assign(new Error('wrong token'), { status: 401 }))).toBe(false);
    expect(isUpstreamFailure(new DOMException('This operation was aborted', 'AbortError'))).toBe(false);
    expect(isUpstreamFailure(new TypeError("Cannot read properties of undefined (reading 'x')"))).toBe(false);
    expect(isUpstreamFailure(undefined)).toBe(false);
  });

  it('reads statuses: 5xx and 429 fail, the rest do not', () => {
    expect([500, 502, 503, 504, 429].every(isFailingStatus)).toBe(true);
    expect([200, 201, 400, 401, 404, 409, 422, 600].some(isFailingStatus)).toBe(false);
  });
});

describe('failingAnswerThrown', () => {
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      res.writeHead(Number(req.url?.slice(1)), { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('hands back an answer the caller reads (2xx, 4xx) and throws one that means the upstream is failing', async () => {
    expect((await failingAnswerThrown('orders', await fetch(`${url}/404`))).status).toBe(404);
    expect((await failingAnswerThrown('orders', await fetch(`${url}/200`))).status).toBe(200);
    await expect(failingAnswerThrown('orders', await fetch(`${url}/502`))).rejects.toMatchObject({ name: 'UpstreamStatusError', upstream: 'orders', status: 502 });
  });
});
