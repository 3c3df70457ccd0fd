import type { Page } from '@playwright/test';
import type { CatalogListingResponse } from '@storefront/contracts';
import { expect, test } from '../support/test.js';

const LISTING = '/products/kitchen-cabinets/rta-kitchen-cabinets';
// content/pages/rta-kitchen-cabinets.json: sidebar filters, page numbers, 9 cards a page
const PAGE_SIZE = 9;

async function catalog(page: Page, query: string): Promise<CatalogListingResponse> {
  return (await (await page.request.get(`/api/catalog/styles?pageSize=${PAGE_SIZE}&${query}`)).json()) as CatalogListingResponse;
}

function cardTitles(page: Page) {
  return page.locator('.sf-listing__cards h3');
}

test('listing: filter, sort, page 2, and a reload shows the same list from the address', async ({ page, request }) => {
  // the first HTML already holds the cards and the filters (server-rendered)
  const html = await (await request.get(LISTING)).text();
  const firstPage = await catalog(page, 'page=1');
  expect(firstPage.total).toBe(17);
  expect(html).toContain(firstPage.items[0]!.title);
  expect(html).toContain('Door Style');

  await page.goto(LISTING);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await expect(cardTitles(page)).toHaveCount(PAGE_SIZE);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText('Showing 1–9 of 17 styles');

  // Shaker or Craftsman (one filter, two values: either matches)
  // (click, then expect: the router applies the new address in a transition, a moment after the click)
  await filters.getByRole('checkbox', { name: /^Shaker/ }).click();
  await expect(page).toHaveURL(/doorStyle=shaker/);
  await expect(filters.getByRole('checkbox', { name: /^Shaker/ })).toBeChecked();
  await filters.getByRole('checkbox', { name: /^Craftsman/ }).click();
  await expect(page).toHaveURL(/doorStyle=shaker&doorStyle=craftsman/);
  const chosen = await catalog(page, 'doorStyle=shaker&doorStyle=craftsman&sort=z-a');
  expect(chosen.total).toBeGreaterThan(PAGE_SIZE);
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 1–9 of ${chosen.total} styles`);
  await expect(page.getByRole('group', { name: 'Your Selection' }).getByRole('button', { name: 'Remove Door Style: Shaker' })).toBeVisible();

  await page.getByLabel('Sort by').selectOption('z-a');
  await expect(page).toHaveURL(/sort=z-a/);
  await expect(cardTitles(page).first()).toHaveText(chosen.items[0]!.title);

  await page.getByRole('navigation', { name: 'Product pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  const second = await catalog(page, 'doorStyle=shaker&doorStyle=craftsman&sort=z-a&page=2');
  await expect(cardTitles(page)).toHaveText(second.items.map((item) => item.title));

  await page.reload();
  await expect(cardTitles(page)).toHaveText(second.items.map((item) => item.title));
  await expect(filters.getByRole('checkbox', { name: /^Shaker/ })).toBeChecked();
  await expect(filters.getByRole('checkbox', { name: /^Craftsman/ })).toBeChecked();
  await expect(page.getByLabel('Sort by')).toHaveValue('z-a');
  await expect(page.getByRole('navigation', { name: 'Product pages' }).getByLabel('Page 2, current page')).toBeVisible();

  // a filter change goes back to page 1
  await filters.getByRole('checkbox', { name: /^Craftsman/ }).click();
  await expect(filters.getByRole('checkbox', { name: /^Craftsman/ })).not.toBeChecked();
  await expect(page).not.toHaveURL(/page=/);
  const shaker = await catalog(page, 'doorStyle=shaker');
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(`Showing 1–${shaker.total} of ${shaker.total} styles`);
});

test('bad listing addresses give a sensible page, never an error', async ({ page }) => {
  for (const query of ['page=999', 'page=-3', 'page=abc', 'sort=cheapest', 'doorStyle=no-such-style']) {
    const response = await page.goto(`${LISTING}?${query}`);
    expect(response?.status(), query).toBe(200);
    await expect(cardTitles(page), query).toHaveCount(PAGE_SIZE);
  }
  await expect(page.getByLabel('Sort by')).toHaveValue('a-z');
});

test('cards: the finish swatches link to the style page with the finish chosen, "+n" beyond nine', async ({ page }) => {
  await page.goto(`${LISTING}?doorStyle=slim-shaker`);
  const card = page.locator('.sf-listing-card').filter({ hasText: 'Coastal Slim Taupe Linen' });
  const swatches = card.locator('.sf-listing-swatch');
  await expect(swatches).toHaveCount(9);
  const more = card.getByRole('button', { name: /Show 4 more finishes/ });
  await expect(more).toHaveText('+4');
  await more.click();
  await expect(swatches).toHaveCount(13);
  await card.getByRole('button', { name: /Show fewer finishes/ }).click();
  await expect(swatches).toHaveCount(9);
  await swatches.first().click();
  await expect(page).toHaveURL(/\/rta-kitchen-cabinets\/cstl\?type=.+&value=.+/);
});

test('phones: the filters slide in; chips remove a staged choice, Clear All empties, Apply writes the address', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(LISTING);
  await expect(page.getByRole('complementary', { name: 'Filters' })).toBeHidden();
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Filter' });
  await expect(panel).toBeVisible();
  await panel.getByRole('checkbox', { name: 'Shaker', exact: true }).check();
  await panel.getByRole('checkbox', { name: 'White' }).check();
  const chips = panel.getByRole('group', { name: 'Your Selection' });
  await expect(chips.getByRole('button')).toHaveCount(2);
  // staged only: the address has not changed yet
  await expect(page).not.toHaveURL(/doorStyle/);
  await chips.getByRole('button', { name: 'Remove Color: White' }).click();
  await expect(panel.getByRole('checkbox', { name: 'White' })).not.toBeChecked();
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(panel).toBeHidden();
  await expect(page).toHaveURL(/doorStyle=shaker/);
  await expect(page).not.toHaveURL(/color=/);
  const shaker = await catalog(page, 'doorStyle=shaker');
  await expect(cardTitles(page)).toHaveCount(shaker.items.length);

  await page.getByRole('button', { name: 'Filter (1)' }).click();
  await panel.getByRole('button', { name: 'Clear All' }).click();
  await expect(panel.getByRole('group', { name: 'Your Selection' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Apply' }).click();
  await expect(page).not.toHaveURL(/doorStyle/);
  await expect(cardTitles(page)).toHaveCount(PAGE_SIZE);
});

test('infinite scroll asks for the next page near the end of the list (/test)', async ({ page }) => {
  await page.goto('/test');
  const listing = page.getByRole('region', { name: 'Every Door Style, Scroll for More' });
  const cards = listing.locator('.sf-listing__cards h3');
  await expect(cards).toHaveCount(4);
  await listing.locator('.sf-pagination--infinite').scrollIntoViewIfNeeded();
  await expect(cards).toHaveCount(8);
  await expect(page).toHaveURL(/page=2/);
});
