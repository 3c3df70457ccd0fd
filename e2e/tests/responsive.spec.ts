import { expect, test } from '../support/test.js';

test('mobile: the menu opens as "Our Offerings" and closes again', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByText('Our Offerings')).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByText('Our Offerings')).toBeHidden();
});

for (const width of [375, 900, 1201, 1440]) {
  test(`${width}px: no horizontal scrolling on the main routes`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of ['/', '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw', '/contact', '/estimator', '/checkout']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
    }
  });
}
