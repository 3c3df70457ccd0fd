import { expect, test } from '../support/test.js';
import { RemoteDeployment, withSourceChange } from '../support/remote-build.js';

// These tests change what is deployed; they run one after another and put everything back.
test.describe.configure({ mode: 'serial' });

test('a remote rebuilt with a changed text while the site runs: the next HTML and the browser show it', async ({ page, request }) => {
  test.setTimeout(240_000);
  const checkout = new RemoteDeployment('mf-checkout');
  checkout.setAside();
  try {
    await withSourceChange('mf-checkout/src/checkout/CheckoutPage.tsx', 'const CHECKOUT_TITLE = \'Checkout\';', 'const CHECKOUT_TITLE = \'Checkout (new build)\';', async () => {
      checkout.rebuild();
    });
    // No restart, no shell rebuild: the server notices the new manifest on a following request.
    await expect
      .poll(async () => (await (await request.get('/checkout', { headers: { Accept: 'text/html' } })).text()).includes('Checkout (new build)'), {
        timeout: 15_000,
      })
      .toBe(true);
    await page.goto('/checkout');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout (new build)');
  } finally {
    checkout.restore();
  }
  await expect
    .poll(async () => (await (await request.get('/checkout', { headers: { Accept: 'text/html' } })).text()).includes('Checkout (new build)'), {
      timeout: 15_000,
    })
    .toBe(false);
});

test('a remote whose server build is unreachable: the page is still 200 and its area loads in the browser', async ({ page, request }) => {
  const estimator = new RemoteDeployment('mf-estimator');
  estimator.setAside();
  try {
    // A deployment that lacks the server build: the manifest still names it, the file is gone.
    estimator.editManifest((manifest) => {
      (manifest['metaData'] as { ssrRemoteEntry: { name: string } }).ssrRemoteEntry.name = 'missing-remoteEntry.js';
    });
    // The server notices the new manifest within its revalidation interval.
    let html = '';
    await expect
      .poll(
        async () => {
          const response = await request.get('/estimator', { headers: { Accept: 'text/html' } });
          expect(response.status()).toBe(200);
          html = await response.text();
          return html.includes('Make selections to see pricing');
        },
        { timeout: 15_000 },
      )
      .toBe(false);
    expect(html).toContain('class="shell-header"');
    expect(html).toContain('class="shell-footer"');
    expect(html).toContain('Loading estimator');

    await page.goto('/estimator');
    await expect(page.getByText('Make selections to see pricing')).toBeVisible();
  } finally {
    estimator.restore();
  }
});
