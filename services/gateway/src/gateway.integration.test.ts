import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { API_ROUTES, pathParameterNames } from '@storefront/contracts';
import { createTestApp, parseTraceparent, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { readGatewayConfig } from './config.js';
import { gatewayAppOptions } from './gateway-app.js';
import { GatewayModule } from './gateway.module.js';

interface SeenRequest {
  method: string;
  url: string;
  body: string;
  requestId: string | undefined;
}

/** A real HTTP service standing in for the content service: echoes what it received. */
function startUpstream(): Promise<{
  server: http.Server;
  url: string;
  seen: SeenRequest[];
  forwardedFor: (string | undefined)[];
  headers: http.IncomingHttpHeaders[];
  closed: string[];
  connections: () => number;
}> {
  const seen: SeenRequest[] = [];
  const forwardedFor: (string | undefined)[] = [];
  const headers: http.IncomingHttpHeaders[] = [];
  const closed: string[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const requestId = req.headers['x-request-id'] as string | undefined;
      seen.push({ method: req.method ?? '', url: req.url ?? '', body, requestId });
      forwardedFor.push(req.headers['x-forwarded-for'] as string | undefined);
      headers.push(req.headers);
      // a service that never answers (the gateway's timeout must); it notes when the gateway gives up on it
      if (req.url?.startsWith('/api/content/slow')) {
        res.once('close', () => closed.push(req.url ?? ''));
        return;
      }
      if (req.url?.startsWith('/api/content/created')) {
        // an answer with repeated headers and hop-by-hop ones of the service's own connection
        res.writeHead(201, 'Made', {
          'content-type': 'application/json',
          'set-cookie': ['a=1; Path=/', 'b=2; Path=/'],
          'keep-alive': 'timeout=77',
          'x-upstream-only': 'drop me',
          connection: 'keep-alive, x-upstream-only',
        });
        res.end(JSON.stringify({ created: true }));
        return;
      }
      if (req.url?.startsWith('/api/content/edge-cached')) {
        // what the content service sends for content that changes only with a deploy
        res.writeHead(200, {
          'content-type': 'application/json',
          etag: '"v1"',
          'cache-control': 'no-cache',
          'surrogate-control': 'max-age=60',
        });
        res.end(JSON.stringify({ upstream: 'content', url: req.url }));
        return;
      }
      res.writeHead(req.url?.startsWith('/api/content/missing') ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ upstream: 'content', url: req.url }));
    });
  });
  server.on('connection', () => (connections += 1));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        server,
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        seen,
        forwardedFor,
        headers,
        closed,
        connections: () => connections,
      }),
    ),
  );
}

/** A port nothing listens on. */
async function closedPortUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

let upstream: Awaited<ReturnType<typeof startUpstream>>;
let webRoot: string;
let gateway: TestApp;

async function put(relativePath: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(webRoot, relativePath)), { recursive: true });
  await writeFile(path.join(webRoot, relativePath), text);
}

beforeAll(async () => {
  upstream = await startUpstream();
  webRoot = await mkdtemp(path.join(os.tmpdir(), 'gateway-web-'));
  await put('shell/dist/index.html', '<!doctype html><title>shell</title>');
  await put('shell/dist/main.0123abcd.js', 'console.log("shell");'.repeat(200));
  await put('mf-catalog/dist/remoteEntry.js', 'var mf_catalog;');
  await put('mf-catalog/dist/mf-manifest.json', '{}');
  await put('mf-catalog/dist/__federation_expose_StylePage.9f8e7d6c5b.js', 'export default 1;');
  await put('content/generated/images/door.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');

  const config = readGatewayConfig({
    CONTENT_SERVICE_URL: upstream.url,
    FORMS_SERVICE_URL: await closedPortUrl(),
    WEB_ROOT: webRoot,
    GATEWAY_PROXY_TIMEOUT_MS: '2000',
    REMOTE_MF_CHECKOUT_URL: 'https://cdn.example.com/mf-checkout/mf-manifest.json',
  });
  gateway = await createTestApp(GatewayModule.register(config), { ...gatewayAppOptions(config), name: 'gateway', logLevels: [], listen: true });
});

afterAll(async () => {
  await gateway?.close();
  upstream?.server.closeAllConnections();
  await new Promise((resolve) => upstream?.server.close(resolve));
  await rm(webRoot, { recursive: true, force: true });
});

describe('gateway API proxy', () => {
  it('forwards path, query, body and request id unchanged, and returns the upstream answer', async () => {
    const res = await request(gateway.server)
      .post('/api/content/things?x=1')
      .set('x-request-id', 'req-12345678')
      .send({ hello: 'world' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ upstream: 'content', url: '/api/content/things?x=1' });
    expect(res.headers['x-request-id']).toBe('req-12345678');
    expect(upstream.seen.at(-1)).toEqual({
      method: 'POST',
      url: '/api/content/things?x=1',
      body: '{"hello":"world"}',
      requestId: 'req-12345678',
    });
  });

  it('gives proxied requests a request id when the caller sent none, the same one upstream', async () => {
    const res = await request(gateway.server).get('/api/reviews/summary');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(upstream.seen.at(-1)?.requestId).toBe(res.headers['x-request-id']);
  });

  it("replaces a client's own X-Forwarded-For with the address the gateway saw", async () => {
    await request(gateway.server).get('/api/content/site').set('x-forwarded-for', '203.0.113.9');
    expect(upstream.forwardedFor.at(-1)).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it("sends the service its own Host and the X-Forwarded-* headers, without the client connection's headers", async () => {
    await request(gateway.server)
      .post('/api/content/things')
      .set('x-forwarded-host', 'shop.example.com')
      .set('x-client-only', 'hop')
      .set('connection', 'keep-alive, x-client-only')
      .set('keep-alive', 'timeout=30')
      .send({ a: 1 });
    const seen = upstream.headers.at(-1)!;
    expect(seen.host).toBe(new URL(upstream.url).host);
    expect(seen).toMatchObject({
      'x-forwarded-proto': 'http',
      'x-forwarded-port': new URL(gateway.url!).port,
      'x-forwarded-host': 'shop.example.com',
      'content-type': 'application/json',
      'content-length': '7',
    });
    expect(seen['x-forwarded-for']).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    expect(seen['x-client-only']).toBeUndefined();
    expect(seen['keep-alive']).toBeUndefined();
  });

  it('streams a chunked request body through as it came', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      const req = http.request(`${gateway.url}/api/content/chunked`, { method: 'POST', headers: { 'content-type': 'text/plain' } }, (res) => {
        res.resume().on('end', () => resolve(upstream.seen.at(-1)!.body));
      });
      req.on('error', reject);
      req.write('first,');
      setTimeout(() => req.end('second'), 50);
    });
    expect(body).toBe('first,second');
    expect(upstream.headers.at(-1)!['transfer-encoding']).toBe('chunked');
  });

  it("passes the service's status, reason and repeated headers through, not its connection's headers", async () => {
    const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`${gateway.url}/api/content/created`, (answer) => answer.resume().on('end', () => resolve(answer))).on('error', reject);
    });
    expect(res.statusCode).toBe(201);
    expect(res.statusMessage).toBe('Made');
    expect(res.headers['set-cookie']).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers['x-upstream-only']).toBeUndefined();
    expect(res.headers['keep-alive']).not.toBe('timeout=77');
  });

  it('gives up on the service when the client goes away before the answer', async () => {
    const client = http.get(`${gateway.url}/api/content/slow-abandoned`);
    client.on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 200));
    client.destroy();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(upstream.closed).toContain('/api/content/slow-abandoned');
  });

  it('passes upstream error statuses through', async () => {
    expect((await request(gateway.server).get('/api/content/missing')).status).toBe(404);
  });

  it('answers 503 JSON with Retry-After when the owning service is down (the request reached no service)', async () => {
    const res = await request(gateway.server).post('/api/forms/contact').send({ name: 'contact' });
    expect(res.status).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(res.body).toEqual({
      success: false,
      statusCode: 503,
      message: 'Service unavailable',
      requestId: res.headers['x-request-id'],
    });
  });

  it('reuses its connection to a service and keeps a kept-alive client connection open', async () => {
    const client = new http.Agent({ keepAlive: true });
    const get = (path: string) =>
      new Promise<http.IncomingMessage>((resolve, reject) => {
        http.get(`${gateway.url}${path}`, { agent: client }, (res) => res.resume().on('end', () => resolve(res))).on('error', reject);
      });
    let clientConnections = 0;
    const countClient = () => (clientConnections += 1);
    gateway.server.on('connection', countClient);
    const upstreamBefore = upstream.connections();
    try {
      for (let i = 0; i < 3; i += 1) {
        const res = await get('/api/content/site');
        expect(res.statusCode).toBe(200);
        expect(res.headers.connection).toBe('keep-alive');
      }
      expect(clientConnections).toBe(1);
      expect(upstream.connections() - upstreamBefore).toBeLessThanOrEqual(1);
    } finally {
      gateway.server.off('connection', countClient);
      client.destroy();
    }
  });

  it('answers 502 JSON when the service does not answer within GATEWAY_PROXY_TIMEOUT_MS', async () => {
    const started = Date.now();
    const res = await request(gateway.server).get('/api/content/slow');
    expect(res.status).toBe(502);
    expect(res.body).toMatchObject({ success: false, statusCode: 502, message: 'Service unavailable' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1900);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await request(gateway.server).get('/api/nothing-here/x').set('accept', 'text/html');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, statusCode: 404 });
  });
});

describe('gateway edge cache', () => {
  it('answers a GET the service marked with Surrogate-Control from memory, without passing the mark on', async () => {
    const before = upstream.seen.length;
    const first = await request(gateway.server).get('/api/content/edge-cached/site');
    const second = await request(gateway.server).get('/api/content/edge-cached/site');
    expect(upstream.seen.length - before).toBe(1);
    for (const res of [first, second]) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ upstream: 'content', url: '/api/content/edge-cached/site' });
      expect(res.headers['surrogate-control']).toBeUndefined();
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers.etag).toBe('"v1"');
    }
    expect(second.headers.age).toBe('0');
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);

    const revalidated = await request(gateway.server).get('/api/content/edge-cached/site').set('If-None-Match', '"v1"');
    expect(revalidated.status).toBe(304);
    expect(upstream.seen.length - before).toBe(1);
  });

  it('passes unmarked answers and writes through every time', async () => {
    const before = upstream.seen.length;
    await request(gateway.server).get('/api/content/site');
    await request(gateway.server).get('/api/content/site');
    await request(gateway.server).post('/api/content/edge-cached/site').send({});
    await request(gateway.server).post('/api/content/edge-cached/site').send({});
    expect(upstream.seen.length - before).toBe(4);
  });
});

describe('gateway crawler files', () => {
  it.each([
    ['/robots.txt', '/api/content/robots.txt'],
    ['/sitemap.xml', '/api/content/sitemap.xml'],
  ])('forwards GET %s to the content service at %s', async (path, upstreamPath) => {
    const res = await request(gateway.server).get(path).set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ upstream: 'content', url: upstreamPath });
    expect(upstream.seen.at(-1)).toMatchObject({ method: 'GET', url: upstreamPath, requestId: res.headers['x-request-id'] });
  });

  it('forwards HEAD too, and the query string', async () => {
    expect((await request(gateway.server).head('/robots.txt')).status).toBe(200);
    expect(upstream.seen.at(-1)).toMatchObject({ method: 'HEAD', url: '/api/content/robots.txt' });
    await request(gateway.server).get('/sitemap.xml?page=2');
    expect(upstream.seen.at(-1)?.url).toBe('/api/content/sitemap.xml?page=2');
  });

  it('does not forward other methods', async () => {
    const before = upstream.seen.length;
    const res = await request(gateway.server).post('/robots.txt').send('x');
    expect(res.status).toBe(404);
    expect(upstream.seen.length).toBe(before);
  });
});

describe('gateway configuration and health', () => {
  it('serves remotes.json from the environment with defaults, never cached', async () => {
    const res = await request(gateway.server).get('/config/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.remotes).toEqual({
      mf_content: '/remotes/mf-content/mf-manifest.json',
      mf_catalog: '/remotes/mf-catalog/mf-manifest.json',
      mf_forms: '/remotes/mf-forms/mf-manifest.json',
      mf_estimator: '/remotes/mf-estimator/mf-manifest.json',
      mf_checkout: 'https://cdn.example.com/mf-checkout/mf-manifest.json',
      mf_backoffice: '/remotes/mf-backoffice/mf-manifest.json',
    });
  });

  it('allows scripts from a remote on another origin in the CSP', async () => {
    const csp = (await request(gateway.server).get('/')).headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' https:\/\/cdn\.example\.com 'nonce-[A-Za-z0-9+/=]{24}'/);
    // styles only from files: no inline styles, no style attributes
    expect(csp).toContain("style-src 'self' https://cdn.example.com;");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).toContain("img-src 'self' data: https://i.ytimg.com;");
    // our own frames (the payment sandbox's card fields) and, for video cards, only YouTube's privacy-enhanced player
    expect(csp).toMatch(/(^|;)frame-src 'self' https:\/\/www\.youtube-nocookie\.com(;|$)/);
  });

  it('reports its own health and each upstream', async () => {
    expect((await request(gateway.server).get('/health')).body).toMatchObject({ status: 'ok', service: 'gateway' });
    const upstreams = await request(gateway.server).get('/health/upstreams');
    expect(upstreams.status).toBe(503);
    expect(upstreams.body.upstreams.forms.state).toBe('down');
    expect(upstreams.body.upstreams.content.state).toBe('up');
  });

  it('answers /health/upstreams only to the scrape token once METRICS_TOKEN is set, asking no service for anyone else', async () => {
    process.env.METRICS_TOKEN = 'gateway-scrape-token-0123456789abcdefghij';
    try {
      const asked = upstream.seen.length;
      const refused = await request(gateway.server).get('/health/upstreams');
      expect(refused.status).toBe(401);
      expect(refused.body).toMatchObject({ statusCode: 401, message: 'A valid Authorization: Bearer <METRICS_TOKEN> header is required.' });
      expect((await request(gateway.server).get('/health/upstreams').set('Authorization', 'Bearer guess')).status).toBe(401);
      expect(upstream.seen.length).toBe(asked);
      const allowed = await request(gateway.server).get('/health/upstreams').set('Authorization', `Bearer ${process.env.METRICS_TOKEN}`);
      expect(allowed.status).toBe(503);
      expect(allowed.body.upstreams.content.state).toBe('up');
      expect(upstream.seen.length).toBeGreaterThan(asked);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
  });
});

describe('gateway API reference', () => {
  interface Operation {
    operationId: string;
    parameters?: { name: string; in: string; required: boolean }[];
    responses: Record<string, unknown>;
    'x-access': string;
  }

  it('serves the OpenAPI 3.1 document of every route of every service, itself (not forwarded)', async () => {
    const before = upstream.seen.length;
    const res = await request(gateway.server).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(upstream.seen.length).toBe(before);

    const document = res.body as { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.stringMatching(/^\d+\.\d+\.\d+/) });
    const services = new Set(API_ROUTES.map((route) => route.service));
    expect(services.has('content') && services.has('gateway')).toBe(true);
    const listed = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    // an endpoint several services serve alike (the job dead letters) is one operation
    expect(listed.sort()).toEqual([...new Set(API_ROUTES.map((route) => `${route.method} ${route.path.replace(/:(\w+)/g, '{$1}')}`))].sort());
    for (const route of API_ROUTES) {
      const operation = document.paths[route.path.replace(/:(\w+)/g, '{$1}')]![route.method.toLowerCase()]!;
      expect(operation['x-access']).toBe(route.access);
      expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
      // every path parameter declared, as a required path parameter
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
      expect(declared.map((parameter) => parameter.name)).toEqual(pathParameterNames(route.path));
      expect(declared.every((parameter) => parameter.required)).toBe(true);
    }
  });

  it('revalidates the document by its ETag', async () => {
    const first = await request(gateway.server).get('/api/openapi.json');
    expect(first.headers.etag).toMatch(/^"/);
    const again = await request(gateway.server).get('/api/openapi.json').set('If-None-Match', first.headers.etag as string);
    expect(again.status).toBe(304);
  });

  it('serves the browsable reference: a page that loads Swagger UI from files, under its own CSP', async () => {
    const page = await request(gateway.server).get('/api/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = page.headers['content-security-policy'] as string;
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("style-src 'self' 'unsafe-inline';");
    expect(csp).toContain("connect-src 'self';");
    // no inline script: every <script> loads a file
    const scripts = [...page.text.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((attributes) => /\ssrc="/.test(attributes ?? ''))).toBe(true);

    const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]!);
    expect(assets).toEqual(expect.arrayContaining(['/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui-init.js', '/api/docs/swagger-ui.css']));
    for (const asset of assets) {
      const res = await request(gateway.server).get(asset);
      expect([asset, res.status]).toEqual([asset, 200]);
      if (asset.endsWith('.js')) expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      if (asset.endsWith('.css')) expect(res.headers['content-type']).toMatch(/^text\/css/);
    }
    const init = await request(gateway.server).get('/api/docs/swagger-ui-init.js');
    expect(init.text).toContain("url: \"/api/openapi.json\"");
  });

  it('serves only the files the page uses from the package, a plain 404 otherwise', async () => {
    for (const path of ['/api/docs/index.html', '/api/docs/swagger-initializer.js', '/api/docs/package.json', '/api/docs/..%2Fpackage.json']) {
      const res = await request(gateway.server).get(path);
      expect([path, res.status]).toEqual([path, 404]);
      expect(res.headers['content-type']).toMatch(/^text\/plain/);
    }
  });
});

describe('gateway static files', () => {
  it('serves hashed files as immutable and entry files as no-cache', async () => {
    const hashed = await request(gateway.server).get('/main.0123abcd.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const entry = await request(gateway.server).get('/remotes/mf-catalog/remoteEntry.js');
    expect(entry.status).toBe(200);
    expect(entry.headers['cache-control']).toBe('no-cache');
    const manifest = await request(gateway.server).get('/remotes/mf-catalog/mf-manifest.json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const chunk = await request(gateway.server).get('/remotes/mf-catalog/__federation_expose_StylePage.9f8e7d6c5b.js');
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('compresses text responses', async () => {
    const res = await request(gateway.server).get('/main.0123abcd.js').set('accept-encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
  });

  it('without a server build in place, answers page addresses with the shell index.html for the browser to render (no-cache)', async () => {
    const res = await request(gateway.server).get('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw').set('accept', 'text/html');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<title>shell</title>');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['x-request-id']).toBeDefined();
  });

  it('sends a form posted natively to a page back to the page (303), never reading what it carried', async () => {
    const res = await request(gateway.server)
      .post('/checkout?from=cart')
      .set('accept', 'text/html')
      .type('form')
      .send({ bill_first_name: 'Ann', cardNumber: '4242424242424242' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/checkout?from=cart');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.text).not.toContain('4242');
  });

  it("never sends a page posted to a path starting with slashes or backslashes to another site", async () => {
    for (const [posted, location] of [
      ['//evil.example/', '/evil.example/'],
      ['///evil.example/a?b=1', '/evil.example/a?b=1'],
      ['/\\evil.example/', '/evil.example/'],
      ['/%2F%2Fevil.example/', '/%2F%2Fevil.example/'],
    ]) {
      const res = await new Promise<http.IncomingMessage>((resolve, reject) => {
        const { hostname, port } = new URL(gateway.url!);
        const req = http.request({ hostname, port, path: posted, method: 'POST', headers: { accept: 'text/html', 'content-length': '0' } }, resolve);
        req.on('error', reject);
        req.end();
      });
      res.resume();
      expect({ posted, status: res.statusCode, location: res.headers.location }).toEqual({ posted, status: 303, location });
    }
  });

  it('never serves source maps or the shell\'s server build, whatever the spelling', async () => {
    // never rendered with: the next tests' pages render in the browser as before
    await put('shell/dist/server/server.js', 'module.exports = { renderPage: async () => { throw new Error("server source"); } };');
    await put('shell/dist/main.0123abcd.js.map', '{"sources":["secret.ts"]}');
    await put('mf-catalog/dist/remoteEntry.js.map', '{"sources":["secret.ts"]}');
    await put('mf-catalog/dist/server/remoteEntry.js', 'module.exports = {};');
    for (const hidden of ['/server/server.js', '/server%2Fserver.js', '//server/server.js', '/./server/server.js', '/main.0123abcd.js.map', '/MAIN.0123abcd.js.MAP', '/remotes/mf-catalog/remoteEntry.js.map']) {
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(gateway.url!);
        const req = http.get({ hostname, port, path: hidden }, (answer) => {
          let body = '';
          answer.on('data', (chunk) => (body += chunk));
          answer.on('end', () => resolve({ status: answer.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });
      expect({ hidden, status: res.status, leaked: res.body.includes('secret.ts') || res.body.includes('server source') }).toEqual({ hidden, status: 404, leaked: false });
    }
    // a remote's server build stays: the page renderer loads it from here
    expect((await request(gateway.server).get('/remotes/mf-catalog/server/remoteEntry.js')).status).toBe(200);
    await rm(path.join(webRoot, 'shell/dist/server'), { recursive: true, force: true });
  });

  it('answers a missing remote or image file with a plain 404, not the shell', async () => {
    for (const missing of ['/remotes/mf-catalog/nope.js', '/remotes/mf-unknown/remoteEntry.js', '/images/nope.svg']) {
      const res = await request(gateway.server).get(missing).set('accept', 'text/html');
      expect(res.status).toBe(404);
      expect(res.text).toBe('Not found');
    }
  });

  it('serves generated images', async () => {
    const res = await request(gateway.server).get('/images/door.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
  });
});

describe('gateway trace context and metrics', () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';

  it("forwards the caller's trace-id with the gateway's own span as parent, and starts a trace when there is none", async () => {
    await request(gateway.server).get('/api/content/site').set('traceparent', `00-${traceId}-00f067aa0ba902b7-01`).expect(200);
    const continued = parseTraceparent(upstream.headers.at(-1)?.traceparent);
    expect(continued).toMatchObject({ traceId, traceFlags: '01' });
    expect(continued?.parentId).not.toBe('00f067aa0ba902b7');

    await request(gateway.server).get('/api/content/site').expect(200);
    const started = parseTraceparent(upstream.headers.at(-1)?.traceparent);
    expect(started?.traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(started?.traceId).not.toBe(traceId);
  });

  async function scrape(): Promise<string> {
    const res = await request(gateway.server).get('/metrics');
    expect(res.status).toBe(200);
    return res.text;
  }

  it("serves its own /metrics: proxied requests by the route table's template, pages and files by kind", async () => {
    await request(gateway.server).get('/api/content/product-styles/shaker-white').expect(200);
    await request(gateway.server).get('/api/content/product-styles/shaker-grey').expect(200);
    await request(gateway.server).get('/api/content/nothing/here/at/all').expect(200);
    await request(gateway.server).get('/main.0123abcd.js').expect(200);
    await request(gateway.server).get('/about-us').set('Accept', 'text/html').expect(200);
    await request(gateway.server).get('/api/openapi.json').expect(200);
    const text = await scrape();
    expect(text).toContain('storefront_http_requests_total{method="GET",route="/api/content/product-styles/:styleName",status="200",service="gateway"} 2');
    expect(text).toMatch(/storefront_http_requests_total\{method="GET",route="unmatched",status="200",service="gateway"\} [1-9]/);
    expect(text).toMatch(/storefront_http_requests_total\{method="GET",route="static",status="200",service="gateway"\} [1-9]/);
    expect(text).toMatch(/storefront_http_requests_total\{method="GET",route="page",status="200",service="gateway"\} [1-9]/);
    expect(text).toContain('storefront_http_requests_total{method="GET",route="/api/openapi.json"');
    expect(text).not.toContain('shaker-white');
    expect(text).toContain('process_resident_memory_bytes');
  });

  it("keeps /metrics for the scraper: METRICS_TOKEN once it is set, and never a service's through the proxy", async () => {
    process.env.METRICS_TOKEN = 'gateway-metrics-token-0123456789abcdefghij';
    try {
      expect((await request(gateway.server).get('/metrics')).status).toBe(401);
      expect((await request(gateway.server).get('/metrics').set('X-Internal-Token', process.env.METRICS_TOKEN)).status).toBe(401);
      expect((await request(gateway.server).get('/metrics').set('Authorization', `Bearer ${process.env.METRICS_TOKEN}`)).status).toBe(200);
    } finally {
      delete process.env.METRICS_TOKEN;
    }
    // a path that climbs out of /api is forwarded as it is, to the service's API (never its /metrics)
    const climbed = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const { hostname, port } = new URL(gateway.url!);
      const req = http.get({ hostname, port, path: '/api/content/../../metrics' }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
    });
    expect(upstream.seen.at(-1)?.url).toBe('/api/content/../../metrics');
    expect(climbed.body).not.toContain('storefront_http_requests_total');
  });
});
