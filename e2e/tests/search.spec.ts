import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.js';

const STYLE_PAGE = '/products/kitchen-cabinets/rta-kitchen-cabinets';

/** The header's search field: in the bar at tablet widths, behind the "Open search" button elsewhere. */
async function headerSearch(page: Page) {
  // after a navigation the search closes itself; let it, before deciding whether to open it
  await expect(page.getByRole('listbox', { name: 'Suggestions' })).toBeHidden();
  const box = page.getByRole('combobox', { name: 'Search products and articles' });
  if (!(await box.isVisible())) await page.getByRole('button', { name: 'Open search' }).click();
  await expect(box).toBeVisible();
  return box;
}

test('header search: min length, suggestions for a style and a blog word, no results, See all Result', async ({ page }) => {
  await page.goto('/about-us');
  const box = await headerSearch(page);
  await box.click();
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Please enter at least 3 characters to search.')).toBeVisible();
  await box.fill('sn');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/about-us$/);
  await expect(page.getByText('Please enter at least 3 characters to search.')).toBeVisible();

  // a style by (part of) its name, typed key by key: the last word matches as a prefix
  await box.fill('');
  await box.pressSequentially('snow wh', { delay: 30 });
  const suggestions = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(suggestions.getByRole('option', { name: /^Shaker Snow White\s*Cabinet style/ })).toBeVisible();

  // a word found only in a blog article's body
  await box.fill('ledger');
  await expect(suggestions.getByRole('option', { name: /Hanging Wall Cabinets Level the First Time\s*Article/ })).toBeVisible();

  await box.fill('qwxzzv');
  await expect(page.getByText('No results found.')).toBeVisible();
  await expect(suggestions.getByRole('option')).toHaveCount(0);

  // arrow keys and Enter open a suggestion
  await box.fill('snow white');
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await box.press('ArrowDown');
  await expect(suggestions.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Escape');
  // the popup closes; behind its button (desktop), the field closes too and the button has the focus
  await expect(suggestions).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open search' });
  if (await toggle.isVisible()) await expect(toggle).toBeFocused();
  else await expect(box).toHaveAttribute('aria-expanded', 'false');

  await (await headerSearch(page)).click();
  await page.getByRole('link', { name: 'See all Result' }).click();
  await expect(page).toHaveURL(/\/search\?query=snow(\+|%20)white$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Search' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Shaker Snow White', exact: true })).toBeVisible();
});

test('a suggestion opens its page; submitting the header form opens the results page', async ({ page }) => {
  await page.goto('/');
  let box = await headerSearch(page);
  await box.fill('alabaster');
  const option = page.getByRole('option', { name: /Shaker Snow White Sample Door - Alabaster/ });
  await option.click();
  await expect(page).toHaveURL(`${STYLE_PAGE}/ssw?type=paint&value=alabaster`);
  await expect(page.getByRole('heading', { level: 1, name: 'Shaker Snow White' })).toBeVisible();

  box = await headerSearch(page);
  await box.fill('espresso');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=espresso$/);
  await expect(page.getByRole('link', { name: 'Slab Espresso', exact: true })).toBeVisible();
});

test('results page: server HTML has the results; the search box is disabled while blank and updates the address', async ({ page, request }) => {
  const served = await request.get('/search?query=shaker', { headers: { Accept: 'text/html' } });
  expect(served.status()).toBe(200);
  const html = await served.text();
  expect(html).toContain('Shaker Snow White');
  expect(html).toContain(`href="${STYLE_PAGE}/ssw"`);
  expect(html).toContain('noindex');

  await page.goto('/search');
  await expect(page.getByText('Type a style name, a finish, a SKU or a topic, then press Search.')).toBeVisible();
  const box = page.getByRole('searchbox', { name: 'Search the site' });
  const button = page.getByRole('button', { name: 'Search', exact: true });
  await expect(button).toBeDisabled();
  await box.fill('   ');
  await expect(button).toBeDisabled();
  await box.fill('ab');
  await button.click();
  await expect(page.getByRole('alert')).toHaveText('Please enter at least 3 characters to search.');
  await expect(page).toHaveURL(/\/search$/);

  await page.evaluate(() => window.scrollTo(0, 120));
  await box.fill('ssw-b12');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?query=ssw-b12$/);
  const first = page.getByRole('listitem').filter({ has: page.getByRole('article') }).first();
  await expect(first).toContainText('SKU SSW-B12');
  // each result shows its name and its categories, linking to the category pages (spec §3 search item)
  const [cabinet] = ((await (await request.get('/api/search?query=ssw-b12')).json()) as { items: { name: string }[] }).items;
  await expect(first.getByRole('heading', { level: 3 })).toHaveText(cabinet!.name);
  await expect(first.getByRole('link', { name: 'Shaker Cabinets' })).toHaveAttribute('href', '/categories/shaker');
  // the page stayed where it was
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);

  await box.fill('qwxzzv');
  await box.press('Enter');
  await expect(page.getByText('No results found.')).toBeVisible();

  // more than one page of results: page numbers and Next
  await page.goto('/search?query=cabinet');
  const pages = page.getByRole('navigation', { name: 'Search result pages' });
  await expect(pages).toBeVisible();
  await pages.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/search\?query=cabinet&page=2$/);
  await expect(pages.locator('[aria-current="page"]')).toHaveText('2');

  // an article's result links to its blog category
  await page.goto('/search?query=island');
  const article = page.locator('.content-search__hit--blog').first();
  await expect(article.locator('.content-search__categories').getByRole('link').first()).toHaveAttribute('href', /^\/blogs\/category\/[a-z0-9-]+$/);
});

test('header search at tablet width sits in the header bar', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Open search' })).toBeHidden();
  const box = page.getByRole('combobox', { name: 'Search products and articles' });
  await box.fill('navy');
  await expect(page.getByRole('option').first()).toBeVisible();
});

test('header search on a phone: the search button opens the field', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products and articles' });
  await expect(box).toBeHidden();
  await page.getByRole('button', { name: 'Open search' }).click();
  await expect(box).toBeVisible();
  await expect(box).toBeFocused();
  await box.fill('navy');
  await expect(page.getByRole('option').first()).toBeVisible();
  const popup = await page.getByRole('listbox', { name: 'Suggestions' }).boundingBox();
  expect(popup && popup.x >= 0 && popup.x + popup.width <= 375).toBe(true);
});
