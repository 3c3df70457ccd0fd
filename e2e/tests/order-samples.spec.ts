import type { CatalogSamplesResponse } from '@storefront/contracts';
import { expect, test } from '../support/test.js';

test('/order-samples: choose samples, the quantity rule, the cart badge and /checkout', async ({ page, request }) => {
  const html = await (await request.get('/order-samples')).text();
  expect(html).toContain('Order Free Sample Doors');
  // the first page's sample doors are in the server's HTML, not behind "Loading samples...."
  const { styles } = (await (await request.get('/api/catalog/samples?style=cbs')).json()) as CatalogSamplesResponse;
  const [first, second] = styles[0]!.items;
  expect(html).toContain(first!.name);

  await page.goto('/order-samples');
  const card = page.locator('.sf-listing-card').filter({ hasText: styles[0]!.title });
  const add = card.getByRole('button', { name: 'Add selected samples to cart' });

  await add.click();
  await expect(card.getByText('Please select at least one sample.')).toBeVisible();

  await card.getByRole('checkbox', { name: first!.name }).check();
  await card.getByRole('textbox', { name: `Quantity of ${first!.name}` }).fill('abc');
  await add.click();
  await expect(card.getByText(`Item ${first!.name} has been successfully added.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // the same door again: one of each door is the most a cart holds
  await add.click();
  await expect(card.getByText(`You can order maximum 1 quantity of item "${first!.name}".`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await card.getByRole('checkbox', { name: first!.name }).uncheck();
  await card.getByRole('checkbox', { name: second!.name }).check();
  await card.getByRole('textbox', { name: `Quantity of ${second!.name}` }).fill('3');
  await add.click();
  await expect(card.getByText(`You can order maximum 1 quantity of item "${second!.name}".`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  await card.getByRole('textbox', { name: `Quantity of ${second!.name}` }).fill('1');
  await add.click();
  await expect(page.getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();

  await page.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByText(first!.sku).first()).toBeVisible();
  await expect(page.getByText(second!.sku).first()).toBeVisible();
});

test('/order-samples: Load More adds the next styles and keeps them on reload', async ({ page }) => {
  await page.goto('/order-samples');
  const cards = page.locator('.sf-listing__cards > li[data-style-code]');
  await expect(cards).toHaveCount(6);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(12);
  await expect(page).toHaveURL(/page=2/);
  // focus moves to the first new card, where reading goes on
  await expect(cards.nth(6).locator('h3 a')).toBeFocused();
  await page.reload();
  await expect(cards).toHaveCount(12);
  await page.getByRole('button', { name: 'Load More' }).click();
  await expect(cards).toHaveCount(17);
  await expect(page.getByRole('button', { name: 'Load More' })).toHaveCount(0);
});
