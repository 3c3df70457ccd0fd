import { ContentStore, contentDir } from '@storefront/site-config';
import { BlogsService } from '../blogs/blogs.service.js';
import { SiteContentService } from '../content/site-content.service.js';
import { PageHeadService } from './page-head.service.js';

// Against the real content/ folder: the page table, the catalog and the page files must agree.
const store = new ContentStore(contentDir());
const heads = new PageHeadService(store, new SiteContentService(store), new BlogsService(store), 'https://www.heartwoodcabinetry.com');

describe('PageHeadService on the real content', () => {
  it.each(['/', '/contact', '/estimator', '/checkout'])('%s has a complete head', async (path) => {
    const head = await heads.head(path);
    expect(head.status).toBe(200);
    expect(head.title).toMatch(/\| Heartwood Cabinetry$/);
    expect(JSON.stringify(head)).not.toContain('{{');
    expect(head.description.length).toBeGreaterThan(50);
  });

  it('has a head for each of the 17 style pages', async () => {
    const styles = await store.loadProductStyles();
    expect(styles).toHaveLength(17);
    for (const style of styles) {
      const head = await heads.head(`/products/kitchen-cabinets/rta-kitchen-cabinets/${style.name}`);
      expect(head).toMatchObject({ status: 200, robots: 'index, follow', openGraph: { type: 'product' } });
      expect(head.title).toContain(style.title);
      expect(head.description.length).toBeLessThanOrEqual(160);
    }
  });

  it.each([
    ['a route whose screen does not exist yet', '/about-us'],
    ['its alias', '/aboutus'],
    ['an unknown path', '/no/such/page'],
    ['an unknown style code', '/products/kitchen-cabinets/rta-kitchen-cabinets/xyz'],
    ['a style code in the wrong case', '/products/kitchen-cabinets/rta-kitchen-cabinets/SSW'],
  ])('answers 404 for %s', async (_what, path) => {
    expect(await heads.head(path)).toMatchObject({ status: 404, title: 'Page Not Found | Heartwood Cabinetry', robots: 'noindex, nofollow' });
  });

  it('keeps checkout out of search results and lists the rest in the sitemap', async () => {
    expect((await heads.head('/checkout')).robots).toBe('noindex, nofollow');
    const sitemap = await heads.sitemapXml();
    expect(sitemap.match(/<loc>/g)).toHaveLength(3 + 17);
    expect(sitemap).not.toContain('/checkout');
  });
});
