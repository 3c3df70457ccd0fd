import { expect, test } from '../support/test.js';
import type { PageHead, ProductStyle } from '@storefront/contracts';
import { collectConsoleErrors } from '../support/console.js';

const STYLE_PATH = '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw';

/** Routes with the h1 each must have in its first HTML. */
const ROUTES: { path: string; h1: RegExp; jsonLdType?: string }[] = [
  { path: '/', h1: /Solid-Wood Cabinets/, jsonLdType: 'LocalBusiness' },
  { path: STYLE_PATH, h1: /Shaker Snow White/, jsonLdType: 'Product' },
  { path: '/contact', h1: /Contact Us/ },
  { path: '/estimator', h1: /Estimated Pricing/ },
  { path: '/checkout', h1: /Checkout/ },
  // the listing, the sample list and the category handler read the catalog API on the server
  { path: '/products/kitchen-cabinets/rta-kitchen-cabinets', h1: /RTA Kitchen Cabinets in 17 Door Styles/, jsonLdType: 'BreadcrumbList' },
  { path: '/order-samples', h1: /Order Free Sample Doors/, jsonLdType: 'BreadcrumbList' },
  { path: '/products/kitchen-cabinets', h1: /Shaker, Slab and Craftsman Kitchen Cabinets/, jsonLdType: 'BreadcrumbList' },
  // the form pages (definitions and the default country's states are read on the server)
  { path: '/free-kitchen-design', h1: /Your Free 3D Kitchen Design/, jsonLdType: 'FAQPage' },
  { path: '/claim', h1: /File a Claim/, jsonLdType: 'BreadcrumbList' },
  { path: '/register', h1: /Create Your Account/, jsonLdType: 'BreadcrumbList' },
  { path: '/how-to-buy-kitchen', h1: /How to Buy Your Kitchen Cabinets/ },
  { path: '/faqs', h1: /Frequently Asked Questions/, jsonLdType: 'FAQPage' },
  // the staff back office (mf-backoffice): rendered like every page, in its own frame
  { path: '/admin/sign-in', h1: /^Sign in$/ },
];

function between(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1] ?? '');
}

for (const route of ROUTES) {
  test(`${route.path}: the first HTML has its h1, title, description, canonical and JSON-LD`, async ({ request }) => {
    const head = (await (await request.get(`/api/content/head?path=${encodeURIComponent(route.path)}`)).json()) as PageHead;
    const response = await request.get(route.path, { headers: { Accept: 'text/html' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toContain('text/html');
    const html = await response.text();

    const h1 = between(html, /<h1[^>]*>([^<]*)<\/h1>/g);
    expect(h1).toHaveLength(1);
    expect(h1[0]).toMatch(route.h1);
    expect(between(html, /<title>([^<]*)<\/title>/g)).toEqual([head.title.replace(/&/g, '&amp;')]);
    expect(html).toContain(`<meta name="description" content="${head.description}"`);
    expect(html).toContain(`<link rel="canonical" href="${head.canonical}"`);
    expect(html).toContain(`<meta property="og:title"`);
    const schemas = between(html, /<script type="application\/ld\+json">([^<]*)<\/script>/g).map((text) => JSON.parse(text) as { '@type': string });
    expect(schemas.length).toBe(head.jsonLd.length);
    if (route.jsonLdType) expect(schemas.map((schema) => schema['@type'])).toContain(route.jsonLdType);
  });

  test(`${route.path}: hydrates without console errors and without fetching the server's data again`, async ({ page }) => {
    const errors = collectConsoleErrors(page);
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/(content|catalog|reviews)\/|\/config\/remotes\.json/.test(request.url())) apiCalls.push(request.url());
    });
    await page.goto(route.path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.h1);
    expect(errors).toEqual([]);
    expect(apiCalls).toEqual([]);
  });
}

test("a page's scripts are requested only after its first contentful paint, so they never compete with it", async ({ page }) => {
  // the checkout draws its cart after hydration, the contact page nothing: both must paint first
  for (const path of ['/checkout', '/contact']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
      scriptStarts: performance
        .getEntriesByType('resource')
        .filter((entry) => /\.js$|mf-manifest\.json$/.test(new URL(entry.name).pathname))
        .map((entry) => entry.startTime),
    }));
    expect(timing.firstContentfulPaint, path).toBeGreaterThan(0);
    expect(timing.scriptStarts.length, path).toBeGreaterThan(0);
    expect(Math.min(...timing.scriptStarts), path).toBeGreaterThanOrEqual(timing.firstContentfulPaint!);
  }
});

test('a style page: Product offers in the JSON-LD, and a finish click works after hydration', async ({ page, request }) => {
  const style = (await (await request.get('/api/content/product-styles/ssw')).json()) as ProductStyle;
  const html = await (await request.get(STYLE_PATH, { headers: { Accept: 'text/html' } })).text();
  const product = between(html, /<script type="application\/ld\+json">([^<]*)<\/script>/g)
    .map((text) => JSON.parse(text) as { '@type': string; offers?: { priceCurrency?: string } })
    .find((schema) => schema['@type'] === 'Product');
  expect(product?.offers?.priceCurrency).toBe('USD');

  const errors = collectConsoleErrors(page);
  await page.goto(STYLE_PATH, { waitUntil: 'networkidle' });
  const group = style.finishes[0]!;
  const target = group.items[group.items.length - 1]!;
  await page.getByRole('radio', { name: target.label }).locator('xpath=ancestor::label[1]').click();
  await expect(page.getByRole('radio', { name: target.label })).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`value=${encodeURIComponent(target.value)}`));
  expect(errors).toEqual([]);
});

test('an unknown route and an unknown style code answer 404 with the not-found page', async ({ request }) => {
  for (const path of ['/no-such-page', '/products/kitchen-cabinets/rta-kitchen-cabinets/not-a-style']) {
    const response = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found');
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Go to home<\/a>/);
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"');
  }
});

test('/robots.txt and /sitemap.xml come from content/', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  const robotsText = await robots.text();
  expect(robotsText).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
  expect(robotsText).toContain('Disallow: /api/');

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const xml = await sitemap.text();
  expect(xml).toContain('<urlset');
  const styles = (await (await request.get('/api/content/product-styles')).json()) as { name: string }[];
  expect(styles).toHaveLength(17);
  for (const style of styles) expect(xml).toContain(`/products/kitchen-cabinets/rta-kitchen-cabinets/${style.name}</loc>`);
  expect(xml).toMatch(/<loc>[^<]*\/contact<\/loc>/);
});
