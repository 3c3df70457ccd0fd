import type { Page, Request } from '@playwright/test';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import { CARD_FRAME, addSampleOnStylePage, fillBilling, newShopper, ordersOf, payByCard } from '../support/checkout.js';
import { E2E_BASE_URL } from '../support/stack.js';
import { expect, test } from '../support/test.js';

/**
 * The checkout never holds a card number: the shopper types it into the sandbox provider's frame,
 * which makes the token in the browser, and no request to our origin (the page's, the frame's, the
 * scripts') carries the number, in any spelling.
 */

const ORIGIN = new URL(E2E_BASE_URL).origin;
const NUMBER = SANDBOX_TEST_CARDS.succeeds;

interface Recorded {
  url: string;
  headers: Record<string, string>;
  body: string;
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/**
 * Where a text shows the card number: digits only, spaced, split into groups of four by anything
 * (JSON arrays, dashes, URL-encoded spaces), or the number's first twelve digits in groups, which no
 * token carries (a token holds the last four only).
 */
function cardNumberIn(text: string): string | undefined {
  const groups = NUMBER.match(/\d{4}/g)!;
  const between = '\\D{0,6}';
  const patterns = [
    new RegExp(NUMBER),
    new RegExp(groups.join(' ')),
    new RegExp(groups.join(between)),
    new RegExp(groups.slice(0, 3).join(between)),
  ];
  for (const candidate of [text, decoded(text)]) {
    const hit = patterns.find((pattern) => pattern.test(candidate));
    if (hit) return `${hit.source} in ${candidate.slice(0, 300)}`;
  }
  return undefined;
}

/** Every request the page and its frames make to our origin: URL, every header, the body. */
function recordRequests(page: Page): () => Promise<Recorded[]> {
  const pending: Promise<Recorded>[] = [];
  page.on('request', (request: Request) => {
    if (new URL(request.url()).origin !== ORIGIN) return;
    // allHeaders() can be refused for a request of a document that is going away (the navigation to the
    // success page); the headers the page itself set are then still checked.
    const headers = request.allHeaders().catch(() => request.headers());
    pending.push(headers.then((all) => ({ url: request.url(), headers: all, body: request.postData() ?? '' })));
  });
  return () => Promise.all(pending);
}

test('no request to our origin during a card checkout carries the card number, and the order is paid', async ({ page }) => {
  const shopper = newShopper('no-card-number');
  await addSampleOnStylePage(page);
  const recorded = recordRequests(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await payByCard(page, `${NUMBER.slice(0, 4)} ${NUMBER.slice(4, 8)} ${NUMBER.slice(8, 12)} ${NUMBER.slice(12)}`);
  await expect(page).toHaveURL(/\/order\/success$/);
  const [order] = await ordersOf(shopper.email);
  expect(order).toMatchObject({ status: 'ordered', payment_status: 'completed' });

  const requests = await recorded();
  const urls = requests.map((request) => new URL(request.url).pathname);
  // the frame was ours and loaded its own script; the token paid the order
  expect(urls).toEqual(expect.arrayContaining(['/api/payment/sandbox/hosted-fields.js', '/api/payment/sandbox/hosted-fields', '/api/payment/sandbox/hosted-fields/frame.js', '/api/payment/attempts']));
  const attempt = requests.find((request) => request.url.endsWith('/api/payment/attempts'))!;
  expect(JSON.parse(attempt.body).paymentToken).toMatch(/^tok_sandbox_succeeds_visa_4242_[0-9a-f]{32}$/);
  for (const request of requests) {
    const leak = cardNumberIn(request.url) ?? cardNumberIn(JSON.stringify(request.headers)) ?? cardNumberIn(request.body);
    expect(leak, `${request.url} carries the card number`).toBeUndefined();
  }
});

test("the number stays in the frame: never in our page's DOM, form values or storage", async ({ page }) => {
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  const frame = page.frameLocator(CARD_FRAME);
  await frame.getByLabel('Card number').fill(NUMBER);
  await expect(frame.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  const ours = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    values: Array.from(document.querySelectorAll('input, select, textarea')).map((field) => (field as HTMLInputElement).value).join(' '),
    storage: JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
    cookies: document.cookie,
  }));
  for (const [where, text] of Object.entries(ours)) expect(cardNumberIn(text), where).toBeUndefined();
});

test('the card frame takes the place the server kept for it: the form does not move (no layout shift)', async ({ page }) => {
  await addSampleOnStylePage(page);
  // every layout shift of the checkout's form column, from the first paint on
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { formShifts: number[] }).formShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        const inForm = (entry.sources ?? []).some((source) => source.node instanceof Element && source.node.closest('.sf-checkout__form'));
        if (!entry.hadRecentInput && inForm) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  // a slow provider script: the page is painted and interactive well before the frame arrives
  await page.route('**/api/payment/sandbox/hosted-fields.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/checkout');
  const submit = page.getByRole('button', { name: 'Submit' });
  await expect(page.getByText('Loading secure card fields…')).toBeVisible();
  const before = await submit.boundingBox();
  await expect(page.frameLocator(CARD_FRAME).getByLabel('Card number')).toBeVisible();
  await page.waitForTimeout(300);
  expect(await submit.boundingBox()).toEqual(before);
  expect(await page.evaluate(() => (window as unknown as { formShifts: number[] }).formShifts)).toEqual([]);
});
