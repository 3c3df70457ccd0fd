import type { Page } from '@playwright/test';
import type { ProductStyle } from '@storefront/contracts';
import { expect, test } from '../support/test.js';

const STYLES = '/products/kitchen-cabinets/rta-kitchen-cabinets';
// Coastal Slim Taupe Linen: layout v2, 13 paint colours, tabbed specifications (content/catalogs)
const V2_CODE = 'cstl';

/** The tests never reach the internet: anything not served by our stack is refused. */
async function blockExternalHosts(page: Page, blocked: string[] = []): Promise<void> {
  await page.route(
    (url) => !['localhost', '127.0.0.1'].includes(url.hostname),
    async (route) => {
      blocked.push(route.request().url());
      await route.abort('blockedbyclient');
    },
  );
}

test.beforeEach(async ({ page }) => {
  await blockExternalHosts(page);
});

test('V2: at most 10 finishes at once, "+n" and "Less", and the choice written to the address', async ({ page, request }) => {
  const style = (await (await request.get(`/api/content/product-styles/${V2_CODE}`)).json()) as ProductStyle;
  expect(style.layout).toBe('v2');
  const paint = style.finishes[0]!;
  expect(paint.items.length).toBeGreaterThan(10);

  // the server-rendered V2 page hydrates cleanly (no mismatch warnings, no CSP reports)
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`${STYLES}/${V2_CODE}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(style.title);
  const finishes = page.locator('.sf-finishes');
  await expect(finishes.getByRole('radio')).toHaveCount(10);

  const more = finishes.getByRole('button', { name: `Show ${paint.items.length - 10} more painted finishes` });
  await expect(more).toHaveText(`+${paint.items.length - 10}`);
  await more.click();
  await expect(finishes.getByRole('radio')).toHaveCount(paint.items.length);

  const last = paint.items[paint.items.length - 1]!;
  await finishes.getByRole('radio', { name: last.label, exact: true }).locator('xpath=ancestor::label[1]').click();
  await expect(page).toHaveURL(new RegExp(`type=${paint.name}&value=${last.value}`));
  await expect(page.getByRole('img', { name: `${style.title} kitchen in ${last.label}` })).toBeVisible();

  await finishes.getByRole('button', { name: 'Show fewer painted finishes' }).click();
  await expect(finishes.getByRole('radio')).toHaveCount(10);

  // a shared link to a finish beyond the first 10 opens with it shown and chosen
  await page.reload();
  await expect(finishes.getByRole('radio', { name: last.label, exact: true })).toBeChecked();
  expect(consoleErrors).toEqual([]);
});

test('V2: tabbed specifications by keyboard, and an unconfirmed assembly video shows "Video coming soon", never a player', async ({ page }) => {
  const external: string[] = [];
  await page.unrouteAll();
  await blockExternalHosts(page, external);
  await page.goto(`${STYLES}/${V2_CODE}`);
  const tablist = page.getByRole('tablist', { name: 'Specifications' });
  await expect(tablist).toBeVisible();
  const first = tablist.getByRole('tab').first();
  await first.focus();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tablist.getByRole('tab').nth(1)).toBeFocused();
  await expect(tablist.getByRole('tab').nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  const dimensions = tablist.getByRole('tab', { name: 'Dimensions' });
  await expect(dimensions).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Dimensions' })).toContainText('Base cabinet depth: 24"');
  await page.keyboard.press('End');
  await expect(tablist.getByRole('tab', { name: 'Assembly Videos' })).toHaveAttribute('aria-selected', 'true');

  // the style's YouTube ids are placeholders, not in content/data/videos.json: each shows its thumbnail
  // (the spec's width) and "Video coming soon", and nothing is asked of YouTube
  const videos = page.getByRole('tabpanel', { name: 'Assembly Videos' });
  await expect(videos.getByText('Video coming soon')).toHaveCount(3);
  await expect(videos.locator('img').first()).toHaveAttribute('width', '320');
  await expect(videos.getByRole('button', { name: /Play video/ })).toHaveCount(0);
  await expect(videos.locator('iframe')).toHaveCount(0);
  expect(external).toEqual([]);

  // the style's FAQs: one answer open at a time
  const faqs = page.getByRole('region', { name: 'Frequently Asked Questions' });
  const questions = faqs.getByRole('button');
  await questions.nth(0).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'true');
  await questions.nth(1).click();
  await expect(questions.nth(0)).toHaveAttribute('aria-expanded', 'false');
  await expect(questions.nth(1)).toHaveAttribute('aria-expanded', 'true');
});

test('V2: the door overlay shows over the kitchen preview, and hides when the door image fails', async ({ page, request }) => {
  const style = (await (await request.get(`/api/content/product-styles/${V2_CODE}`)).json()) as ProductStyle;
  const firstFinish = style.finishes[0]!.items[0]!;
  await page.goto(`${STYLES}/${V2_CODE}`);
  const door = page.getByRole('img', { name: `${style.title} door in ${firstFinish.label}` });
  await expect(door).toBeVisible();
  expect(await door.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // every door drawing of this style answers 404 (before the server-rendered page loads it)
  await page.route(`**/images/styles/${V2_CODE}-*.svg`, (route) => route.fulfill({ status: 404, body: 'not found' }));
  await page.goto(`${STYLES}/${V2_CODE}`);
  await expect(page.getByRole('img', { name: `${style.title} kitchen in ${firstFinish.label}` })).toBeVisible();
  await expect(page.locator('.sf-door-overlay')).toHaveCount(0);

  // choosing another finish tries its door, which fails too: still no broken image
  const second = style.finishes[0]!.items[1]!;
  await page.locator('.sf-finishes').getByRole('radio', { name: second.label, exact: true }).locator('xpath=ancestor::label[1]').click();
  await expect(page.getByRole('img', { name: `${style.title} kitchen in ${second.label}` })).toBeVisible();
  await expect(page.locator('.sf-door-overlay')).toHaveCount(0);
  const broken = await page.locator('img').evaluateAll((images) =>
    images.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0 && img.checkVisibility()).map((img) => img.getAttribute('src')),
  );
  expect(broken).toEqual([]);
});

test('the gallery opens in the zoom lightbox: 2x at most, arrows move, Escape closes', async ({ page }) => {
  await page.goto(`${STYLES}/${V2_CODE}`);
  const enlarge = page.getByRole('button', { name: /^Enlarge image:/ });
  await enlarge.click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('(1 of');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await dialog.getByRole('button', { name: 'Zoom in' }).click();
  await expect(dialog.getByText('200%')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  await expect(dialog.locator('.sf-lightbox__image')).toHaveCSS('transform', /matrix\(2, 0, 0, 2/);
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toContainText('(2 of');
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(enlarge).toBeFocused();
});

test('a V1 style keeps its layout: every group at once, tables for the tabular view, and its FAQs', async ({ page }) => {
  await page.goto(`${STYLES}/ssw`);
  await expect(page.locator('.sf-style--v1')).toBeVisible();
  await expect(page.getByRole('tablist')).toHaveCount(0);
  await expect(page.getByRole('table', { name: 'Door' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Dimensions' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Frequently Asked Questions' })).toBeVisible();
});

for (const width of [375, 900, 1440]) {
  test(`V2 at ${width} px: nothing spills sideways and the finishes and specs are reachable`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${STYLES}/${V2_CODE}`);
    await expect(page.locator('.sf-style--v2')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await expect(page.locator('.sf-finishes').getByRole('radio')).toHaveCount(10);
    await expect(page.getByRole('tablist', { name: 'Specifications' })).toBeVisible();
    // for a person reviewing the layout: the page at this width in the HTML report
    await test.info().attach(`style-v2-${width}px`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  });
}
