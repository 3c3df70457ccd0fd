import type { PopupSettings, SiteData } from '@storefront/contracts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

const STYLE_PAGE = '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw';

const dataLayer = (page: Page) => page.evaluate(() => (window as unknown as { dataLayer?: unknown[] }).dataLayer);

async function consentCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'cookie_consent');
}

test('mega menu and mobile menu work from the keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/contact');
  const toggle = page.getByRole('button', { name: 'Products submenu' });
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const panel = page.locator('.shell-mega');
  await expect(panel.getByText('Popular Styles')).toBeVisible();
  await expect(panel.getByRole('img')).toHaveAttribute('width', '563');
  await page.keyboard.press('Tab');
  await expect(panel.getByRole('link').first()).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(toggle).toBeFocused();

  await page.setViewportSize({ width: 375, height: 740 });
  const menuButton = page.getByRole('button', { name: 'Menu' });
  await menuButton.focus();
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Our Offerings' });
  await expect(drawer.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(drawer.getByRole('button', { name: 'Products' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('link', { name: 'Slab Espresso' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('the header sticks on desktop past 200 px and on a phone when scrolling up, without moving the page', async ({ page }) => {
  const header = page.locator('header.shell-header');
  const mainTop = () => page.evaluate(() => document.getElementById('main-content')!.getBoundingClientRect().top + window.scrollY);
  const scrollTo = (y: number) => page.evaluate((top) => window.scrollTo(0, top), y);

  await page.setViewportSize({ width: 1440, height: 700 });
  await page.goto(STYLE_PAGE);
  // the back-to-top button waits until the cookie question is answered (they share the screen's foot)
  await page.getByRole('button', { name: 'Reject All' }).click();
  const before = await mainTop();
  await scrollTo(150);
  await expect(header).not.toHaveClass(/is-sticky/);
  await expect(page.getByRole('button', { name: 'Back to top' })).toBeHidden();
  await scrollTo(400);
  await expect(header).toHaveClass(/is-sticky/);
  await expect(header).toBeInViewport();
  expect(await mainTop()).toBe(before);
  await page.getByRole('button', { name: 'Back to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(header).not.toHaveClass(/is-sticky/);

  await page.setViewportSize({ width: 375, height: 700 });
  await scrollTo(900);
  await expect(header).not.toBeInViewport();
  await scrollTo(700);
  await expect(header).toHaveClass(/is-sticky/);
  await expect(header).toBeInViewport();
  await scrollTo(800);
  await expect(header).not.toHaveClass(/is-sticky/);
});

for (const [label, value] of [
  ['Accept All', 'acceptAll'],
  ['Reject All', 'rejectAll'],
] as const) {
  test(`cookie banner: ${label} stores ${value} for 180 days and the banner stays away`, async ({ page }) => {
    await page.goto('/contact');
    const banner = page.getByRole('region', { name: 'We use cookies' });
    await banner.getByRole('button', { name: 'Manage Preferences' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Open cookie preferences' })).toBeVisible();
    await banner.getByRole('button', { name: label }).click();
    await expect(banner).toBeHidden();
    const cookie = await consentCookie(page);
    expect(cookie?.value).toBe(value);
    const days = (cookie!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(179);
    expect(days).toBeLessThanOrEqual(180);

    // Not even in the server's HTML once answered, so it cannot flash (its copy is still in the page data).
    const reloaded = await page.reload();
    expect(await reloaded!.text()).not.toContain('shell-cookie-banner');
    await expect(banner).toHaveCount(0);
  });
}

test('the free-kitchen-design popup shows after its delay, once', async ({ page, request }) => {
  const site = (await (await request.get('/api/content/site')).json()) as SiteData;
  const popup = site.popups!.find((p) => p.name === 'free-kitchen-design') as PopupSettings;
  const delay = popup.triggers.find((t) => t.type === 'delay') as { delayMs: number };

  await page.clock.install();
  await page.goto('/');
  await page.getByRole('button', { name: 'Reject All' }).click();
  await page.clock.fastForward(delay.delayMs - 1000);
  const dialog = page.getByRole('dialog', { name: popup.title });
  await expect(dialog).toHaveCount(0);
  await page.clock.fastForward(1000);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await page.context().cookies()).some((c) => c.name === `popup-shown-${popup.name}`)).toBe(true);

  await page.reload();
  await page.clock.fastForward(delay.delayMs * 2);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});

test('analytics: nothing reaches the data layer before Accept All', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/contact');
  const nav = page.getByRole('navigation', { name: 'Main' }).first();
  await nav.getByRole('link', { name: 'Order Samples', exact: true }).click();
  await expect(page).toHaveURL(/\/order-samples$/);
  expect(await dataLayer(page)).toBeUndefined();

  await page.getByRole('button', { name: 'Accept All' }).click();
  await nav.getByRole('link', { name: 'Free Kitchen Design', exact: true }).click();
  await expect(page).toHaveURL(/\/free-kitchen-design$/);
  const layer = await dataLayer(page);
  expect(layer).toEqual([
    expect.objectContaining({ event: 'free_kitchen_design_click', visitorType: 'Guest', customerType: 'General' }),
  ]);
});
