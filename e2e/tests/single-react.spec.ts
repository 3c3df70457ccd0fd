import { expect, test } from '../support/test.js';

/**
 * One React on the page, however many remotes render: the federation share scope has exactly one
 * loaded `react`, and exactly one React renderer (react-dom) registers with the DevTools hook.
 */
test('every remote shares the one copy of React the page loads', async ({ page }) => {
  await page.addInitScript(() => {
    const w = window as unknown as { __renderers: number; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
    w.__renderers = 0;
    w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
      supportsFiber: true,
      renderers: new Map(),
      inject: () => ++w.__renderers,
      onCommitFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      checkDCE() {},
    };
  });

  // One page session that loads the shell and all six remotes through client-side navigation.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const visits = [
    ['/contact', page.getByRole('form', { name: /contact/i })],
    ['/estimator', page.getByText('Make selections to see pricing')],
    ['/checkout', page.getByText(/Looks like you have not added anything/)],
    ['/products/kitchen-cabinets/rta-kitchen-cabinets/ssw', page.getByRole('radio').first()],
    // the staff back office: its own frame, the same React
    ['/admin/sign-in', page.getByRole('heading', { level: 1, name: 'Sign in' })],
  ] as const;
  for (const [path, ready] of visits) {
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
    await expect(ready).toBeVisible();
  }

  const loadedReact = await page.evaluate(() => {
    type ShareEntry = { loaded?: boolean; from?: string };
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, ShareEntry>>>> } })
      .__FEDERATION__?.__SHARE__ ?? {};
    const copies = new Set<string>();
    for (const scopes of Object.values(share))
      for (const [version, entry] of Object.entries(scopes['default']?.['react'] ?? {}))
        if (entry.loaded) copies.add(`${entry.from}@${version}`);
    return [...copies];
  });
  expect(loadedReact).toHaveLength(1);
  expect(loadedReact[0]).toMatch(/^shell@/);
  expect(await page.evaluate(() => (window as unknown as { __renderers: number }).__renderers)).toBe(1);
});
