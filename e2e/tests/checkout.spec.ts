import { expect, test } from '../support/test.js';
import type { ProductStyle } from '@storefront/contracts';

test('an empty cart says so and offers Continue Shopping', async ({ page }) => {
  await page.goto('/checkout');
  await expect(
    page.getByText('Looks like you have not added anything to your cart. Go ahead & add items to your cart.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue Shopping' }).first()).toHaveAttribute('href', '/order-samples');
});

test('a seeded cart shows its items with server prices', async ({ page, request }) => {
  const style = (await (await request.get('/api/content/product-styles/ssw')).json()) as ProductStyle;
  const sample = style.items.find((item) => item.isSample)!;
  const finish = style.finishes[0]!.items[0]!;
  await page.addInitScript(
    ([sku, name, type, value]) => {
      window.localStorage.setItem(
        'selectedSamples',
        JSON.stringify({
          items: [{ sku, name, qty: 1, finish: { type, value }, styleName: 'ssw' }],
          expiresAt: Date.now() + 60 * 60 * 1000,
        }),
      );
    },
    [sample.sku, sample.name, style.finishes[0]!.name, finish.value],
  );

  await page.goto('/checkout');
  await expect(page.getByText(sample.sku).first()).toBeVisible();
  await expect(page.getByText(sample.name).first()).toBeVisible();
  await expect(page.getByText('Subtotal').first()).toBeVisible();
  await expect(page.getByText('Total', { exact: true }).first()).toBeVisible();
});

test('an expired cart is treated as empty', async ({ page }) => {
  await page.addInitScript(() => {
    window.localStorage.setItem(
      'selectedSamples',
      JSON.stringify({ items: [{ sku: 'SSW-X', name: 'Old', qty: 1, finish: { type: 'a', value: 'b' } }], expiresAt: Date.now() - 1000 }),
    );
  });
  await page.goto('/checkout');
  await expect(page.getByText(/Looks like you have not added anything to your cart/)).toBeVisible();
});

test("the first HTML of /checkout is the form when the cart's count cookie says it holds samples, else the empty state", async ({ request }) => {
  const withSamples = await (await request.get('/checkout', { headers: { cookie: 'sf_sample_count=1' } })).text();
  expect(withSamples).toContain('name="bill_first_name"');
  expect(withSamples).toContain('Loading cart...');
  // the card area holds the provider frame's place; no card input is ever ours (the frame comes after hydration)
  expect(withSamples).toContain('class="sf-checkout-card-frame"');
  expect(withSamples).not.toMatch(/cc-number|cc-csc|name="card|<iframe/);
  const empty = await (await request.get('/checkout', { headers: { cookie: '' } })).text();
  expect(empty).toContain('Looks like you have not added anything to your cart.');
  expect(empty).not.toContain('name="bill_first_name"');
});
