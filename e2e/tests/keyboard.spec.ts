import { expect, test } from '../support/test.js';
import type { ProductStyle } from '@storefront/contracts';

test('keyboard: the skip link leads past the header to the page content', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main-content$/);
  await expect(page.locator('#main-content')).toBeInViewport();
});

test('keyboard: arrow keys change the finish and the address follows', async ({ page, request }) => {
  const style = (await (await request.get('/api/content/product-styles/ssw')).json()) as ProductStyle;
  const [first, second] = style.finishes[0]!.items;
  await page.goto('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw');
  const firstRadio = page.getByRole('radio', { name: first!.label });
  await expect(firstRadio).toBeChecked();
  await firstRadio.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: second!.label })).toBeChecked();
  await expect(page.getByRole('radio', { name: second!.label })).toBeFocused();
  await expect(page).toHaveURL(new RegExp(`value=${second!.value}`));
});

test('keyboard: the contact form submits with Enter and announces what is missing', async ({ page }) => {
  await page.goto('/contact');
  const firstName = page.getByLabel('First Name');
  await firstName.focus();
  await page.keyboard.type('Dana');
  await page.keyboard.press('Enter');
  const alerts = page.getByRole('form', { name: /contact/i }).getByRole('alert');
  await expect(alerts.first()).toHaveText('This field is required');
  await expect(page.getByLabel('Last Name')).toHaveAttribute('aria-invalid', 'true');
  await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');
});
