import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { LoggerService } from '@nestjs/common';
import express from 'express';
import request from 'supertest';
import { createApiProxy } from '../api-proxy.js';
import { readGatewayConfig } from '../config.js';
import { type LocalServer, startLocalServer } from '../testing/local-server.js';
import { GatewayUpstreams } from '../upstreams.js';
import { createPageRenderer, samePageLocation, upstreamFetcher } from './page-renderer.js';

/** Every line a logger was given, message and fields, as text. */
function capturingLogger(): LoggerService & { lines: string[] } {
  const lines: string[] = [];
  const keep = (...args: unknown[]) => void lines.push(JSON.stringify(args));
  return { lines, log: keep, error: keep, warn: keep, debug: keep, verbose: keep, fatal: keep };
}

/** A port nothing listens on, outside the range the system hands out for port 0. */
const GONE = 'http://127.0.0.1:4894';
const SECRET = 'SECRET123-bearer-link-token';

const closing: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(closing.splice(0).map((one) => one.close()));
});

describe("server rendering's data calls count the shopper, not the gateway", () => {
  it("forward the shopper's address as X-Forwarded-For", async () => {
    const seen: (string | undefined)[] = [];
    const content: LocalServer = await startLocalServer((req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const upstreams = new GatewayUpstreams(readGatewayConfig({ CONTENT_SERVICE_URL: content.url }));
    closing.push(content, upstreams);
    const fetchApi = upstreamFetcher(upstreams, { 'x-request-id': 'req-1' }, { 'x-forwarded-for': '203.0.113.7' });
    await fetchApi('/api/content/site', { signal: AbortSignal.timeout(2000), headers: { accept: 'application/json' } });
    expect(seen).toEqual(['203.0.113.7']);
  });

  it('render a page with data calls that carry the address the gateway saw (not a client-written one unless a proxy is trusted)', async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'gateway-ssr-'));
    const seen: (string | undefined)[] = [];
    const content = await startLocalServer((req, res) => {
      seen.push(req.headers['x-forwarded-for'] as string | undefined);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    closing.push(content, { close: () => rm(webRoot, { recursive: true, force: true }) });
    await mkdir(path.join(webRoot, 'shell', 'dist', 'server'), { recursive: true });
    await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    // a shell server build whose page asks the content service for its data, as the real one does
    await writeFile(
      path.join(webRoot, 'shell', 'dist', 'server', 'server.js'),
      `module.exports = { renderPage: async (request, res) => {
        await request.fetchApi('/api/content/site', { signal: AbortSignal.timeout(2000), headers: { accept: 'application/json' } });
        res.status(200).type('html').send('<p>rendered</p>');
      } };`,
    );
    for (const behindProxy of ['false', 'true']) {
      const renderer = createPageRenderer(
        readGatewayConfig({ CONTENT_SERVICE_URL: content.url, WEB_ROOT: webRoot, GATEWAY_BEHIND_PROXY: behindProxy }),
        capturingLogger(),
      );
      const app = express().use(renderer);
      await request(app).get('/quote/payment').set('accept', 'text/html').set('x-forwarded-for', '198.51.100.4').expect(200);
    }
    expect(seen).toEqual([expect.stringMatching(/^(::ffff:)?127\.0\.0\.1$/), expect.stringMatching(/^198\.51\.100\.4,(::ffff:)?127\.0\.0\.1$/)]);
  });
});

describe('logs never carry a query string', () => {
  it("the page renderer's failure line names the path only", async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'gateway-render-fails-'));
    closing.push({ close: () => rm(webRoot, { recursive: true, force: true }) });
    await mkdir(path.join(webRoot, 'shell', 'dist', 'server'), { recursive: true });
    await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    await writeFile(path.join(webRoot, 'shell', 'dist', 'server', 'server.js'), 'module.exports = { renderPage: async () => { throw new Error("render broke"); } };');
    const logger = capturingLogger();
    const app = express().use(createPageRenderer(readGatewayConfig({ WEB_ROOT: webRoot }), logger));
    await request(app).get(`/quote/payment?quoteId=q-1&token=${SECRET}`).set('accept', 'text/html').expect(200);
    expect(logger.lines.join('\n')).toContain('Rendering /quote/payment failed: render broke');
    expect(logger.lines.join('\n')).not.toContain(SECRET);
  });

  it("the proxy's warning about a service that cannot be reached names the path only", async () => {
    const logger = capturingLogger();
    const front = createApiProxy(readGatewayConfig({ ORDERS_SERVICE_URL: GONE }), logger);
    const gateway = await startLocalServer((req, res) => {
      const answer = front(req);
      if (answer) answer(res);
      else res.writeHead(404).end();
    });
    closing.push(gateway);
    const res = await fetch(`${gateway.url}/api/quote?quoteId=x&token=${SECRET}`);
    expect(res.status).toBe(503);
    await res.body?.cancel();
    expect(logger.lines.join('\n')).toContain('GET /api/quote');
    expect(logger.lines.join('\n')).not.toContain(SECRET);
  });
});

describe("the staff back office's pages", () => {
  it.each([
    ['/admin', true],
    ['/admin/sign-in', true],
    ['/ADMIN/orders/SF-100013?x=1', true],
    ['/admin/', true],
    ['/administrator', false],
    ['/', false],
    ['/my-account', false],
  ])('%s carries X-Robots-Tag noindex, nofollow: %s', async (page, tagged) => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'gateway-robots-'));
    closing.push({ close: () => rm(webRoot, { recursive: true, force: true }) });
    await mkdir(path.join(webRoot, 'shell', 'dist', 'server'), { recursive: true });
    await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    await writeFile(path.join(webRoot, 'shell', 'dist', 'server', 'server.js'), "module.exports = { renderPage: async (request, res) => { res.status(200).type('html').send('<p>rendered</p>'); } };");
    const app = express().use(createPageRenderer(readGatewayConfig({ WEB_ROOT: webRoot }), capturingLogger()));
    const res = await request(app).get(page).set('accept', 'text/html').expect(200);
    expect(res.headers['x-robots-tag']).toBe(tagged ? 'noindex, nofollow' : undefined);
  });

  it('carries it when the shell has no server build too (the page renders in the browser)', async () => {
    const webRoot = await mkdtemp(path.join(os.tmpdir(), 'gateway-robots-browser-'));
    closing.push({ close: () => rm(webRoot, { recursive: true, force: true }) });
    await mkdir(path.join(webRoot, 'shell', 'dist'), { recursive: true });
    await writeFile(path.join(webRoot, 'shell', 'dist', 'index.html'), '<!doctype html><html><head></head><body></body></html>');
    const app = express().use(createPageRenderer(readGatewayConfig({ WEB_ROOT: webRoot }), capturingLogger()));
    const res = await request(app).get('/admin/orders').set('accept', 'text/html').expect(200);
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
  });
});

describe('a form posted natively to a page', () => {
  it.each([
    ['/checkout?from=cart', '/checkout?from=cart'],
    ['//evil.example/', '/evil.example/'],
    ['/\\\\evil.example/x?y=1', '/evil.example/x?y=1'],
    ['\\\\/evil.example', '/evil.example'],
    ['/', '/'],
  ])('goes back to %s on this site: %s', (posted, location) => {
    expect(samePageLocation(posted)).toBe(location);
  });

  it('is redirected by the renderer to the same-origin path', async () => {
    const logger = capturingLogger();
    const app = express().use(createPageRenderer(readGatewayConfig({ WEB_ROOT: os.tmpdir() }), logger));
    const server = await startLocalServer(app);
    closing.push(server);
    const { hostname, port } = new URL(server.url);
    const location = await new Promise<string | undefined>((resolve, reject) => {
      const req = http.request({ hostname, port, path: '//evil.example/', method: 'POST', headers: { accept: 'text/html', 'content-length': '0' } }, (res) => {
        res.resume();
        resolve(res.headers.location);
      });
      req.on('error', reject);
      req.end();
    });
    expect(location).toBe('/evil.example/');
  });
});
