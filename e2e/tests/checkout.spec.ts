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

/**
 * Issue 36: /checkout's largest paint must not wait for hydration. A first visit's largest paint is the
 * cookie banner, on a phone the page itself (the cart is behind its drawer). On a desktop with the
 * cookie question answered, the largest is the cart's first line: the cart mirrors its lines into a
 * cookie, which the server prices into the first HTML, so it paints with the page.
 */
for (const { width, consent } of [
  { width: 390, consent: undefined },
  { width: 1280, consent: undefined },
  { width: 390, consent: 'acceptAll' },
  { width: 900, consent: 'acceptAll' },
  { width: 1280, consent: 'acceptAll' },
]) {
  test(`with samples in the cart, the checkout's largest paint is in its first HTML, never after hydration, and hydration moves nothing (${width} px, ${consent ?? 'no cookie answer yet'})`, async ({ page, request }) => {
    const style = (await (await request.get('/api/content/product-styles/ssw')).json()) as ProductStyle;
    const sample = style.items.find((item) => item.isSample)!;
    const finish = style.finishes[0]!.items[0]!;
    await page.setViewportSize({ width, height: 844 });
    if (consent) await page.context().addCookies([{ name: 'cookie_consent', value: consent, url: test.info().project.use.baseURL! }]);
    await page.addInitScript(
      ([sku, name, type, value]) => {
        window.localStorage.setItem('selectedSamples', JSON.stringify({ items: [{ sku, name, qty: 1, finish: { type, value }, styleName: 'ssw' }], expiresAt: Date.now() + 3600000 }));
        // every largest-paint candidate, and when the shell marked the page hydrated
        const seen = { candidates: [] as { at: number; text: string }[], hydratedAt: undefined as number | undefined, shifts: [] as number[] };
        (window as unknown as { paintsSeen: typeof seen }).paintsSeen = seen;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { element?: Element | null })[]) {
            seen.candidates.push({ at: entry.startTime, text: (entry.element?.textContent ?? '').slice(0, 60) });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) seen.shifts.push(entry.value);
        }).observe({ type: 'layout-shift', buffered: true });
        new MutationObserver(() => {
          if (seen.hydratedAt === undefined && document.documentElement?.dataset.hydrated === 'true') seen.hydratedAt = performance.now();
        }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
      },
      [sample.sku, sample.name, style.finishes[0]!.name, finish.value],
    );
    // an earlier page of the visit: the cart, read there, writes the cookies the server reads
    await page.goto('/contact');
    await expect.poll(async () => (await page.context().cookies()).map((cookie) => cookie.name)).toEqual(expect.arrayContaining(['sf_sample_count', 'sf_sample_lines']));

    await page.goto('/checkout');
    await expect(page.locator('.sf-cart-line').first()).toBeAttached();
    await page.waitForTimeout(300);
    const paints = await page.evaluate(() => (window as unknown as { paintsSeen: { candidates: { at: number; text: string }[]; hydratedAt?: number; shifts: number[] } }).paintsSeen);
    expect(paints.hydratedAt).toBeGreaterThan(0);
    expect(paints.candidates.length).toBeGreaterThan(0);
    for (const candidate of paints.candidates) expect(candidate.at, candidate.text).toBeLessThan(paints.hydratedAt!);
    // the server's layout is the width's own (guessing 'desktop' moved a phone's whole form: 0.27-0.74)
    expect(paints.shifts.reduce((sum, shift) => sum + shift, 0)).toBeLessThan(0.01);
  });
}

test("with the cart's lines cookie, the first HTML of /checkout holds the cart priced by the server, and hydration asks nothing again", async ({ page, request }) => {
  const style = (await (await request.get('/api/content/product-styles/ssw')).json()) as ProductStyle;
  const sample = style.items.find((item) => item.isSample)!;
  const finishGroup = style.finishes[0]!;
  const lines = JSON.stringify([[sample.sku, finishGroup.name, finishGroup.items[0]!.value, 1]]);
  const html = await (await request.get('/checkout', { headers: { cookie: `sf_sample_count=1; sf_sample_lines=${encodeURIComponent(lines)}` } })).text();
  expect(html).toContain(sample.name);
  expect(html).toContain(sample.sku);
  expect(html).not.toContain('Loading cart...');

  // the same cart in localStorage: the page is drawn from the server's pricing, no cart summary is asked for
  await page.setViewportSize({ width: 1280, height: 844 });
  await page.addInitScript(
    ([sku, name, type, value]) => {
      window.localStorage.setItem('selectedSamples', JSON.stringify({ items: [{ sku, name, qty: 1, finish: { type, value }, styleName: 'ssw' }], expiresAt: Date.now() + 3600000 }));
    },
    [sample.sku, sample.name, finishGroup.name, finishGroup.items[0]!.value],
  );
  await page.context().addCookies([
    { name: 'sf_sample_count', value: '1', url: test.info().project.use.baseURL! },
    { name: 'sf_sample_lines', value: encodeURIComponent(lines), url: test.info().project.use.baseURL! },
  ]);
  const summaryCalls: string[] = [];
  page.on('request', (sent) => {
    if (new URL(sent.url()).pathname === '/api/order/cart-summary') summaryCalls.push(sent.method());
  });
  await page.goto('/checkout');
  await expect(page.locator('html[data-hydrated="true"]')).toBeAttached();
  const summary = page.getByRole('complementary', { name: /Shopping Cart/ });
  await expect(summary.getByText(sample.name)).toBeVisible();
  await page.waitForTimeout(500);
  expect(summaryCalls).toEqual([]);
  // a change of the cart is priced again: removing the line leaves the cart empty
  await summary.getByRole('button', { name: `Remove ${sample.name}` }).click();
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
