import type { ProductCategoryDetail, ProductCategorySummary } from '@storefront/contracts';
import request from 'supertest';
import { useContentTestApp } from '../testing/content-test-app.js';

// Against the repository's content/: the categories and the catalog they are read with must agree.
const app = useContentTestApp('categories_test');

describe('GET /api/content/product-categories', () => {
  it('lists the door-style families in content order, served from memory with a strong ETag', async () => {
    const response = await request(app().server).get('/api/content/product-categories').expect(200);
    const list = response.body as ProductCategorySummary[];
    expect(list.map((category) => category.slug)).toEqual(['shaker', 'slim-shaker', 'raised-panel', 'craftsman', 'slab']);
    expect(list[0]).toMatchObject({ title: 'Shaker Cabinets', path: '/categories/shaker', styleCount: 8 });
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.etag).toMatch(/^"/);
    await request(app().server).get('/api/content/product-categories').set('If-None-Match', response.headers.etag!).expect(304);
  });

  it("answers one category with its styles' cards, sample doors and neighbours", async () => {
    const { body } = await request(app().server).get('/api/content/product-categories/craftsman').expect(200);
    const detail = body as ProductCategoryDetail;
    expect(detail.category).toMatchObject({ slug: 'craftsman', title: 'Craftsman Cabinets', path: '/categories/craftsman' });
    expect(detail.category.faqs.length).toBeGreaterThan(0);
    expect(detail.styles.map((card) => card.code).sort()).toEqual(['crlt', 'crs', 'crtc']);
    expect(detail.samples.every((sample) => ['crlt', 'crs', 'crtc'].includes(sample.styleCode))).toBe(true);
    expect(detail.samples[0]?.path).toMatch(/^\/products\/kitchen-cabinets\/rta-kitchen-cabinets\/cr[a-z]+\?type=/);
    expect(detail.previous?.slug).toBe('raised-panel');
    expect(detail.next?.slug).toBe('slab');
  });

  it('has no neighbour past either end', async () => {
    expect((await request(app().server).get('/api/content/product-categories/shaker').expect(200)).body.previous).toBeNull();
    expect((await request(app().server).get('/api/content/product-categories/slab').expect(200)).body.next).toBeNull();
  });

  it('answers 404 with the spec message for an unknown category', async () => {
    const { body } = await request(app().server).get('/api/content/product-categories/beadboard').expect(404);
    expect(body.message).toBe('Category "beadboard" not found in data');
  });

  it('gives the showcase a head with the category and a 404 head for an unknown one', async () => {
    const { body } = await request(app().server).get('/api/content/head?path=/categories/slab').expect(200);
    expect(body.title).toMatch(/^Slab Cabinets \|/);
    await request(app().server).get('/api/content/head?path=/categories/beadboard').expect(404);
    const sitemap = await request(app().server).get('/api/content/sitemap.xml').expect(200);
    expect(sitemap.text).toContain('https://www.heartwood.test/categories/slim-shaker</loc>');
  });
});
