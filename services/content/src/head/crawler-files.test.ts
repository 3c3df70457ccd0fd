import type { PageRoute, PageTable } from '@storefront/contracts';
import { indexablePaths, robotsTxt, sitemapXml } from './crawler-files.js';

function route(path: string, extra: Partial<PageRoute> = {}): PageRoute {
  return { path, screen: 'content', enabled: true, title: 't', description: 'd', breadcrumb: [], schemas: {}, ...extra };
}

const table: PageTable = {
  logo: '/images/logo.svg',
  notFound: { title: 'x', description: 'y' },
  routes: [
    route('/'),
    route('/about-us'),
    { path: '/aboutus', aliasOf: '/about-us' },
    route('/faqs', { enabled: false }),
    route('/contact', { screen: 'mf_forms/ContactPage' }),
    route('/checkout', { screen: 'mf_checkout/CheckoutPage', indexable: false }),
    route('/products/kitchen-cabinets/rta-kitchen-cabinets/{styleCode}', { screen: 'mf_catalog/StylePage' }),
    route('/unsubscribe/{unsubscribeToken}', { indexable: false }),
    route('/search', { enabled: false, indexable: false }),
    route('/blogs/{blogDetailPath}', { screen: 'mf_content/BlogDetailPage' }),
  ],
};
const styles = { styleCode: ['ssw', 'cbs'] };

describe('indexablePaths', () => {
  it('lists published, indexable pages: content routes with a page, other screens, one per style', () => {
    expect(indexablePaths(table, styles, new Set(['/']))).toEqual([
      '/',
      '/contact',
      '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw',
      '/products/kitchen-cabinets/rta-kitchen-cabinets/cbs',
    ]);
    expect(indexablePaths(table, styles, new Set(['/', '/about-us']))).toContain('/about-us');
  });

  it('lists a blog route once per post', () => {
    expect(indexablePaths(table, { ...styles, blogDetailPath: ['a', 'b'] }, new Set())).toEqual(
      expect.arrayContaining(['/blogs/a', '/blogs/b']),
    );
  });
});

describe("the staff back office's pages (/admin)", () => {
  const backOffice: PageTable = {
    ...table,
    routes: [
      ...table.routes,
      route('/admin', { screen: 'mf_backoffice/DashboardPage', indexable: false }),
      route('/admin/sign-in', { screen: 'mf_backoffice/SignInPage', indexable: false }),
      route('/admin/orders/{order}', { screen: 'mf_backoffice/OrderPage', indexable: false }),
    ],
  };

  it('are never in the sitemap, even with values known for their parameters', () => {
    const paths = indexablePaths(backOffice, { ...styles, order: ['SF-100013'] }, new Set(['/']));
    expect(paths.filter((path) => path.startsWith('/admin'))).toEqual([]);
    expect(sitemapXml(paths, 'https://shop.example.com')).not.toContain('/admin');
  });

  it('are disallowed in robots.txt', () => {
    expect(robotsTxt(backOffice, 'https://shop.example.com')).toContain('Disallow: /admin\nDisallow: /admin/sign-in\nDisallow: /admin/orders/\n');
  });
});

describe('sitemapXml', () => {
  it('writes a urlset of absolute, escaped URLs', () => {
    expect(sitemapXml(['/', '/a&b'], 'https://shop.example.com')).toBe(
      [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
        '  <url><loc>https://shop.example.com/</loc></url>',
        '  <url><loc>https://shop.example.com/a&#38;b</loc></url>',
        '</urlset>',
        '',
      ].join('\n'),
    );
  });
});

describe('robotsTxt', () => {
  it('allows everything but the API and published pages kept out of search, and names the sitemap', () => {
    expect(robotsTxt(table, 'https://shop.example.com')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /checkout',
        'Disallow: /unsubscribe/',
        '',
        'Sitemap: https://shop.example.com/sitemap.xml',
        '',
      ].join('\n'),
    );
  });
});
