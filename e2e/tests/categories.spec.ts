import type { Page } from '@playwright/test';
import type { PageHead, ProductCategoryDetail, ProductCategorySummary } from '@storefront/contracts';
import { collectConsoleErrors } from '../support/console.js';
import { expect, test } from '../support/test.js';

// Product categories: the showcase at /categories/{slug} and the category handler block on
// /products/kitchen-cabinets (content/pages/kitchen-cabinets.json: v3 tabs, All tab, 8 sample doors a page).
const HANDLER_PAGE = '/products/kitchen-cabinets';

/** The tests never reach the internet: anything not served by our stack is refused. */
async function blockExternalHosts(page: Page): Promise<void> {
  await page.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => route.abort('blockedbyclient'),
  );
}

function between(html: string, pattern: RegExp): string[] {
  return [...html.matchAll(pattern)].map((match) => match[1] ?? '');
}

test.beforeEach(async ({ page }) => {
  await blockExternalHosts(page);
});

test('the showcase is in the first HTML with its head and breadcrumb JSON-LD, and hydrates without fetching again', async ({ page, request }) => {
  const head = (await (await request.get('/api/content/head?path=/categories/raised-panel')).json()) as PageHead;
  const response = await request.get('/categories/raised-panel', { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(between(html, /<h1[^>]*>([^<]*)<\/h1>/g)).toEqual(['Raised Panel Cabinets']);
  expect(between(html, /<title>([^<]*)<\/title>/g)).toEqual([head.title.replace(/&/g, '&amp;')]);
  expect(head.title).toMatch(/^Raised Panel Cabinets \|/);
  expect(html).toContain(`<meta name="description" content="${head.description}"`);
  const jsonLd = between(html, /<script type="application\/ld\+json">([^<]*)<\/script>/g).map((text) => JSON.parse(text) as { '@type': string; itemListElement?: { name: string }[] });
  const trail = jsonLd.find((schema) => schema['@type'] === 'BreadcrumbList');
  expect(trail?.itemListElement?.map((item) => item.name)).toEqual(['Home', 'Products', 'Cabinet Categories', 'Raised Panel Cabinets']);
  expect(html).toContain('Previous category');
  expect(html).toContain('Slim Shaker Cabinets');
  expect(html).toContain('Craftsman Cabinets');

  const errors = collectConsoleErrors(page);
  const apiCalls: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/content\//.test(req.url())) apiCalls.push(req.url());
  });
  await page.goto('/categories/raised-panel', { waitUntil: 'networkidle' });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Raised Panel Cabinets');
  expect(apiCalls).toEqual([]);
  expect(errors).toEqual([]);
});

test('previous and next move through the categories, disabled at the ends', async ({ page, request }) => {
  const list = (await (await request.get('/api/content/product-categories')).json()) as ProductCategorySummary[];
  const [first, second] = list;
  await page.goto(first!.path);
  const neighbours = page.getByRole('navigation', { name: 'Other categories' });
  await expect(neighbours.getByText('This is the first category')).toBeVisible();
  await neighbours.getByRole('link', { name: /Next category/ }).click();
  await expect(page).toHaveURL(new RegExp(`${second!.path}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(second!.title);
  await neighbours.getByRole('link', { name: /Previous category/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(first!.title);

  await page.goto(list[list.length - 1]!.path);
  await expect(neighbours.getByText('This is the last category')).toBeVisible();
  await expect(neighbours.getByRole('link', { name: /Next category/ })).toHaveCount(0);
});

test('an unknown category is HTTP 404 with the message in the first HTML', async ({ page, request }) => {
  const api = await request.get('/api/content/product-categories/beadboard');
  expect(api.status()).toBe(404);
  expect((await api.json()).message).toBe('Category "beadboard" not found in data');

  const response = await request.get('/categories/beadboard', { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(404);
  expect(await response.text()).toContain('Category &quot;beadboard&quot; not found in data');

  await page.goto('/categories/beadboard');
  await expect(page.getByText('Category "beadboard" not found in data')).toBeVisible();
  await expect(page.getByRole('link', { name: 'See all categories' })).toHaveAttribute('href', '/categories');
});

test('the sitemap lists every category', async ({ request }) => {
  const list = (await (await request.get('/api/content/product-categories')).json()) as ProductCategorySummary[];
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const category of list) expect(sitemap).toContain(`${category.path}</loc>`);
});

test('the category handler is server-rendered; a tab change drops ?page= and shows that category', async ({ page, request }) => {
  const shaker = (await (await request.get('/api/content/product-categories/shaker')).json()) as ProductCategoryDetail;
  expect(shaker.samples.length).toBeGreaterThan(8);
  const html = await (await request.get(`${HANDLER_PAGE}?category=shaker&page=2`, { headers: { Accept: 'text/html' } })).text();
  expect(html).toContain('role="tablist"');
  expect(html).toContain(shaker.samples[8]!.finish!.label);

  await page.goto(`${HANDLER_PAGE}?category=shaker&page=2`);
  const tablist = page.getByRole('tablist', { name: 'Explore Cabinets by Door Style' });
  await expect(tablist.getByRole('tab', { name: 'Shaker Cabinets', exact: true })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('navigation', { name: 'Shaker Cabinets sample door pages' }).getByText('2')).toHaveAttribute('aria-current', 'page');

  await tablist.getByRole('tab', { name: 'Craftsman Cabinets' }).click();
  await expect(page).toHaveURL(/\?category=craftsman$/);
  const panel = page.getByRole('tabpanel', { name: 'Craftsman Cabinets' });
  await expect(panel.getByRole('heading', { level: 3, name: 'Craftsman Cabinets', exact: true })).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Product specifications' })).toContainText('Wide top rail', { ignoreCase: true });
  await panel.getByRole('button', { name: 'What sets a craftsman door apart?' }).click();
  await expect(panel.getByText('A wider top rail, square edges')).toBeVisible();
});

test('the handler page hydrates without console errors and without fetching the server\'s data again', async ({ page }) => {
  const errors = collectConsoleErrors(page);
  const apiCalls: string[] = [];
  page.on('request', (req) => {
    if (/\/api\/content\//.test(req.url())) apiCalls.push(req.url());
  });
  await page.goto(`${HANDLER_PAGE}?category=craftsman`, { waitUntil: 'networkidle' });
  await expect(page.getByRole('tabpanel', { name: 'Craftsman Cabinets' })).toBeVisible();
  expect(apiCalls).toEqual([]);
  expect(errors).toEqual([]);
});

test('the handler tabs work from the keyboard', async ({ page }) => {
  await page.goto(`${HANDLER_PAGE}?category=slab&page=1`);
  const tablist = page.getByRole('tablist', { name: 'Explore Cabinets by Door Style' });
  const slab = tablist.getByRole('tab', { name: 'Slab Cabinets' });
  await slab.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tablist.getByRole('tab', { name: 'Craftsman Cabinets' })).toBeFocused();
  await expect(page).toHaveURL(/\?category=craftsman$/);
  await page.keyboard.press('Home');
  await expect(tablist.getByRole('tab', { name: 'All' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'All' }).getByRole('list', { name: 'Cabinet categories' })).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/\?category=shaker$/);
  await expect(page.getByRole('tabpanel', { name: 'Shaker Cabinets' })).toBeVisible();
});

for (const width of [375, 900, 1440]) {
  test(`the handler and the showcase fit a ${width} px screen`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(HANDLER_PAGE);
    const tablist = page.getByRole('tablist', { name: 'Explore Cabinets by Door Style' });
    await expect(tablist).toBeVisible();
    const noSideways = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await noSideways()).toBe(true);
    if (width === 375) {
      // five icon-card tabs overflow a phone: the arrow scrolls the strip
      const right = page.getByRole('button', { name: 'Scroll categories right' });
      await expect(right).toBeVisible();
      const before = await tablist.evaluate((element) => element.scrollLeft);
      await right.click();
      await expect.poll(() => tablist.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before);
      await expect(page.getByRole('button', { name: 'Scroll categories left' })).toBeVisible();
      // a link to the last tab shows that tab in the strip without moving the page to it
      await page.goto(`${HANDLER_PAGE}?category=slab`);
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const slabTab = tablist.getByRole('tab', { name: 'Slab Cabinets' });
      await expect
        .poll(async () => {
          const strip = (await tablist.boundingBox())!;
          const slab = (await slabTab.boundingBox())!;
          return slab.x + slab.width <= strip.x + strip.width + 1;
        })
        .toBe(true);
    }
    await page.goto('/categories/slim-shaker');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Slim Shaker Cabinets');
    expect(await noSideways()).toBe(true);
  });
}
