import { expect, test } from '../support/test.js';

test('an unknown route shows the 404 page with its two ways out', async ({ page }) => {
  await page.goto('/');
  await page.goto('/this-page-does-not-exist');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(/not found|404/i);
  await expect(page.getByRole('link', { name: 'Go to home' })).toHaveAttribute('href', '/');
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('an unknown style code is a 404 from the content API and a not-found page', async ({ page, request }) => {
  const api = await request.get('/api/content/product-styles/not-a-style');
  expect(api.status()).toBe(404);
  expect((await api.json()).message).toBe('Product data not found or invalid format');

  await page.goto('/products/kitchen-cabinets/rta-kitchen-cabinets/not-a-style');
  await expect(page.getByRole('link', { name: 'Go to home' })).toBeVisible();
});

test('an unknown api path answers JSON 404', async ({ request }) => {
  const response = await request.get('/api/nothing-here');
  expect(response.status()).toBe(404);
  expect(await response.json()).toMatchObject({ success: false, statusCode: 404 });
});
