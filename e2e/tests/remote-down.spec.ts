import { expect, test } from '../support/test.js';

test('one remote down: its area offers Retry, the rest of the site keeps working', async ({ page }) => {
  const manifest = '**/remotes/mf-estimator/mf-manifest.json';
  await page.route(manifest, (route) => route.abort('connectionrefused'));

  await page.goto('/estimator');
  const main = page.locator('#main-content');
  await expect(main.getByText('This section could not be loaded.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toBeVisible();

  // Another remote still loads in the same page session.
  await page.getByRole('navigation', { name: /main/i }).getByRole('link', { name: 'Contact', exact: true }).click();
  await expect(page.getByRole('form', { name: /contact/i })).toBeVisible();

  // When the remote comes back, Retry really fetches it again.
  await page.goBack();
  await expect(main.getByText('This section could not be loaded.')).toBeVisible();
  await page.unroute(manifest);
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Make selections to see pricing')).toBeVisible();
});
