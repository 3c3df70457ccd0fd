import { expect, test } from '@playwright/test';

/** React's own package defines its hooks on its exports object; react-dom only calls them. */
const REACT_CORE_MARKER = /\.useState=function\(/;

test('every remote shares the one copy of React the page loads', async ({ page }) => {
  const reactCopies = new Set<string>();
  page.on('response', async (response) => {
    if (!response.url().endsWith('.js')) return;
    const body = await response.text().catch(() => '');
    if (REACT_CORE_MARKER.test(body)) reactCopies.add(response.url());
  });

  // One visit that loads the shell and all five remotes.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const nav = page.getByRole('navigation', { name: /main/i });
  for (const [path, ready] of [
    ['/contact', page.getByRole('form', { name: /contact/i })],
    ['/estimator', page.getByText('Make selections to see pricing')],
    ['/checkout', page.getByText(/Looks like you have not added anything/)],
  ] as const) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(ready).toBeVisible();
  }
  await page.evaluate(() => {
    window.history.pushState({}, '', '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByRole('radio').first()).toBeVisible();
  await expect(nav).toBeVisible();

  expect([...reactCopies]).toHaveLength(1);
});
