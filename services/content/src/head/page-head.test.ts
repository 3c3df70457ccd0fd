import type { PageTable, ProductStyle, SiteSettings } from '@storefront/contracts';
import { matchPageRoute } from '../page-table/page-routes.js';
import { metaDescription, notFoundHead, pageHead, type HeadContext } from './page-head.js';

const SITE_URL = 'https://shop.example.com';
const STYLE_ROUTE = '/products/kitchen-cabinets/rta-kitchen-cabinets/{styleCode}';

const site = {
  name: 'Heartwood Cabinetry',
  phone: '555-0148',
  email: 'a@b.co',
  address: { street: '1 Main St', city: 'Edison', state: 'NJ', zip: '08837', country: 'US' },
  hours: [],
  social: [],
} as unknown as SiteSettings;

const table: PageTable = {
  logo: '/images/logo.svg',
  notFound: { title: 'Page Not Found | {{site.name}}', description: 'Nothing lives at this address.' },
  routes: [
    {
      path: '/',
      screen: 'content',
      enabled: true,
      title: 'Cabinets | {{site.name}}',
      description: 'Call {{site.phone}}.',
      breadcrumb: [{ label: 'Home', path: '/' }],
      schemas: { organization: true },
      image: '/images/banners/home-hero.svg',
    },
    {
      path: '/checkout',
      screen: 'mf_checkout/CheckoutPage',
      enabled: true,
      indexable: false,
      title: 'Checkout | {{site.name}}',
      description: 'Pay for your samples.',
      breadcrumb: [
        { label: 'Home', path: '/' },
        { label: 'Checkout', path: '/checkout' },
      ],
      schemas: {},
    },
    {
      path: '/about-us',
      screen: 'content',
      enabled: true,
      title: 'About | {{site.name}}',
      description: 'About us.',
      breadcrumb: [
        { label: 'Home', path: '/' },
        { label: 'About Us', path: '/about-us' },
      ],
      schemas: { breadcrumb: true },
    },
    { path: '/aboutus', aliasOf: '/about-us' },
    {
      path: STYLE_ROUTE,
      screen: 'mf_catalog/StylePage',
      enabled: true,
      title: '{{style.title}} RTA Cabinets | {{site.name}}',
      description: '{{style.description}}',
      breadcrumb: [
        { label: 'Home', path: '/' },
        { label: '{{style.title}}', path: STYLE_ROUTE },
      ],
      schemas: { breadcrumb: true, product: true },
    },
  ],
};

const context: HeadContext = { site, table, siteUrl: SITE_URL };

const style = {
  name: 'cbs',
  title: 'Charleston Blue Shaker',
  description:
    'Charleston Blue Shaker brings a deep, confident blue to a classic five-piece door. It anchors a white kitchen, warms up with brass and stands up to everyday family life for years.',
  images: [{ src: '/images/kitchens/cbs.svg', altText: 'kitchen', width: 1200, height: 800, type: 'base' }],
  items: [
    { sku: 'CBS-B12', name: 'Base', price: 203.99, weight: 30 },
    { sku: 'CBS-B24', name: 'Base', price: 300.99, weight: 40 },
  ],
} as unknown as ProductStyle;

function headOf(path: string, subject = {}) {
  const match = matchPageRoute(table, path);
  if (!match) throw new Error(`no route for ${path}`);
  return pageHead(match, subject, context);
}

describe('metaDescription', () => {
  it('keeps short text, dropping tags and extra whitespace', () => {
    expect(metaDescription('<p>Solid  wood\n cabinets.</p>')).toBe('Solid wood cabinets.');
  });

  it('cuts long text after the last whole sentence that fits', () => {
    expect(metaDescription(String(style.description))).toBe(
      'Charleston Blue Shaker brings a deep, confident blue to a classic five-piece door.',
    );
  });

  it('cuts a long single sentence at a word, with an ellipsis', () => {
    const cut = metaDescription(`${'cabinet '.repeat(40)}end`);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/cabinet…$/);
  });
});

describe('pageHead', () => {
  it("answers a page's head from its route, with the site data filled in", () => {
    expect(headOf('/?utm_source=mail', { page: { slug: 'home', path: '/', blocks: [] } })).toEqual({
      status: 200,
      path: '/',
      title: 'Cabinets | Heartwood Cabinetry',
      description: 'Call 555-0148.',
      canonical: `${SITE_URL}/`,
      robots: 'index, follow',
      openGraph: {
        type: 'website',
        title: 'Cabinets | Heartwood Cabinetry',
        description: 'Call 555-0148.',
        url: `${SITE_URL}/`,
        image: `${SITE_URL}/images/banners/home-hero.svg`,
        siteName: 'Heartwood Cabinetry',
      },
      breadcrumb: [{ label: 'Home', path: '/' }],
      jsonLd: [expect.objectContaining({ '@type': 'Organization', logo: `${SITE_URL}/images/logo.svg` })],
    });
  });

  it('keeps a route that is not for search results out of them', () => {
    const head = headOf('/checkout/');
    expect(head).toMatchObject({ status: 200, path: '/checkout', robots: 'noindex, nofollow', canonical: `${SITE_URL}/checkout` });
    expect(head.openGraph).not.toHaveProperty('image');
  });

  it("points an alias's canonical address at the page it stands for", () => {
    const head = headOf('/AboutUs', { page: { slug: 'about-us', path: '/about-us', blocks: [] } });
    expect(head).toMatchObject({ path: '/aboutus', canonical: `${SITE_URL}/about-us`, title: 'About | Heartwood Cabinetry' });
  });

  it("describes a style page from the style: title, shortened description, product image, Product and BreadcrumbList", () => {
    const head = headOf('/products/kitchen-cabinets/rta-kitchen-cabinets/cbs', { style });
    const url = `${SITE_URL}/products/kitchen-cabinets/rta-kitchen-cabinets/cbs`;
    expect(head).toMatchObject({
      status: 200,
      title: 'Charleston Blue Shaker RTA Cabinets | Heartwood Cabinetry',
      description: 'Charleston Blue Shaker brings a deep, confident blue to a classic five-piece door.',
      canonical: url,
      openGraph: { type: 'product', image: `${SITE_URL}/images/kitchens/cbs.svg`, url },
      breadcrumb: [
        { label: 'Home', path: '/' },
        { label: 'Charleston Blue Shaker', path: '/products/kitchen-cabinets/rta-kitchen-cabinets/cbs' },
      ],
    });
    expect(head.jsonLd.map((entry) => entry['@type'])).toEqual(['BreadcrumbList', 'Product']);
    expect(head.jsonLd[1]).toMatchObject({ offers: { '@type': 'AggregateOffer', lowPrice: '203.99', highPrice: '300.99', url } });
    expect(head.jsonLd[0]).toMatchObject({ itemListElement: [{ item: `${SITE_URL}/` }, { name: 'Charleston Blue Shaker', item: url }] });
  });
});

describe('notFoundHead', () => {
  it('answers the not-found copy, kept out of search results, for the normalised path', () => {
    expect(notFoundHead('/no/such/page/?q=1', context)).toEqual({
      status: 404,
      path: '/no/such/page',
      title: 'Page Not Found | Heartwood Cabinetry',
      description: 'Nothing lives at this address.',
      canonical: `${SITE_URL}/no/such/page`,
      robots: 'noindex, nofollow',
      openGraph: {
        type: 'website',
        title: 'Page Not Found | Heartwood Cabinetry',
        description: 'Nothing lives at this address.',
        url: `${SITE_URL}/no/such/page`,
        siteName: 'Heartwood Cabinetry',
      },
      breadcrumb: [],
      jsonLd: [],
    });
  });

  it('echoes a path too odd to be a page, cut short', () => {
    expect(notFoundHead(`/../${'x'.repeat(400)}?secret=1`, context).path).toHaveLength(256);
  });
});
