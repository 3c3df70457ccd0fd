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
    const blogs = await new BlogsService(store).sitemapParams();
    // 3 pages, 17 styles, /blogs and every post, author and category page
    const blogPages = 1 + blogs.posts.length + blogs.authors.length + blogs.categories.length;
    expect(sitemap.match(/<loc>/g)).toHaveLength(3 + 17 + blogPages);
    expect(sitemap).not.toContain('/checkout');
  });
});
