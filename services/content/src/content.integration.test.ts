import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContentAppModule } from './app.module.js';
import { ReviewsService } from './reviews/reviews.service.js';

const schema = `content_test_${process.pid}_${Date.now().toString(36)}`;
let contentRoot: string;
let testApp: TestApp;

async function put(relativePath: string, value: unknown): Promise<void> {
  const file = path.join(contentRoot, relativePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value));
}

beforeAll(async () => {
  contentRoot = await mkdtemp(path.join(os.tmpdir(), 'content-service-'));
  await put('site/site.json', { name: 'Heartwood', phone: '555-0100', copyright: '© {{site.name}}' });
  await put('site/menus.json', { header: [{ text: 'Call {{site.phone}}', path: '/contact' }], footer: [] });
  await put('pages/home.json', { slug: 'home', path: '/', title: '{{site.name}} kitchens', blocks: [] });
  await put('catalogs/product-styles.json', [
    {
      name: 'ssw',
      title: 'Shaker Snow White',
      label: 'Best Seller',
      // long enough to be sent compressed
      description: 'A crisp white painted finish over a solid-wood frame. '.repeat(40),
      images: [
        { src: '/images/ssw-door.svg', altText: 'door', width: 10, height: 10, type: 'sample' },
        { src: '/images/ssw.svg', altText: 'kitchen', width: 1200, height: 800, type: 'base' },
      ],
      items: [],
    },
  ]);
  await put('forms/contact.json', { name: 'contact', fields: [], buttons: { submit: 'Send' } });
  await put('estimator/kitchen.json', { id: 'kitchen', name: 'kitchen', title: 'Kitchen', groups: [] });
  await put('estimator/pricing/kitchen.json', { size: {} });
  await put('data/reviews.json', [
    { name: 'Ann', rating: 5, reviewText: 'Great' },
    { name: 'Bob', rating: 4, reviewText: 'Good' },
    { name: 'Cy', rating: 4, reviewText: 'Fine' },
    { name: 'Broken', rating: 9 },
  ]);
  testApp = await createTestApp(ContentAppModule.register({ schema, contentDir: contentRoot }));
});

afterAll(async () => {
  const dataSource = testApp?.app.get(DataSource);
  await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await testApp?.close();
  await rm(contentRoot, { recursive: true, force: true });
});

describe('content service', () => {
  it('serves site data with placeholders resolved', async () => {
    const res = await request(testApp.server).get('/api/content/site');
    expect(res.status).toBe(200);
    expect(res.body.site.copyright).toBe('© Heartwood');
    expect(res.body.menus.header[0].text).toBe('Call 555-0100');
    expect(res.headers['cache-control']).toBe('no-cache');
    // the gateway may keep it for 10 s (CONTENT_EDGE_CACHE_SECONDS)
    expect(res.headers['surrogate-control']).toBe('max-age=10');
  });

  it('answers with a strong ETag and If-None-Match with 304', async () => {
    const first = await request(testApp.server).get('/api/content/site');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[^"]+"$/);
    const again = await request(testApp.server).get('/api/content/site').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.headers.etag).toBe(etag);
    const other = await request(testApp.server).get('/api/content/site').set('If-None-Match', '"something-else"');
    expect(other.status).toBe(200);
  });

  it('serves large answers compressed (brotli, else gzip), each encoding with its own ETag', async () => {
    const plain = await request(testApp.server).get('/api/content/product-styles/ssw').set('Accept-Encoding', 'identity');
    const br = await request(testApp.server).get('/api/content/product-styles/ssw').set('Accept-Encoding', 'gzip, deflate, br');
    const gzip = await request(testApp.server).get('/api/content/product-styles/ssw').set('Accept-Encoding', 'gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers['content-encoding']).toBe('br');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    for (const res of [br, gzip]) {
      expect(res.body).toEqual(plain.body);
      expect(res.headers.vary).toBe('Accept-Encoding');
    }
    expect(new Set([plain.headers.etag, br.headers.etag, gzip.headers.etag]).size).toBe(3);
  });

  it('keeps serving the content it started with (content changes with a deploy)', async () => {
    const before = await request(testApp.server).get('/api/content/site');
    await put('site/site.json', { name: 'Heartwood Cabinetry', phone: '555-0100', copyright: '© {{site.name}}' });
    const after = await request(testApp.server).get('/api/content/site').set('If-None-Match', String(before.headers.etag));
    expect(after.status).toBe(304);
    await put('site/site.json', { name: 'Heartwood', phone: '555-0100', copyright: '© {{site.name}}' });
  });

  it('serves a page by path, 404 for an unknown one, 400 without a path', async () => {
    const home = await request(testApp.server).get('/api/content/page').query({ path: '/' });
    expect(home.status).toBe(200);
    expect(home.body.title).toBe('Heartwood kitchens');
    expect((await request(testApp.server).get('/api/content/page').query({ path: '/Home/../' })).status).toBe(404);

    const missing = await request(testApp.server).get('/api/content/page').query({ path: '/nowhere' });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, statusCode: 404 });

    const noPath = await request(testApp.server).get('/api/content/page');
    expect(noPath.status).toBe(400);
  });

  it('lists product styles with their base image', async () => {
    const res = await request(testApp.server).get('/api/content/product-styles');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        name: 'ssw',
        title: 'Shaker Snow White',
        label: 'Best Seller',
        image: { src: '/images/ssw.svg', altText: 'kitchen', width: 1200, height: 800 },
      },
    ]);
  });

  it('serves one style, and the spec message for an unknown or malformed style name', async () => {
    expect((await request(testApp.server).get('/api/content/product-styles/ssw')).body.title).toBe('Shaker Snow White');
    for (const name of ['xyz', '..%2F..%2Fetc%2Fpasswd', 'SSW']) {
      const res = await request(testApp.server).get(`/api/content/product-styles/${name}`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Product data not found or invalid format');
    }
  });

  it('serves form definitions and estimator bundles, 404 when unknown', async () => {
    expect((await request(testApp.server).get('/api/content/forms/contact')).body.buttons.submit).toBe('Send');
    expect((await request(testApp.server).get('/api/content/forms/nope')).status).toBe(404);
    const estimator = await request(testApp.server).get('/api/content/estimator/kitchen');
    expect(estimator.body).toEqual({ template: expect.objectContaining({ name: 'kitchen' }), pricing: { size: {} } });
    expect((await request(testApp.server).get('/api/content/estimator/bath')).status).toBe(404);
  });

  it('summarises the reviews stored in PostgreSQL (seeded once, invalid ones skipped)', async () => {
    const res = await request(testApp.server).get('/api/reviews/summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ avgRating: 4.3, reviewCount: 3 });

    // seeding again (the next boot) adds nothing
    expect(await testApp.app.get(ReviewsService).seedFromContent()).toBe(0);
    expect((await request(testApp.server).get('/api/reviews/summary')).body.reviewCount).toBe(3);
  });

  it('reports a healthy database', async () => {
    const res = await request(testApp.server).get('/health');
    expect(res.body).toMatchObject({ status: 'ok', service: 'content', database: 'up' });
  });
});
