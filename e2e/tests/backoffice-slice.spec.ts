import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { newSignedInManager } from '../support/backoffice.js';
import { collectConsoleErrors } from '../support/console.js';
import { expect, test } from '../support/test.js';

/**
 * The staff back office is a slice of its own (mf-backoffice, under /admin): the shop's pages never
 * load it, and its pages are server-rendered in their own frame, without the shop's chrome, kept out
 * of caches and search engines, under the site's one CSP.
 */

const BACK_OFFICE_FILES = '/remotes/mf-backoffice/';
const STYLE_PAGE = '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw';
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The CSP with its per-response nonce blanked: the same policy reads the same. */
const policyOf = (header: string | undefined) => (header ?? '').replace(/'nonce-[^']+'/g, "'nonce-…'");

async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(', ')}`,
  );
}

test("the shop's pages never request the back office's files", async ({ page }) => {
  test.setTimeout(90_000);
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));
  for (const path of ['/', '/checkout', '/contact', STYLE_PAGE]) {
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // and what the page said it rendered with (its bootstrap) names no back-office module
    const rendered = await page.evaluate(() => (JSON.parse(document.getElementById('sf-page-data')?.textContent ?? '{}') as { remoteModules?: string[] }).remoteModules ?? []);
    expect(rendered.filter((moduleId) => moduleId.startsWith('mf_backoffice/')), path).toEqual([]);
  }
  // the remotes the shop did load went through the same recorder (so it saw the federation's requests)
  expect(requested.some((path) => path.startsWith('/remotes/mf-checkout/'))).toBe(true);
  expect(requested.filter((path) => path.startsWith(BACK_OFFICE_FILES))).toEqual([]);
});

test("/admin/sign-in's first HTML: its h1, noindex, never cached, the site's CSP, no shop chrome", async ({ request }) => {
  const response = await request.get('/admin/sign-in', { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-type']).toContain('text/html');
  expect(headers['cache-control']).toBe('private, no-store');
  expect(headers['x-robots-tag']).toBe('noindex, nofollow');
  const shopPage = await request.get('/', { headers: { Accept: 'text/html' } });
  expect(headers['content-security-policy']).toBeTruthy();
  expect(policyOf(headers['content-security-policy'])).toBe(policyOf(shopPage.headers()['content-security-policy']));

  const html = await response.text();
  expect([...html.matchAll(/<h1[^>]*>([^<]*)<\/h1>/g)].map((match) => match[1])).toEqual(['Sign in']);
  expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"\s*\/?>/);
  expect(html).toContain('<title>Sign in | Back office | Heartwood Cabinetry</title>');
  expect(html).toMatch(/<main id="main-content"[^>]*class="bo-main"/);
  // the back office's own stylesheet is linked in the head, so the first paint is styled
  expect(html).toMatch(new RegExp(`<link rel="stylesheet" href="${BACK_OFFICE_FILES}[^"]+\\.css"`));
  // none of the shop's chrome, and none of its data
  for (const shop of ['shell-header', 'shell-footer', 'shell-cookie', 'shell-scroll-top', 'shell-main']) expect(html).not.toContain(`class="${shop}`);
  expect(html).not.toContain('/api/content/site"');
});

test('every back-office address is noindex and private, unknown ones too (404 in the back office frame)', async ({ request }) => {
  for (const [path, status] of [
    ['/admin', 200],
    ['/admin/orders/SF-100013', 200],
    ['/admin/quotes/new', 200],
    ['/admin/no-such-screen', 404],
  ] as const) {
    const response = await request.get(path, { headers: { Accept: 'text/html' } });
    expect(response.status(), path).toBe(status);
    expect(response.headers()['cache-control'], path).toBe('private, no-store');
    expect(response.headers()['x-robots-tag'], path).toBe('noindex, nofollow');
    expect(await response.text(), path).toMatch(/<meta name="robots" content="noindex, nofollow"\s*\/?>/);
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).not.toContain('/admin');
});

test("/admin in the browser: the back office's nav and frame, none of the shop's chrome, the skip link to its main", async ({ page }) => {
  const errors = collectConsoleErrors(page);
  await newSignedInManager(page, 'frame');
  await page.goto('/admin');
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Orders', 'Quotes', 'Form submissions', 'Operations', 'Audit log', 'Staff', 'My account']);
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('banner')).toContainText('Back office');
  await expect(page.getByRole('main')).toHaveCount(1);
  // the shop's header, footer, search, cookie banner (this visitor never answered it) and Back to top
  await expect(page.locator('.shell-header, .shell-footer, .shell-scroll-top, .shell-cookie-banner, .sf-alert-host')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expect(page.getByRole('combobox')).toHaveCount(0);

  // the skip link lands on the back office's main
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main-content$/);
  await expect(page.locator('#main-content')).toHaveCount(1);
  await expect(page.locator('#main-content')).toHaveClass('bo-main');
  await expect(page.locator('#main-content')).toBeInViewport();

  // moving between screens stays in the back office's frame
  await nav.getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/admin\/orders$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
  await expect(page).toHaveTitle('Orders | Back office | Heartwood Cabinetry');
  await expect(page.locator('.shell-header, .shell-footer')).toHaveCount(0);
  expect(errors).toEqual([]);
});

for (const width of [1024, 1440]) {
  test(`${width}px: the sign-in, dashboard, orders and account screens have no WCAG 2.1 AA violation`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const found: Record<string, string[]> = {};
    await page.goto('/admin/sign-in');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const signIn = await violationsOf(page);
    if (signIn.length > 0) found['/admin/sign-in'] = signIn;
    await newSignedInManager(page, `axe${width}`);
    for (const path of ['/admin', '/admin/orders', '/admin/account']) {
      await page.goto(path);
      await expect(page.getByRole('navigation', { name: 'Back office' })).toBeVisible();
      await expect(page.getByText(/^Loading/)).toHaveCount(0);
      const violations = await violationsOf(page);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });
}

test('tablet and desktop: the nav is a column beside the page from 1024px, a row above it below, and nothing scrolls sideways', async ({ page }) => {
  await newSignedInManager(page, 'widths');
  for (const width of [768, 1023, 1024, 1440]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/orders');
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    const nav = await page.getByRole('navigation', { name: 'Back office' }).boundingBox();
    const main = await page.getByRole('main').boundingBox();
    expect(nav && main, `${width}px`).toBeTruthy();
    if (width >= 1024) expect(nav!.x + nav!.width, `${width}px: nav beside main`).toBeLessThanOrEqual(main!.x + 1);
    else expect(nav!.y + nav!.height, `${width}px: nav above main`).toBeLessThanOrEqual(main!.y + 1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${width}px`).toBeLessThanOrEqual(0);
    for (const link of await page.getByRole('navigation', { name: 'Back office' }).getByRole('link').all()) await expect(link).toBeInViewport();
  }
});
