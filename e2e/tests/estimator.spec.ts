import { expect, test } from '../support/test.js';

const range = /^\$[\d,]+ - \$[\d,]+$/;

test('the estimate range follows the options the visitor picks', async ({ page }) => {
  await page.goto('/estimator');
  const summary = page.getByRole('complementary', { name: /estimated pricing/i });
  await expect(summary.getByText('Make selections to see pricing')).toBeVisible();

  const firstSelect = page.getByRole('combobox').first();
  await firstSelect.selectOption({ index: 1 });
  const total = summary.getByTestId('estimate-total');
  await expect(total).toHaveText(range);
  const first = await total.textContent();

  await firstSelect.selectOption({ index: 2 });
  await expect(total).not.toHaveText(first!);
  await expect(total).toHaveText(range);
});
