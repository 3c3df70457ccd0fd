import { copyFile, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import { ContentStore, contentDir } from '@storefront/site-config';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContentAppModule } from '../app.module.js';
import { SearchIndexService } from './search-index.service.js';

const STYLE_PATH = '/products/kitchen-cabinets/rta-kitchen-cabinets';
const image = (src: string) => ({ src, altText: 'picture', width: 1200, height: 800 });
const paint = (value: string, label: string) => ({ value, label, hex: '#ffffff', colorFamily: 'white', image: { src: `/images/swatches/${value}.svg` }, doorImage: `/images/styles/${value}.svg` });
/** A valid style (the content store checks every file): its finishes with a sample door each, and one cabinet. */
const style = (name: string, title: string, description: string, finishes: [string, string][]) => ({
  name,
  title,
  description,
  shortDescription: '<ul><li>Solid wood frames</li><li>Soft-close hinges</li><li>Ships flat-packed</li></ul>',
  category: 'kitchen-cabinets',
  doorStyle: 'shaker',
  addedOn: '2026-01-01',
  layout: 'v1',
  images: [{ ...image(`/images/kitchens/${name}.svg`), type: 'base' }, ...finishes.map(([value]) => ({ ...image(`/images/styles/${value}.svg`), type: 'sample' }))],
  // a finish group has at least two finishes: the styles with one get a plain Linen beside it (no sample door)
  finishes: [
    {
      name: 'paint',
      group: 'Painted',
      title: 'Painted Finishes',
      items: [...finishes, ...(finishes.length < 2 ? [['linen', 'Linen'] as [string, string]] : [])].map(([value, label]) => paint(value, label)),
    },
  ],
  items: [
    ...finishes.map(([value, label]) => ({
      sku: `${name.toUpperCase()}-SMPL-${value.slice(0, 3).toUpperCase()}`,
      name: `${title} Sample Door - ${label}`,
      price: 0,
      weight: 3,
      isSample: true,
      finish: { type: 'paint', value },
    })),
    { sku: `${name.toUpperCase()}-B12`, name: `${title} Base Cabinet 12"W`, price: 188.99, weight: 30 },
  ],
  specifications: { specView: 'tabular', specs: [{ name: 'door', title: 'Door', props: [{ label: 'Door style', value: 'Shaker' }] }] },
});
const STYLES = [
  style('ssw', 'Shaker Snow White', 'A bright white shaker door that goes with any countertop.', [['snow-white', 'Snow White'], ['alabaster', 'Alabaster']]),
  style('se', 'Slab Espresso', 'A flat slab door in a deep espresso stain for modern kitchens.', [['espresso', 'Espresso']]),
  style('grs', 'Shaker Grey', 'A soft grey shaker door.', [['dove-grey', 'Dove Grey']]),
];
const post = (slug: string, title: string, description: string) => ({
  blogDetailPath: slug,
  title,
  description,
  blogCategory: 'Kitchen Design',
  author: 'maria',
  publishDate: '2026-02-01',
  isPopular: false,
  image: image(`/images/blogs/${slug}.svg`),
  contentPath: `articles/${slug}.html`,
});
const POSTS = [
  post('shaker-vs-slab', 'Shaker vs Slab Cabinet Doors', 'Which door style suits your kitchen.'),
  post('island-planning', 'Planning a Kitchen Island', 'Sizes and clearances for an island.'),
];
const ARTICLES: Record<string, string> = {
  'shaker-vs-slab': '<p>A shaker door has a recessed centre panel. Slab doors are flat.</p>',
  'island-planning': '<p>Leave 42 inches of walkway around a <strong>countertop</strong> overhang. Mention shaker once.</p>',
};

const schema = `content_search_${process.pid}_${Date.now().toString(36)}`;
let contentRoot: string;
let testApp: TestApp;

async function put(root: string, relativePath: string, value: unknown): Promise<void> {
  const file = path.join(root, relativePath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, typeof value === 'string' ? value : JSON.stringify(value));
}

async function writeContent(root: string, styles: unknown[]): Promise<void> {
  await put(root, 'site/page-table.json', { logo: '/images/logo.svg', notFound: { title: 'Not found', description: 'Gone.' }, routes: [{ path: '/aboutus', aliasOf: '/about-us' }] });
  await copyFile(path.join(contentDir(), 'site/site.json'), path.join(root, 'site/site.json'));
  await mkdir(path.join(root, 'catalogs'), { recursive: true });
  await copyFile(path.join(contentDir(), 'catalogs/categories.json'), path.join(root, 'catalogs/categories.json'));
  await put(root, 'catalogs/product-styles.json', styles);
  await put(root, 'blogs/blogs.json', POSTS);
  await put(root, 'blogs/authors.json', [{ id: 'maria', name: 'Maria Alvarez', designation: 'Designer', description: 'Plans kitchens.', logo: image('/images/m.svg'), socials: [] }]);
  for (const [slug, html] of Object.entries(ARTICLES)) await put(root, `blogs/articles/${slug}.html`, html);
  await put(root, 'data/reviews.json', [{ name: 'Ann', rating: 5, platform: 'Google', location: 'Edison, NJ', reviewText: 'Great.' }]);
}

const search = (query: Record<string, string>) => request(testApp.server).get('/api/search').query(query);
const titles = (body: { items: { title: string }[] }) => body.items.map((hit) => hit.title);

beforeAll(async () => {
  contentRoot = await mkdtemp(path.join(os.tmpdir(), 'content-search-'));
  await writeContent(contentRoot, STYLES);
  testApp = await createTestApp(ContentAppModule.register({ schema, contentDir: contentRoot, publicSiteUrl: 'https://www.heartwood.test' }));
});

afterAll(async () => {
  await testApp?.app.get(DataSource).query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await testApp?.close();
  await rm(contentRoot, { recursive: true, force: true });
});

describe('GET /api/search', () => {
  it('indexes every style, item and post at start-up', async () => {
    const [row] = await testApp.app.get(DataSource).query('SELECT count(*)::int AS count FROM search_document');
    // 3 styles + 4 sample doors + 3 base cabinets + 2 posts
    expect(row.count).toBe(12);
  });

  it('ranks title matches above description and body matches, then by title', async () => {
    const res = await search({ query: 'shaker' });
    expect(res.status).toBe(200);
    const found = titles(res.body);
    // titles with the word come before the island post, which only mentions it in its body
    expect(found.indexOf('Shaker Grey')).toBeLessThan(found.indexOf('Planning a Kitchen Island'));
    expect(found.indexOf('Shaker Snow White')).toBeLessThan(found.indexOf('Planning a Kitchen Island'));
    expect(found.at(-1)).toBe('Planning a Kitchen Island');
    expect(found).not.toContain('Slab Espresso');
    expect(res.body).toMatchObject({ query: 'shaker', page: 1, pageSize: 10 });
    expect(res.body.total).toBeGreaterThan(res.body.items.length - 1);
  });

  it('answers a style with its name, page, image, code and category', async () => {
    const res = await search({ query: 'espresso slab' });
    expect(res.body.items[0]).toEqual({
      kind: 'style',
      name: 'Slab Espresso',
      title: 'Slab Espresso',
      description: 'A flat slab door in a deep espresso stain for modern kitchens.',
      url: `${STYLE_PATH}/se`,
      image: { src: '/images/kitchens/se.svg', altText: 'picture', width: 1200, height: 800 },
      sku: 'SE',
      // every test style is a shaker door (content/catalogs/categories.json names the category)
      categories: [{ name: 'Shaker Cabinets', url: '/categories/shaker' }],
    });
  });

  it('answers a post with its blog category page and a cabinet with its product name', async () => {
    const post = (await search({ query: 'island' })).body.items.find((hit: { kind: string }) => hit.kind === 'blog');
    expect(post).toMatchObject({ name: 'Planning a Kitchen Island', categories: [{ name: 'Kitchen Design', url: '/blogs/category/kitchen-design' }] });
    const [cabinet] = (await search({ query: 'SE-B12' })).body.items;
    expect(cabinet).toMatchObject({ kind: 'product', name: 'Slab Espresso Base Cabinet 12"W', sku: 'SE-B12' });
  });

  it('matches the last word as a prefix while the shopper types', async () => {
    expect(titles((await search({ query: 'espr' })).body)).toContain('Slab Espresso');
    expect(titles((await search({ query: 'countert' })).body)).toEqual(expect.arrayContaining(['Shaker Snow White', 'Planning a Kitchen Island']));
    const alabaster = await search({ query: 'snow white alab' });
    expect(alabaster.body.items[0]).toMatchObject({
      kind: 'product',
      title: 'Shaker Snow White Sample Door - Alabaster',
      url: `${STYLE_PATH}/ssw?type=paint&value=alabaster`,
      image: { src: '/images/styles/alabaster.svg' },
    });
    // a word typed in full still has to match
    expect((await search({ query: 'espresso walnut' })).body.total).toBe(0);
  });

  it('finds blog posts by words of the article', async () => {
    const res = await search({ query: 'walkway' });
    expect(res.body.items).toEqual([
      expect.objectContaining({ kind: 'blog', title: 'Planning a Kitchen Island', url: '/blogs/island-planning', image: expect.objectContaining({ src: '/images/blogs/island-planning.svg' }) }),
    ]);
  });

  it('finds products by sku: an exact sku first, any case, and part of a sku', async () => {
    const exact = await search({ query: 'ssw-b12' });
    expect(exact.body.items[0]).toMatchObject({ kind: 'product', sku: 'SSW-B12', title: 'Shaker Snow White Base Cabinet 12"W' });
    const part = await search({ query: 'B12' });
    expect(part.body.items.map((hit: { sku: string }) => hit.sku).sort()).toEqual(['GRS-B12', 'SE-B12', 'SSW-B12']);
    expect((await search({ query: 'smpl-ala' })).body.items[0].sku).toBe('SSW-SMPL-ALA');
  });

  it('needs 3 characters: the spec message with a 400', async () => {
    for (const query of ['', '  ab  ']) {
      const res = await search({ query });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, statusCode: 400, message: 'Please enter at least 3 characters to search.' });
    }
    expect((await request(testApp.server).get('/api/search')).body.message).toBe('Please enter at least 3 characters to search.');
  });

  it('pages the results and says how many there are', async () => {
    const all = (await search({ query: 'shaker', pageSize: '48' })).body;
    const first = (await search({ query: 'shaker', pageSize: '2' })).body;
    const second = (await search({ query: 'shaker', pageSize: '2', page: '2' })).body;
    expect(first).toMatchObject({ total: all.total, page: 1, pageSize: 2, totalPages: Math.ceil(all.total / 2) });
    expect([...titles(first), ...titles(second)]).toEqual(titles(all).slice(0, 4));
    const past = (await search({ query: 'shaker', pageSize: '2', page: '99' })).body;
    expect(past).toMatchObject({ items: [], total: all.total, page: 99 });
    const suggestions = (await search({ query: 'shaker', limit: '3' })).body;
    expect(suggestions.items).toHaveLength(3);
  });

  it('answers bad paging with a 400 that says what is wrong, never a 500', async () => {
    for (const [params, message] of [
      [{ page: '0' }, 'page must be a whole number from 1 to 1000'],
      [{ page: 'two' }, 'page must be a whole number from 1 to 1000'],
      [{ pageSize: '500' }, 'pageSize must be a whole number from 1 to 48'],
      [{ limit: '-1' }, 'limit must be a whole number from 1 to 48'],
    ] as const) {
      const res = await search({ query: 'shaker', ...params });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const repeated = await request(testApp.server).get('/api/search?query=shaker&page=1&page=2');
    expect(repeated.status).toBe(400);
  });

  it('takes tsquery and SQL syntax in the query as plain words', async () => {
    for (const query of ["shaker' | !white", "'); DROP TABLE search_document; --", '%%%', '___', 'a:* & b', '\\\\\\']) {
      const res = await search({ query });
      expect(res.status).toBe(200);
    }
    expect((await search({ query: '%%%' })).body.total).toBe(0);
    expect((await search({ query: 'shaker' })).body.total).toBeGreaterThan(0);
  });

  it('cuts a long query at 100 characters', async () => {
    const res = await search({ query: `espresso ${'x'.repeat(200)}` });
    expect(res.status).toBe(200);
    expect(res.body.query).toHaveLength(100);
  });
});

describe('search index rebuild', () => {
  it('writes nothing when the content is unchanged, and one replica rebuilds changed content', async () => {
    const dataSource = testApp.app.get(DataSource);
    expect(await testApp.app.get(SearchIndexService).rebuild()).toEqual({ rebuilt: false, documents: 12 });

    const changedRoot = await mkdtemp(path.join(os.tmpdir(), 'content-search-changed-'));
    try {
      await writeContent(changedRoot, [...STYLES, style('nbs', 'Navy Blue Shaker', 'A navy shaker door.', [['navy', 'Navy']])]);
      // three replicas booting together with the new content: one rebuilds, the others find it done
      const replicas = [0, 1, 2].map(() => new SearchIndexService(dataSource, new ContentStore(changedRoot)));
      const results = await Promise.all(replicas.map((replica) => replica.rebuild()));
      expect(results.filter((result) => result.rebuilt)).toHaveLength(1);
      expect(results.every((result) => result.documents === 15)).toBe(true);
      expect((await search({ query: 'navy' })).body.items[0]).toMatchObject({ title: 'Navy Blue Shaker' });
    } finally {
      // back to the content the other tests expect
      expect((await testApp.app.get(SearchIndexService).rebuild()).rebuilt).toBe(true);
      await rm(changedRoot, { recursive: true, force: true });
    }
    expect((await search({ query: 'navy' })).body.total).toBe(0);
  });
});
