import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CatalogListingResponse, CatalogSamplesResponse, ProductStyle } from '@storefront/contracts';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContentAppModule } from '../app.module.js';
import { catalogListingFrontOf } from './catalog-front.js';
import { type CatalogConfig } from './catalog-config.js';
import { CatalogLoader } from './catalog-loader.service.js';
import { CatalogService } from './catalog.service.js';

const FILTERS = {
  filters: [
    { value: 'doorStyle', label: 'Door Style', field: 'doorStyle', options: [{ value: 'shaker', label: 'Shaker' }, { value: 'slab', label: 'Slab' }] },
    { value: 'color', label: 'Color', field: 'colorFamily', options: [{ value: 'white', label: 'White' }, { value: 'grey', label: 'Grey' }, { value: 'blue', label: 'Blue' }] },
    { value: 'finish', label: 'Finish', field: 'finishType', options: [{ value: 'paint', label: 'Painted' }, { value: 'stain', label: 'Stained' }] },
    { value: 'label', label: 'Collection', field: 'label', options: [{ value: 'best-seller', label: 'Best Seller' }, { value: 'new', label: 'New' }] },
  ],
};

const COLORS: Record<string, { hex: string; family: string }> = {
  'snow-white': { hex: '#F4F3EE', family: 'white' },
  'dove-grey': { hex: '#B7B6AF', family: 'grey' },
  'harbor-navy': { hex: '#24364F', family: 'blue' },
};

/** A style with one painted finish group of `colors`, a sample door per finish and one cabinet. */
function style(code: string, title: string, doorStyle: string, addedOn: string, colors: string[], label?: string): ProductStyle {
  const upper = code.toUpperCase();
  return {
    name: code,
    title,
    description: `${title} description`,
    shortDescription: `<ul><li>${title}</li></ul>`,
    ...(label ? { label } : {}),
    category: 'kitchen-cabinets',
    doorStyle,
    addedOn,
    layout: 'v1',
    images: [{ src: `/images/kitchens/${code}.svg`, altText: `${title} kitchen`, width: 1200, height: 800, type: 'base' }],
    finishes: [
      {
        name: 'paint',
        group: 'Painted',
        title: 'Painted Finishes',
        items: colors.map((value) => ({
          value,
          label: value.replace('-', ' '),
          hex: COLORS[value]!.hex,
          colorFamily: COLORS[value]!.family,
          image: { src: `/images/swatches/${value}.svg` },
          doorImage: `/images/styles/${code}-${value}.svg`,
        })),
      },
    ],
    items: [
      ...colors.map((value, i) => ({ sku: `${upper}-SMPL-${i}`, name: `${title} Sample Door - ${value}`, price: 0, weight: 3, isSample: true, finish: { type: 'paint', value } })),
      { sku: `${upper}-B12`, name: `${title} Base 12`, price: 188.99, weight: 30 },
    ],
    specifications: { specView: 'tabular', specs: [] },
  };
}

// 7 styles: 5 shaker, 2 slab; white in 5, grey in 3, blue in 2
const STYLES = [
  style('ssw', 'Shaker Snow White', 'shaker', '2023-02-06', ['snow-white'], 'Best Seller'),
  style('cws', 'Charleston White Shaker', 'shaker', '2023-03-01', ['snow-white', 'dove-grey']),
  style('cbs', 'Charleston Blue Shaker', 'shaker', '2024-03-18', ['harbor-navy', 'snow-white'], 'New'),
  style('ydg', 'York Dove Grey', 'shaker', '2024-01-15', ['dove-grey']),
  style('nbs', 'Nantucket Navy Shaker', 'shaker', '2026-04-13', ['harbor-navy'], 'New'),
  style('wse', 'White Slab Euro', 'slab', '2023-05-22', ['snow-white', 'dove-grey']),
  style('sw', 'Slab White', 'slab', '2025-01-01', ['snow-white']),
];

const schema = `catalog_test_${process.pid}_${Date.now().toString(36)}`;
let contentRoot: string;
let testApp: TestApp;
let dataSource: DataSource;

async function put(relativePath: string, value: unknown): Promise<void> {
  const file = path.join(contentRoot, relativePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify(value));
}

async function listing(query: string): Promise<CatalogListingResponse> {
  const res = await request(testApp.server).get(`/api/catalog/styles${query}`);
  expect(res.status).toBe(200);
  return res.body as CatalogListingResponse;
}

const codes = (answer: CatalogListingResponse): string[] => answer.items.map((card) => card.code);
const counts = (answer: CatalogListingResponse, name: string): Record<string, number> =>
  Object.fromEntries(answer.filters.find((f) => f.name === name)!.options.map((o) => [o.value, o.count]));
const selected = (answer: CatalogListingResponse): string[] =>
  answer.filters.flatMap((f) => f.options.filter((o) => o.selected).map((o) => `${f.name}=${o.value}`));

beforeAll(async () => {
  contentRoot = await mkdtemp(path.join(os.tmpdir(), 'catalog-service-'));
  await put('catalogs/product-styles.json', STYLES);
  await put('catalogs/listing-filters.json', FILTERS);
  // as the running service does (main.ts): listings answered in front of express and Nest
  testApp = await createTestApp(ContentAppModule.register({ schema, contentDir: contentRoot, publicSiteUrl: 'https://www.heartwood.test' }), {
    frontFromApp: catalogListingFrontOf,
  });
  dataSource = testApp.app.get(DataSource);
});

afterAll(async () => {
  await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await dataSource?.query(`DROP SCHEMA IF EXISTS "${schema}_scratch" CASCADE`);
  await testApp?.close();
  await rm(contentRoot, { recursive: true, force: true });
});

describe('GET /api/catalog/styles', () => {
  it('lists every style A-Z on the first page by default, with cards a product-style card can show', async () => {
    const answer = await listing('');
    expect(answer).toMatchObject({ total: 7, page: 1, pageSize: 12, totalPages: 1, sort: 'a-z' });
    expect(codes(answer)).toEqual(['cbs', 'cws', 'nbs', 'ssw', 'sw', 'wse', 'ydg']);
    expect(answer.sortOptions.map((o) => o.value)).toEqual(['a-z', 'z-a', 'newest', 'oldest']);
    const card = answer.items.find((c) => c.code === 'cbs')!;
    expect(card).toEqual({
      code: 'cbs',
      title: 'Charleston Blue Shaker',
      path: '/products/kitchen-cabinets/rta-kitchen-cabinets/cbs',
      image: { src: '/images/kitchens/cbs.svg', altText: 'Charleston Blue Shaker kitchen', width: 1200, height: 800, type: 'base' },
      shortDescription: '<ul><li>Charleston Blue Shaker</li></ul>',
      label: 'New',
      labels: ['New'],
      doorStyle: 'shaker',
      addedOn: '2024-03-18',
      swatches: [
        { type: 'paint', value: 'harbor-navy', label: 'harbor navy', hex: '#24364F', image: '/images/swatches/harbor-navy.svg' },
        { type: 'paint', value: 'snow-white', label: 'snow white', hex: '#F4F3EE', image: '/images/swatches/snow-white.svg' },
      ],
    });
  });

  it('filters (any value of a filter, every filter), sorts and pages', async () => {
    // white or grey shaker doors: cws, cbs, ssw, ydg; newest first: cbs(2024-03), ydg(2024-01), cws, ssw
    const answer = await listing('?doorStyle=shaker&color=white&color=grey&sort=newest&pageSize=2&page=2');
    expect(answer).toMatchObject({ total: 4, page: 2, pageSize: 2, totalPages: 2, sort: 'newest' });
    expect(codes(answer)).toEqual(['cws', 'ssw']);
    expect(codes(await listing('?doorStyle=shaker&color=white&color=grey&sort=newest&pageSize=2&page=1'))).toEqual(['cbs', 'ydg']);
    expect(codes(await listing('?sort=z-a&pageSize=3'))).toEqual(['ydg', 'wse', 'sw']);
    expect(codes(await listing('?sort=oldest&label=new&label=best-seller'))).toEqual(['ssw', 'cbs', 'nbs']);
    expect(selected(answer)).toEqual(['doorStyle=shaker', 'color=white', 'color=grey']);
  });

  it("counts each filter's options under the other filters' selection", async () => {
    const none = await listing('');
    expect(counts(none, 'doorStyle')).toEqual({ shaker: 5, slab: 2 });
    expect(counts(none, 'color')).toEqual({ white: 5, grey: 3, blue: 2 });
    expect(counts(none, 'finish')).toEqual({ paint: 7, stain: 0 });
    expect(counts(none, 'label')).toEqual({ 'best-seller': 1, new: 2 });

    const slabWhite = await listing('?doorStyle=slab&color=white');
    expect(slabWhite.total).toBe(2);
    // door styles counted among white styles; colours among slab styles
    expect(counts(slabWhite, 'doorStyle')).toEqual({ shaker: 3, slab: 2 });
    expect(counts(slabWhite, 'color')).toEqual({ white: 2, grey: 1, blue: 0 });
    expect(counts(slabWhite, 'label')).toEqual({ 'best-seller': 0, new: 0 });
  });

  it('answers a repeated listing with the same strong ETag, and 304 to If-None-Match', async () => {
    const first = await request(testApp.server).get('/api/catalog/styles?color=white&sort=z-a');
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['surrogate-control']).toBe('max-age=10');
    expect(etag).toMatch(/^"[\w-]{32}"$/);
    const again = await request(testApp.server).get('/api/catalog/styles?sort=z-a&color=white');
    expect(again.headers.etag).toBe(etag);
    const revalidated = await request(testApp.server).get('/api/catalog/styles?color=white&sort=z-a').set('If-None-Match', etag);
    expect(revalidated.status).toBe(304);
    const other = await request(testApp.server).get('/api/catalog/styles?color=grey&sort=z-a');
    expect(other.headers.etag).not.toBe(etag);
  });

  it('answers with the API security headers and a request id, though express never sees the request', async () => {
    const res = await request(testApp.server).get('/api/catalog/styles').set('X-Request-Id', 'listing-test-1');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['x-request-id']).toBe('listing-test-1');
    const head = await request(testApp.server).head('/api/catalog/styles');
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(res.headers.etag);
    // other catalog calls still go through Nest
    expect((await request(testApp.server).get('/api/catalog/samples?style=nope')).status).toBe(404);
  });

  describe('bad input gives a sensible page, never an error', () => {
    it('ignores unknown filter values and unknown filters, and reports them as not selected', async () => {
      const answer = await listing('?color=purple&color=white&doorStyle=shakerish&material=oak');
      expect(answer.total).toBe(5);
      expect(selected(answer)).toEqual(['color=white']);
      expect((await listing('?color=purple')).total).toBe(7);
    });

    it.each(['?page=99', '?page=-1', '?page=0', '?page=abc', '?page=2.5', '?page=', '?page[x]=2', '?page=99999999999999999999'])(
      '%s -> the first page',
      async (query) => {
        const answer = await listing(`${query}&pageSize=3`);
        expect(answer).toMatchObject({ page: 1, pageSize: 3, total: 7, totalPages: 3 });
        expect(codes(answer)).toEqual(['cbs', 'cws', 'nbs']);
      },
    );

    it('gives A-Z for an unknown sort, and clamps pageSize to 1..48', async () => {
      const answer = await listing('?sort=price-desc');
      expect(answer.sort).toBe('a-z');
      expect(codes(answer)[0]).toBe('cbs');
      expect((await listing('?pageSize=1000')).pageSize).toBe(48);
      const one = await listing('?pageSize=0&page=7');
      expect(one).toMatchObject({ pageSize: 1, page: 7, totalPages: 7 });
      expect(codes(one)).toEqual(['ydg']);
      expect((await listing('?pageSize=lots')).pageSize).toBe(12);
    });

    it('gives an empty first page, not an error, when nothing matches', async () => {
      const answer = await listing('?doorStyle=slab&color=blue&page=3');
      expect(answer).toMatchObject({ items: [], total: 0, page: 1, totalPages: 1 });
    });
  });
});

describe('GET /api/catalog/samples', () => {
  it('gives the sample doors of a style with their finish and door image, price 0', async () => {
    const res = await request(testApp.server).get('/api/catalog/samples?style=cws');
    expect(res.status).toBe(200);
    expect(res.body as CatalogSamplesResponse).toEqual({
      styles: [
        {
          code: 'cws',
          title: 'Charleston White Shaker',
          path: '/products/kitchen-cabinets/rta-kitchen-cabinets/cws',
          items: [
            { sku: 'CWS-SMPL-0', name: 'Charleston White Shaker Sample Door - snow-white', price: 0, finish: { type: 'paint', value: 'snow-white', label: 'snow white', hex: '#F4F3EE' }, image: '/images/styles/cws-snow-white.svg' },
            { sku: 'CWS-SMPL-1', name: 'Charleston White Shaker Sample Door - dove-grey', price: 0, finish: { type: 'paint', value: 'dove-grey', label: 'dove grey', hex: '#B7B6AF' }, image: '/images/styles/cws-dove-grey.svg' },
          ],
        },
      ],
    });
  });

  it('groups every style in catalog order without a style, and several with repeated style', async () => {
    const all = (await request(testApp.server).get('/api/catalog/samples')).body as CatalogSamplesResponse;
    expect(all.styles.map((s) => s.code)).toEqual(STYLES.map((s) => s.name));
    const two = (await request(testApp.server).get('/api/catalog/samples?style=sw&style=ssw')).body as CatalogSamplesResponse;
    expect(two.styles.map((s) => s.code)).toEqual(['ssw', 'sw']);
  });

  it.each(['nope', '../etc', 'SSW'])('answers 404 for the unknown style %s', async (code) => {
    const res = await request(testApp.server).get(`/api/catalog/samples?style=${encodeURIComponent(code)}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Product data not found or invalid format');
  });
});

describe('loading the catalog', () => {
  const config = (overrides: Partial<CatalogConfig> = {}): CatalogConfig => ({
    serviceSchema: schema,
    schema,
    stylesFile: path.join(contentRoot, 'catalogs/product-styles.json'),
    filtersFile: path.join(contentRoot, 'catalogs/listing-filters.json'),
    edgeCacheSeconds: 0,
    ...overrides,
  });

  it('leaves an unchanged catalog alone, and replicas booting together load a change once', async () => {
    const [before] = await dataSource.query(`SELECT loaded_at FROM "${schema}".catalog_meta`);
    expect(await new CatalogLoader(dataSource, config()).load()).toMatchObject({ loaded: false, styles: 7 });
    expect(await dataSource.query(`SELECT loaded_at FROM "${schema}".catalog_meta`)).toEqual([before]);

    await put('catalogs/product-styles.json', [...STYLES, style('grs', 'Greystone Raised Shaker', 'shaker', '2023-09-11', ['dove-grey'])]);
    const replicas = await Promise.all([1, 2, 3].map(() => new CatalogLoader(dataSource, config()).load()));
    expect(replicas.filter((r) => r.loaded)).toHaveLength(1);
    expect(replicas.map((r) => r.styles)).toEqual([8, 8, 8]);
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM "${schema}".catalog_style`);
    expect(count).toBe(8);
    // the running service sees the new catalog (its counts are per catalog version)
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const answer = await listing('?color=grey');
    expect(answer.total).toBe(4);
    expect(codes(answer)).toContain('grs');
  });

  it('keeps the old catalog when the new file is broken', async () => {
    await writeFile(path.join(contentRoot, 'catalogs/product-styles.json'), '[{"name": "ssw",');
    await expect(new CatalogLoader(dataSource, config()).load()).rejects.toThrow();
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM "${schema}".catalog_style`);
    expect(count).toBe(8);
  });

  it('rebuilds the listing index once per catalog change (content hash), for concurrent requests too, and keeps no failed build', async () => {
    const service = testApp.app.get(CatalogService);
    const loads = jest.spyOn(service as unknown as { loadIndex(): Promise<unknown> }, 'loadIndex');
    const query = '?color=blue&sort=newest&pageSize=2';
    const before = await listing(query);
    expect(before).toMatchObject({ total: 2 });
    expect(codes(before)).toEqual(['nbs', 'cbs']);
    expect(loads).not.toHaveBeenCalled();

    // a new blue slab, the newest style, and York Dove Grey gone
    await put('catalogs/product-styles.json', [...STYLES.filter((s) => s.name !== 'ydg'), style('abs', 'Aspen Blue Slab', 'slab', '2026-09-01', ['harbor-navy'], 'New')]);
    expect(await new CatalogLoader(dataSource, config()).load()).toMatchObject({ loaded: true, styles: 7 });
    await new Promise((resolve) => setTimeout(resolve, 2100));

    // the first build fails (say the database is away): the requests waiting on it fail, the failure is
    // not kept. The failing build takes a moment, so all three requests are waiting on that one build
    // however the test runner spaces them out.
    loads.mockImplementationOnce(() => new Promise((_, reject) => setTimeout(() => reject(new Error('connection lost')), 400)));
    const failed = await Promise.all([1, 2, 3].map(() => request(testApp.server).get(`/api/catalog/styles${query}`)));
    expect(failed.map((res) => res.status)).toEqual([500, 500, 500]);
    expect(loads).toHaveBeenCalledTimes(1);

    const after = await Promise.all([1, 2, 3].map(() => listing(query)));
    expect(loads).toHaveBeenCalledTimes(2);
    for (const answer of after) {
      expect(answer.total).toBe(3);
      expect(codes(answer)).toEqual(['abs', 'nbs']);
      expect(counts(answer, 'doorStyle')).toEqual({ shaker: 2, slab: 1 });
      expect(counts(answer, 'color')).toEqual({ white: 5, grey: 2, blue: 3 });
    }
    expect((await listing('?sort=a-z')).items.map((card) => card.code)).toEqual(['abs', 'cbs', 'cws', 'nbs', 'ssw', 'sw', 'wse']);
    expect(loads).toHaveBeenCalledTimes(2);
    loads.mockRestore();
  });

  it('fills a scratch schema (CATALOG_SCHEMA) with tables like the migrated ones', async () => {
    await put('catalogs/product-styles.json', STYLES);
    const scratch = `${schema}_scratch`;
    expect(await new CatalogLoader(dataSource, config({ schema: scratch })).load()).toMatchObject({ loaded: true, styles: 7 });
    const indexes: { indexname: string }[] = await dataSource.query('SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND tablename = $2', [scratch, 'catalog_style']);
    expect(indexes.length).toBeGreaterThanOrEqual(5);
    const [{ count }] = await dataSource.query(`SELECT count(*)::int AS count FROM "${scratch}".catalog_item WHERE is_sample`);
    expect(count).toBe(10);
  });
});
