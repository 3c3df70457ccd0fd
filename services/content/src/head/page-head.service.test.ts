import { ADMIN_PATHS, type PageRoute, type PageTable } from '@storefront/contracts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ContentStore, contentDir } from '@storefront/site-config';
import { BlogsService } from '../blogs/blogs.service.js';
import { SiteContentService } from '../content/site-content.service.js';
import { ProductCategoriesService } from '../product-categories/product-categories.service.js';
import { PageHeadService } from './page-head.service.js';

// Against the real content/ folder: the page table, the catalog and the page files must agree.
const store = new ContentStore(contentDir());
const categories = new ProductCategoriesService(store);
const heads = new PageHeadService(store, new SiteContentService(store, ''), new BlogsService(store), categories, 'https://www.heartwoodcabinetry.com');

// A route still waiting for its screen (disabled), read from the table itself: which ones wait changes as
// screens are built (/visualizer has its screen now).
const pageTable = JSON.parse(readFileSync(join(contentDir(), 'site/page-table.json'), 'utf8')) as PageTable;
const waitingRoute = pageTable.routes.find((route): route is PageRoute => 'enabled' in route && !route.enabled && !route.path.includes('{'))?.path;

describe('PageHeadService on the real content', () => {
  it.each(['/', '/contact', '/estimator', '/checkout'])('%s has a complete head', async (path) => {
    const head = await heads.head(path);
    expect(head.status).toBe(200);
    expect(head.title).toMatch(/\| Heartwood Cabinetry$/);
    expect(JSON.stringify(head)).not.toContain('{{');
    expect(head.description.length).toBeGreaterThan(50);
  });

  it('has a head for every blog post, author and category, and 404s for unknown ones', async () => {
    const blogs = new BlogsService(store);
    const { posts, authors, categories } = await blogs.sitemapParams();
    expect(posts.length).toBeGreaterThanOrEqual(12);
    const paths = [
      '/blogs',
      ...posts.map((slug) => `/blogs/${slug}`),
      ...authors.map((id) => `/blogs/authors/${id}`),
      ...categories.map((slug) => `/blogs/category/${slug}`),
    ];
    for (const path of paths) {
      const head = await heads.head(path);
      expect(head.status).toBe(200);
      expect(JSON.stringify(head)).not.toContain('{{');
    }
    const post = await heads.head(`/blogs/${posts[0]}`);
    expect(post.jsonLd.map((entry) => entry['@type'])).toEqual(['BreadcrumbList', 'BlogPosting']);
    for (const path of ['/blogs/no-such-post', '/blogs/authors/nobody', '/blogs/category/nothing']) {
      expect((await heads.head(path)).status).toBe(404);
    }
  });

  it("has a head for every product category with the category's title, description and trail, and 404s for an unknown one", async () => {
    const slugs = await categories.slugs();
    expect(slugs).toEqual(['shaker', 'slim-shaker', 'raised-panel', 'craftsman', 'slab']);
    const head = await heads.head('/categories/raised-panel');
    expect(head).toMatchObject({ status: 200, title: 'Raised Panel Cabinets | Heartwood Cabinetry', robots: 'index, follow' });
    expect(head.description).toMatch(/^Raised panel doors/);
    expect(head.breadcrumb.map((item) => item.label)).toEqual(['Home', 'Products', 'Cabinet Categories', 'Raised Panel Cabinets']);
    expect(head.jsonLd.map((entry) => entry['@type'])).toEqual(['BreadcrumbList']);
    expect((await heads.head('/categories')).status).toBe(200);
    expect((await heads.head('/categories/beadboard')).status).toBe(404);
    const sitemap = await heads.sitemapXml();
    for (const slug of slugs) expect(sitemap).toContain(`/categories/${slug}</loc>`);
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

  it.each<[string, string]>([
    ...(waitingRoute ? [['a route whose screen does not exist yet', waitingRoute] as [string, string]] : []),
    ['an unknown path', '/no/such/page'],
    ['an unknown style code', '/products/kitchen-cabinets/rta-kitchen-cabinets/xyz'],
    ['a style code in the wrong case', '/products/kitchen-cabinets/rta-kitchen-cabinets/SSW'],
  ])('answers 404 for %s', async (_what, path) => {
    expect(await heads.head(path)).toMatchObject({ status: 404, title: 'Page Not Found | Heartwood Cabinetry', robots: 'noindex, nofollow' });
  });

  it('keeps checkout out of search results and lists every enabled, indexable page in the sitemap once', async () => {
    expect((await heads.head('/checkout')).robots).toBe('noindex, nofollow');
    const sitemap = await heads.sitemapXml();
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(new Set(locs).size).toBe(locs.length);

    const table = await store.loadPageTable();
    for (const route of table.routes) {
      if ('aliasOf' in route || route.path.includes('{')) continue;
      const head = await heads.head(route.path);
      // a page is in the sitemap exactly when it is served and may be indexed
      expect({ path: route.path, listed: locs.includes(route.path) }).toEqual({
        path: route.path,
        listed: head.status === 200 && head.robots === 'index, follow',
      });
    }
    const styles = await store.loadProductStyles();
    for (const style of styles) expect(locs).toContain(`/products/kitchen-cabinets/rta-kitchen-cabinets/${style.name}`);
    const blogs = await new BlogsService(store).sitemapParams();
    for (const slug of blogs.posts) expect(locs).toContain(`/blogs/${slug}`);
    expect(locs).not.toContain('/checkout');
  });

  describe("the staff back office's pages (/admin, mf-backoffice)", () => {
    const addresses = Object.entries(ADMIN_PATHS).map(([name, path]) => [name, path.replace(':order', 'SF-100013').replace(':quote', 'Q-100001')]);

    it.each(addresses)('%s (%s) has a head kept out of search results, titled as the back office', async (_name, path) => {
      const head = await heads.head(path!);
      expect(head.status).toBe(200);
      expect(head.robots).toBe('noindex, nofollow');
      expect(head.title).toMatch(/^[A-Z][a-z ]+ \| Back office \| Heartwood Cabinetry$/);
      expect(head.jsonLd).toEqual([]);
      expect(JSON.stringify(head)).not.toContain('{{');
    });

    it('names the sign-in page as the task asks', async () => {
      expect((await heads.head('/admin/sign-in')).title).toBe('Sign in | Back office | Heartwood Cabinetry');
      expect((await heads.head('/admin/quotes/new')).title).toBe('New quote | Back office | Heartwood Cabinetry');
    });

    it('answers 404, kept out of search results, for an address under /admin that is no page', async () => {
      expect(await heads.head('/admin/no-such-screen')).toMatchObject({ status: 404, robots: 'noindex, nofollow' });
    });

    it('lists no /admin address in the sitemap, and robots.txt keeps crawlers out of /admin', async () => {
      const locs = [...(await heads.sitemapXml()).matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.filter((path) => /^\/admin(\/|$)/i.test(path))).toEqual([]);
      expect(await heads.robotsTxt()).toMatch(/^Disallow: \/admin$/m);
    });
  });
});
