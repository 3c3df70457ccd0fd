import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createTestApp, type TestApp } from '@storefront/service-kit';
import { contentDir } from '@storefront/site-config';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { ContentAppModule } from './app.module.js';
import { ReviewsService } from './reviews/reviews.service.js';

const SITE_URL = 'https://www.heartwood.test';
const STYLE_PATH = '/products/kitchen-cabinets/rta-kitchen-cabinets';
const FAQS = [{ question: 'Do you ship to Alaska?', answer: 'Yes, by freight.' }];
const home = { label: 'Home', path: '/' };
const SITE = {
  tagline: 'Kitchen and bath cabinetry',
  featureFlags: {},
  phone: '555-0100',
  email: 'hello@heartwood.test',
  address: { street: '1 Main St', city: 'Edison', state: 'NJ', zip: '08837', country: 'US' },
  hours: [{ days: 'Monday - Friday', time: '9:00 AM - 6:00 PM ET' }],
  social: [{ type: 'houzz', url: 'https://www.houzz.com/pro/heartwood' }],
  copyright: '© {{site.name}}',
};
const PAGE_TABLE = {
  logo: '/images/logo.svg',
  notFound: { title: 'Page Not Found | {{site.name}}', description: 'That page is gone.' },
  routes: [
    {
      path: '/',
      screen: 'content',
      enabled: true,
      title: '{{site.name}} kitchens',
      description: 'Cabinets from {{site.name}}.',
      breadcrumb: [home],
      schemas: { organization: true, faq: true },
    },
    {
      path: '/about-us',
      screen: 'content',
      enabled: false,
      title: 'About',
      description: 'About us.',
      breadcrumb: [home, { label: 'About Us', path: '/about-us' }],
      schemas: {},
    },
    {
      path: '/faqs',
      screen: 'content',
      enabled: true,
      title: 'FAQs',
      description: 'Answers.',
      breadcrumb: [home, { label: 'FAQs', path: '/faqs' }],
      schemas: { faq: true },
    },
    {
      path: '/checkout',
      screen: 'mf_checkout/CheckoutPage',
      enabled: true,
      indexable: false,
      title: 'Checkout | {{site.name}}',
      description: 'Pay.',
      breadcrumb: [home, { label: 'Checkout', path: '/checkout' }],
      schemas: {},
    },
    {
      path: `${STYLE_PATH}/{styleCode}`,
      screen: 'mf_catalog/StylePage',
      enabled: true,
      title: '{{style.title}} RTA Cabinets | {{site.name}}',
      description: '{{style.description}}',
      breadcrumb: [home, { label: '{{style.title}}', path: `${STYLE_PATH}/{styleCode}` }],
      schemas: { breadcrumb: true, product: true },
    },
    {
      path: '/blogs/{blogDetailPath}',
      screen: 'mf_content/BlogDetailPage',
      enabled: true,
      title: '{{blog.title}} | {{site.name}}',
      description: '{{blog.description}}',
      breadcrumb: [home, { label: '{{blog.title}}', path: '/blogs/{blogDetailPath}' }],
      schemas: { breadcrumb: true, article: true },
    },
    {
      path: '/blogs/category/{categorySlug}',
      screen: 'mf_content/BlogCategoryPage',
      enabled: true,
      title: '{{category.name}} Articles',
      description: 'About {{category.name}}.',
      breadcrumb: [home, { label: '{{category.name}}', path: '/blogs/category/{categorySlug}' }],
      schemas: { breadcrumb: true },
    },
  ],
};
const BLOG_IMAGE = { src: '/images/blogs/p.svg', altText: 'Cover', width: 1200, height: 800 };
const blogPost = (slug: string, blogCategory: string, publishDate: string) => ({
  blogDetailPath: slug,
  title: `Post ${slug}`,
  description: `All about ${slug}.`,
  blogCategory,
  author: 'maria',
  publishDate,
  isPopular: true,
  image: BLOG_IMAGE,
  contentPath: `articles/${slug}.html`,
});

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
  await put('site/site.json', { ...SITE, name: 'Heartwood' });
  await put('site/menus.json', {
    header: [{ text: 'Call {{site.phone}}', path: '/contact' }],
    footer: [{ title: 'Shop', items: [{ text: 'Kitchens', path: '/' }] }],
  });
  await put('pages/home.json', { slug: 'home', path: '/', blocks: [{ id: 'faq', type: 'accordion', faqs: FAQS }] });
  await put('pages/about-us.json', { slug: 'about-us', path: '/about-us', blocks: [{ id: 'title', type: 'page-title', variant: 'plain', title: 'About Us' }] });
  await put('site/page-table.json', PAGE_TABLE);
  // the site's own Shaker Snow White (a valid content file) with the texts, pictures and items these tests name
  const realSsw = (JSON.parse(await readFile(path.join(contentDir(), 'catalogs/product-styles.json'), 'utf8')) as { name: string }[]).find((style) => style.name === 'ssw');
  await put('catalogs/product-styles.json', [
    {
      ...realSsw,
      title: 'Shaker Snow White',
      description: 'A bright white shaker door.',
      label: 'Best Seller',
      // long enough to be sent compressed
      faqs: Array.from({ length: 40 }, (_, i) => ({ question: `Question ${i + 1}?`, answer: 'A crisp white painted finish over a solid-wood frame.' })),
      images: [
        { src: '/images/ssw-door.svg', altText: 'door', width: 10, height: 10, type: 'sample' },
        { src: '/images/ssw.svg', altText: 'kitchen', width: 1200, height: 800, type: 'base' },
      ],
      items: [
        { sku: 'SSW-SMPL-SNW', name: 'Sample', price: 9.99, weight: 3, isSample: true, finish: { type: 'paint', value: 'snow-white' } },
        { sku: 'SSW-B12', name: 'Base 12', price: 188.99, weight: 30 },
        { sku: 'SSW-B24', name: 'Base 24', price: 278.99, weight: 40 },
      ],
    },
  ]);
  const emailField = { name: 'email', type: 'email', label: 'Email', required: true };
  await put('forms/contact.json', { name: 'contact', fields: [emailField], buttons: { submit: 'Send' } });
  await put('forms/dealer.json', { name: 'dealer', fields: [emailField], buttons: { submit: 'Apply' }, googleReCaptcha: true });
  await put('estimator/kitchen.json', {
    id: 'kitchen',
    name: 'kitchen',
    title: 'Kitchen',
    groups: [{ name: 'size', title: 'Size', layout: 'accordion', fields: [{ name: 'size', type: 'select', label: 'Size', options: [{ label: 'Small', value: 'small' }] }] }],
    summary: { title: 'Summary', position: 'side', breakdowns: [], productTotal: { label: 'Cabinets' }, laborTotal: { label: 'Labor' }, grandTotal: { label: 'Total' } },
  });
  await put('estimator/pricing/kitchen.json', { size: {} });
  await put('settings/checkout-pages.json', {
    orderSuccess: {
      default: { title: 'Thank you!', html: '<p>Order {{order-id}} from {{site.name}}</p>', actions: [{ label: 'Home', href: '/' }] },
    },
    paymentFail: { title: 'Payment failed', html: '<p>Nothing was charged.</p>', actions: [{ label: 'Try again', href: '/checkout' }] },
    verify: { processing: 'Processing your payment…' },
  });
  const review = (name: string, rating: number, reviewText: string) => ({ name, rating, platform: 'Google', location: 'Edison, NJ', reviewText });
  await put('data/reviews.json', [review('Ann', 5, 'Great'), review('Bob', 4, 'Good'), review('Cy', 4, 'Fine')]);
  await put('blogs/blogs.json', [blogPost('shaker', 'Kitchen Design', '2026-02-01'), blogPost('vanity', 'Bath & Vanities', '2026-03-01')]);
  await put('blogs/authors.json', [
    { id: 'maria', name: 'Maria Alvarez', designation: 'Designer', description: 'Plans kitchens.', logo: BLOG_IMAGE, socials: [] },
  ]);
  await put('blogs/settings.json', {
    pageSize: 1,
    recentCardMaxItems: 3,
    popularPostsMaxItems: 3,
    sidebarTitle: 'Categories',
    categoryBanner: BLOG_IMAGE,
    categoryTitleTemplate: '{category} Articles',
    categoryDescriptionTemplate: 'All about {category}.',
  });
  await mkdir(path.join(contentRoot, 'blogs/articles'), { recursive: true });
  await writeFile(path.join(contentRoot, 'blogs/articles/shaker.html'), '<h2>Shaker</h2><p>Frames.</p>');
  testApp = await createTestApp(ContentAppModule.register({ schema, contentDir: contentRoot, publicSiteUrl: SITE_URL, recaptchaSiteKey: 'test-site-key' }));
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
    await put('site/site.json', { ...SITE, name: 'Heartwood Cabinetry' });
    const after = await request(testApp.server).get('/api/content/site').set('If-None-Match', String(before.headers.etag));
    expect(after.status).toBe(304);
    await put('site/site.json', SITE);
  });

  it('serves a page by path with its head from the page table; 404 for an unknown or unpublished one; 400 without a path', async () => {
    const home = await request(testApp.server).get('/api/content/page').query({ path: '/' });
    expect(home.status).toBe(200);
    expect(home.body).toEqual({
      slug: 'home',
      path: '/',
      title: 'Heartwood kitchens',
      description: 'Cabinets from Heartwood.',
      breadcrumb: [{ label: 'Home', path: '/' }],
      schemas: { organization: true, faq: true },
      blocks: [{ id: 'faq', type: 'accordion', faqs: FAQS }],
    });
    expect((await request(testApp.server).get('/api/content/page').query({ path: '/Home/../' })).status).toBe(404);

    for (const path of ['/nowhere', '/about-us', '/checkout', `${STYLE_PATH}/ssw`]) {
      const missing = await request(testApp.server).get('/api/content/page').query({ path });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ success: false, statusCode: 404 });
    }

    const noPath = await request(testApp.server).get('/api/content/page');
    expect(noPath.status).toBe(400);
    const message = 'The path query parameter is required, e.g. ?path=/';
    expect(noPath.body).toMatchObject({ success: false, statusCode: 400, message, errors: { path: message } });
    expect((await request(testApp.server).get('/api/content/page?path=%20')).body).toMatchObject({ message });
  });

  it("answers a page's head: 200 with structured data, 404 with the not-found head", async () => {
    const home = await request(testApp.server).get('/api/content/head').query({ path: '/?utm_source=mail' });
    expect(home.status).toBe(200);
    expect(home.headers['content-type']).toMatch(/^application\/json/);
    expect(home.body).toMatchObject({
      status: 200,
      path: '/',
      title: 'Heartwood kitchens',
      canonical: `${SITE_URL}/`,
      robots: 'index, follow',
      openGraph: { type: 'website', url: `${SITE_URL}/`, siteName: 'Heartwood' },
    });
    expect(home.body.jsonLd.map((entry: { '@type': string }) => entry['@type'])).toEqual(['Organization', 'FAQPage']);

    const checkout = await request(testApp.server).get('/api/content/head').query({ path: '/checkout/' });
    expect(checkout.body).toMatchObject({ status: 200, path: '/checkout', robots: 'noindex, nofollow' });

    // unknown, disabled, enabled content route without its page file, unknown style code
    for (const path of ['/nowhere', '/about-us', '/faqs', `${STYLE_PATH}/xyz`]) {
      const missing = await request(testApp.server).get('/api/content/head').query({ path });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({
        status: 404,
        path,
        title: 'Page Not Found | Heartwood',
        canonical: `${SITE_URL}${path}`,
        robots: 'noindex, nofollow',
        breadcrumb: [],
        jsonLd: [],
      });
    }
    expect((await request(testApp.server).get('/api/content/head')).status).toBe(400);
  });

  it("describes a style page with the style's Product offers", async () => {
    const res = await request(testApp.server).get('/api/content/head').query({ path: `${STYLE_PATH}/ssw` });
    const url = `${SITE_URL}${STYLE_PATH}/ssw`;
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Shaker Snow White RTA Cabinets | Heartwood',
      description: 'A bright white shaker door.',
      canonical: url,
      openGraph: { type: 'product', image: `${SITE_URL}/images/ssw.svg` },
    });
    const product = res.body.jsonLd.find((entry: { '@type': string }) => entry['@type'] === 'Product');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Shaker Snow White',
      sku: 'SSW',
      brand: { '@type': 'Brand', name: 'Heartwood' },
      offers: {
        '@type': 'AggregateOffer',
        lowPrice: '188.99',
        highPrice: '278.99',
        offerCount: 2,
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        url,
      },
    });
    expect(res.body.jsonLd.map((entry: { '@type': string }) => entry['@type'])).toEqual(['BreadcrumbList', 'Product']);
  });

  it('serves robots.txt and sitemap.xml built from the page table and the catalog', async () => {
    const robots = await request(testApp.server).get('/api/content/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(robots.text).toBe(
      `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /checkout\n\nSitemap: ${SITE_URL}/sitemap.xml\n`,
    );

    const sitemap = await request(testApp.server).get('/api/content/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect([...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc)).toEqual([
      `${SITE_URL}/`,
      `${SITE_URL}${STYLE_PATH}/ssw`,
      `${SITE_URL}/blogs/vanity`,
      `${SITE_URL}/blogs/shaker`,
      `${SITE_URL}/blogs/category/bath-vanities`,
      `${SITE_URL}/blogs/category/kitchen-design`,
    ]);
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
    const contactForm = (await request(testApp.server).get('/api/content/forms/contact')).body;
    expect(contactForm.buttons.submit).toBe('Send');
    expect(contactForm).not.toHaveProperty('recaptchaSiteKey');
    // the widget's site key only on forms with googleReCaptcha (RECAPTCHA_SITE_KEY)
    expect((await request(testApp.server).get('/api/content/forms/dealer')).body.recaptchaSiteKey).toBe('test-site-key');
    expect((await request(testApp.server).get('/api/content/forms/nope')).status).toBe(404);
    const estimator = await request(testApp.server).get('/api/content/estimator/kitchen');
    expect(estimator.body).toEqual({ template: expect.objectContaining({ name: 'kitchen' }), pricing: { size: {} } });
    expect((await request(testApp.server).get('/api/content/estimator/bath')).status).toBe(404);
  });

  it('serves the checkout result pages with site placeholders resolved and order placeholders kept', async () => {
    const res = await request(testApp.server).get('/api/content/checkout-pages');
    expect(res.status).toBe(200);
    expect(res.body.orderSuccess.default.html).toMatch(/^<p>Order \{\{order-id\}\} from (?!\{\{)/);
    expect(res.body.paymentFail.actions).toEqual([{ label: 'Try again', href: '/checkout' }]);
    expect(res.body.verify.processing).toBe('Processing your payment…');
  });

  it('summarises the reviews stored in PostgreSQL (seeded once)', async () => {
    const res = await request(testApp.server).get('/api/reviews/summary');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ avgRating: 4.3, reviewCount: 3 });

    // seeding again (the next boot) adds nothing
    expect(await testApp.app.get(ReviewsService).seedFromContent()).toBe(0);
    expect((await request(testApp.server).get('/api/reviews/summary')).body.reviewCount).toBe(3);
  });

  it('serves blogs: paged cards, a post with its article, author and category posts, spec messages for unknown ones', async () => {
    const list = await request(testApp.server).get('/api/content/blogs').query({ page: '2' });
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-cache');
    expect(list.headers.etag).toMatch(/^"/);
    expect(list.body).toMatchObject({ total: 2, page: 2, pageSize: 1, totalPages: 2, items: [{ blogDetailPath: 'shaker' }] });
    expect(list.body.items[0]).not.toHaveProperty('contentPath');
    expect((await request(testApp.server).get('/api/content/blogs').query({ page: '0' })).status).toBe(400);

    const post = await request(testApp.server).get('/api/content/blogs/posts/shaker');
    expect(post.body).toMatchObject({ post: { title: 'Post shaker' }, author: { name: 'Maria Alvarez' }, html: '<h2>Shaker</h2><p>Frames.</p>' });
    expect((await request(testApp.server).get('/api/content/blogs/categories')).body).toEqual([
      { name: 'Bath & Vanities', slug: 'bath-vanities', count: 1 },
      { name: 'Kitchen Design', slug: 'kitchen-design', count: 1 },
    ]);
    const search = await request(testApp.server).get('/api/content/blogs/authors/maria').query({ query: 'VANITY' });
    expect(search.body.items.map((card: { blogDetailPath: string }) => card.blogDetailPath)).toEqual(['vanity']);
    const category = await request(testApp.server).get('/api/content/blogs/categories/bath-vanities');
    expect(category.body).toMatchObject({ title: 'Bath & Vanities Articles', items: [{ blogDetailPath: 'vanity' }] });

    for (const [url, message] of [
      ['/api/content/blogs/posts/nope', 'Blog not found'],
      ['/api/content/blogs/authors/nobody', 'Blog Author Not Found'],
      ['/api/content/blogs/categories/nothing', 'Blog Category Not Found'],
    ] as const) {
      const missing = await request(testApp.server).get(url);
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe(message);
    }
  });

  it('answers blog page heads: the post in the title and BlogPosting, 404 for an unknown post or category', async () => {
    const head = await request(testApp.server).get('/api/content/head').query({ path: '/blogs/shaker' });
    expect(head.body).toMatchObject({ status: 200, title: 'Post shaker | Heartwood', openGraph: { type: 'article' } });
    expect(head.body.jsonLd.map((entry: { '@type': string }) => entry['@type'])).toEqual(['BreadcrumbList', 'BlogPosting']);
    expect((await request(testApp.server).get('/api/content/head').query({ path: '/blogs/category/kitchen-design' })).status).toBe(200);
    for (const path of ['/blogs/unknown-post', '/blogs/category/unknown']) {
      expect((await request(testApp.server).get('/api/content/head').query({ path })).status).toBe(404);
    }
  });

  it('reports a healthy database', async () => {
    const res = await request(testApp.server).get('/health');
    expect(res.body).toMatchObject({ status: 'ok', service: 'content', database: 'up' });
  });
});
