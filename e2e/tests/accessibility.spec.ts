import { readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { addSampleOnStylePage } from '../support/checkout.js';
import { createQuote, paymentPath } from '../support/quotes.js';
import { REPO_ROOT } from '../support/remote-build.js';
import { expect, test } from '../support/test.js';

/**
 * No accessibility violation: axe (WCAG 2.0/2.1 A and AA) on every route of the
 * page table, a real page for each route with a parameter (picked from the sitemap), and the commerce
 * pages in the state a shopper meets them (a cart at checkout, a quote's payment link). A violation is
 * reported with its rule, impact and the elements it found, so a failure says what to fix.
 */

interface PageTableRoute {
  path: string;
  enabled?: boolean;
}

const ROUTES = (JSON.parse(readFileSync(path.join(REPO_ROOT, 'content/site/page-table.json'), 'utf8')) as { routes: PageTableRoute[] }).routes.filter(
  (route) => route.enabled !== false,
);
/** pages that need a state of their own (below), or a secret no test holds (an unsubscribe link) */
const OWN_STATE = ['/checkout', '/order/success', '/order/view/{orderId}', '/quote/view/{quoteId}', '/quote/payment', '/payment/{paymentMethod}/verify', '/payment/verify/stripe', '/unsubscribe/{unsubscribeToken}'];
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(', ')}`,
  );
}

/**
 * The back office's pages (/admin) are walked like every page of the table, but the sitemap never
 * lists them (kept out of search): its parameterised screens get an example number here.
 */
const NOT_IN_SITEMAP: Record<string, string> = { '/admin/orders/{order}': '/admin/orders/SF-100013', '/admin/quotes/{quote}': '/admin/quotes/Q-100001' };

/** A real address for a parameterised route: the sitemap's first URL of that shape. */
async function concretePath(page: Page, route: string): Promise<string | undefined> {
  if (!route.includes('{')) return route;
  if (NOT_IN_SITEMAP[route]) return NOT_IN_SITEMAP[route];
  const sitemap = await (await page.request.get('/sitemap.xml')).text();
  const urls = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const shape = new RegExp(`^${route.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return urls.find((url) => shape.test(url));
}

/**
 * The routes in four groups, each walked by one page (four browser contexts, not one a route): the two
 * workers still share them, and a failure names each page with its violations.
 */
const GROUPS = 4;
const CHECKED_ROUTES = ROUTES.filter((r) => !OWN_STATE.includes(r.path)).map((r) => r.path);

test.describe('every page of the page table has no WCAG 2.1 AA violation', () => {
  test.describe.configure({ mode: 'parallel' });
  for (let group = 0; group < GROUPS; group += 1) {
    const routes = CHECKED_ROUTES.filter((_, index) => index % GROUPS === group);
    test(`group ${group + 1} of ${GROUPS} (${routes.length} routes)`, async ({ page }) => {
      test.info().annotations.push({ type: 'routes', description: routes.join(', ') });
      test.setTimeout(routes.length * 15_000);
      const found: Record<string, string[]> = {};
      const unlisted: string[] = [];
      for (const route of routes) {
        const address = await concretePath(page, route);
        if (address === undefined) {
          unlisted.push(route);
          continue;
        }
        await page.goto(address);
        const violations = await violationsOf(page);
        if (violations.length > 0) found[address] = violations;
      }
      // a parameterised route with no page in the sitemap is not checked: say so in the report
      if (unlisted.length > 0) test.info().annotations.push({ type: 'not checked', description: `the sitemap lists no page of the shape ${unlisted.join(', ')}` });
      expect(found).toEqual({});
    });
  }
});

test('the commerce pages as a shopper meets them have no WCAG 2.1 AA violation', async ({ page }) => {
  test.setTimeout(120_000);
  const found: Record<string, string[]> = {};
  const check = async (name: string) => {
    const violations = await violationsOf(page);
    if (violations.length > 0) found[name] = violations;
  };
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await expect(page.getByRole('button', { name: 'Submit' })).toBeVisible();
  await check('/checkout (a sample in the cart)');

  const quote = await createQuote();
  await page.goto(paymentPath(quote));
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeVisible();
  await check('/quote/payment');
  await page.getByRole('radio', { name: /Split Payment/ }).check();
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Split amount is required')).toBeVisible();
  await check('/quote/payment (split payment, with its message)');

  await page.goto(`/quote/view/${quote.quoteId}?token=${encodeURIComponent(quote.token)}`);
  await check('/quote/view');
  await page.goto('/order/split-payment');
  await page.getByRole('button', { name: 'Fetch Order' }).click();
  await expect(page.getByText('Order ID is required')).toBeVisible();
  await check('/order/split-payment (lookup, with its messages)');
  await page.goto('/payment/fail');
  await check('/payment/fail');
  // the search results (each result's kind in the accent colour)
  await page.goto('/search?query=shaker');
  await expect(page.getByRole('link', { name: /Shaker/ }).first()).toBeVisible();
  await check('/search?query=shaker');
  expect(found).toEqual({});
});
