import type { Page, Request } from '@playwright/test';
import pg from 'pg';
import { addSampleOnStylePage, fillBilling, newShopper } from '../support/checkout.js';
import { PROVIDERS_BASE_URL, PROVIDERS_DATABASE_URL, standInUrl } from '../support/providers-stack.js';
import { expect, test } from '../support/test.js';

/**
 * The checkout on Stripe: the payments service runs the real Stripe adapter (the `stripe` SDK) against
 * the Stripe stand-in, and the checkout loads Stripe.js from STRIPE_JS_URL (the stand-in's), whose card
 * fields are frames on the stand-in's origin. The stand-in's test cards are Stripe's.
 */
const CARDS = { succeeds: '4242424242424242', declined: '4000000000000002', requiresAuthentication: '4000002500003155' };
const ORIGIN = new URL(PROVIDERS_BASE_URL).origin;
const STAND_IN = new URL(standInUrl('stripe')).origin;

async function ordersOf(email: string) {
  const client = new pg.Client({ connectionString: PROVIDERS_DATABASE_URL });
  await client.connect();
  try {
    return (
      await client.query<{ id: string; order_increment_id: string; status: string; payment_status: string }>(
        'SELECT id, order_increment_id, status, payment_status FROM orders.orders WHERE email = $1 ORDER BY created_at',
        [email],
      )
    ).rows;
  } finally {
    await client.end();
  }
}

/** Types the card into Stripe's three frames (number, expiry, CVC), never into our form; then Submit. */
async function payWithStripe(page: Page, cardNumber: string): Promise<void> {
  await page.frameLocator('iframe[title="Secure card number input frame"]').getByLabel('Card number').fill(cardNumber);
  await page.frameLocator('iframe[title="Secure expiration date input frame"]').getByLabel('Expiration date MM / YY').fill('12 / 34');
  await page.frameLocator('iframe[title="Secure CVC input frame"]').getByLabel('Security code').fill('123');
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
}

function recordRequests(page: Page): () => Promise<{ url: string; body: string; headers: Record<string, string> }[]> {
  const pending: Promise<{ url: string; body: string; headers: Record<string, string> }>[] = [];
  page.on('request', (request: Request) => {
    pending.push(request.allHeaders().then((headers) => ({ url: request.url(), headers, body: request.postData() ?? '' })));
  });
  return () => Promise.all(pending);
}

async function toCheckout(page: Page, tag: string) {
  const shopper = newShopper(tag);
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  return shopper;
}

test('pays with 4242 through Stripe Elements: the order is paid, a test payment, and the card never reaches our origin', async ({ page }) => {
  const recorded = recordRequests(page);
  const shopper = await toCheckout(page, 'stripe-paid');
  await payWithStripe(page, CARDS.succeeds);
  await expect(page).toHaveURL(/\/order\/success$/);
  const [order] = await ordersOf(shopper.email);
  expect(order).toMatchObject({ status: 'ordered', payment_status: 'completed' });
  await expect(page.getByText(order!.order_increment_id).first()).toBeVisible();
  // sk_test_ keys: Stripe's test mode, so no money moved
  await expect(page.getByText('Test payment: no money was taken.')).toBeVisible();

  const requests = await recorded();
  const ours = requests.filter((request) => new URL(request.url).origin === ORIGIN);
  const attempt = ours.find((request) => request.url.endsWith('/api/payment/attempts'))!;
  expect(JSON.parse(attempt.body).paymentToken).toMatch(/^pm_\w+$/);
  for (const request of ours) {
    for (const text of [request.url, request.body, JSON.stringify(request.headers)]) {
      expect(text.replace(/\D/g, ''), `${request.url} carries the card number`).not.toContain(CARDS.succeeds);
      expect(decodeURIComponent(text)).not.toMatch(/4242\D{0,6}4242\D{0,6}4242/);
    }
  }
  // the card went to Stripe (the stand-in) from its own frame, with the publishable key
  const toStripe = requests.find((request) => request.url === `${STAND_IN}/v1/payment_methods`)!;
  expect(toStripe.headers.authorization).toBe('Bearer pk_test_standin_e2e');
  expect(new URLSearchParams(toStripe.body).get('card[number]')).toBe(CARDS.succeeds);
});

test('3-D Secure: the shopper completes it on the authentication page and the verify page finishes the order', async ({ page }) => {
  const shopper = await toCheckout(page, 'stripe-3ds');
  await payWithStripe(page, CARDS.requiresAuthentication);
  await expect(page).toHaveURL(new RegExp(`^${STAND_IN}/__stand-in/stripe/3ds/pi_`));
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 20_000 });
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'ordered', payment_status: 'completed' })]);
});

test("a declined card shows Stripe's message and keeps the order for the next try", async ({ page }) => {
  const shopper = await toCheckout(page, 'stripe-declined');
  await payWithStripe(page, CARDS.declined);
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const [order] = await ordersOf(shopper.email);
  expect(order).toMatchObject({ status: 'pending_payment', payment_status: 'failed' });

  // the next try with a good card pays that same order
  await page.frameLocator('iframe[title="Secure card number input frame"]').getByLabel('Card number').fill(CARDS.succeeds);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ id: order!.id, status: 'ordered', payment_status: 'completed' })]);
});

test("the hosted elements' messages show at their fields, and nothing is created for an incomplete card", async ({ page }) => {
  const shopper = await toCheckout(page, 'stripe-incomplete');
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.frameLocator('iframe[title="Secure card number input frame"]').getByLabel('Card number').waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('[data-error-for="cardNumber"]')).toHaveText('Payment details are required to continue.');
  await page.frameLocator('iframe[title="Secure card number input frame"]').getByLabel('Card number').fill(CARDS.succeeds);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('[data-error-for="cardExpiry"]')).toHaveText('Expiry date is incomplete or invalid');
  expect(await ordersOf(shopper.email)).toEqual([]);
});

test("without Stripe.js the card area says 'Stripe.js not ready' and no order is placed", async ({ page }) => {
  await page.route(`${STAND_IN}/v3/stripe.js`, (route) => route.abort());
  const shopper = await toCheckout(page, 'stripe-no-js');
  await expect(page.getByText('Stripe.js not ready').first()).toBeVisible();
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Stripe.js not ready')).toHaveCount(2);
  expect(await ordersOf(shopper.email)).toEqual([]);
});

/**
 * The Payment Element variant: the method lists Stripe payment method types (here `card`) instead of
 * card brands. The settings file lists brands, so this rewrites the stripe method the page receives.
 */
async function offerPaymentElement(page: Page): Promise<void> {
  // (the document itself is left alone: Chromium treats a rewritten document as public and then
  // refuses its requests to the loopback stand-in, so the page data is rewritten as the page reads it)
  await page.addInitScript(() => {
    const rewrite = (text: string) => text.replace(/availableMethods(\\*"):\[(\\*")visa\2,\2mastercard\2,\2amex\2,\2discover\2\]/g, 'availableMethods$1:[$2card$2]');
    const byId = Document.prototype.getElementById;
    Document.prototype.getElementById = function (this: Document, id: string) {
      const element = byId.call(this, id);
      if (id === 'sf-page-data' && element && !element.hasAttribute('data-rewritten')) {
        element.textContent = rewrite(element.textContent ?? '');
        element.setAttribute('data-rewritten', '');
      }
      return element;
    };
  });
  await page.route(/\/api\/payment-methods/, async (route) => {
    const response = await route.fetch();
    const text = (await response.text()).replace(/"availableMethods":\["visa","mastercard","amex","discover"\]/g, '"availableMethods":["card"]');
    await route.fulfill({ response, body: text });
  });
}

async function payWithPaymentElement(page: Page, cardNumber: string): Promise<void> {
  const element = page.frameLocator('iframe[title="Secure payment input frame"]');
  await element.getByLabel('Card number').fill(cardNumber);
  await element.getByLabel('Expiration date MM / YY').fill('12 / 34');
  await element.getByLabel('Security code').fill('123');
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
}

test('the Payment Element: the intent is made without a card, Stripe.js confirms it and the verify page finishes the order', async ({ page }) => {
  await offerPaymentElement(page);
  const recorded = recordRequests(page);
  const shopper = await toCheckout(page, 'stripe-payment-element');
  await payWithPaymentElement(page, CARDS.succeeds);
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 20_000 });
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'ordered', payment_status: 'completed' })]);
  const requests = await recorded();
  // no token: the payments service created the intent, Stripe.js confirmed it with the client secret, Stripe returned the shopper to verify
  const attempt = requests.find((request) => request.url.endsWith('/api/payment/attempts'))!;
  expect(JSON.parse(attempt.body).paymentToken).toBeUndefined();
  const confirm = requests.find((request) => /\/v1\/payment_intents\/pi_\w+\/confirm$/.test(request.url))!;
  expect(new URLSearchParams(confirm.body).get('return_url')).toBe(`${ORIGIN}/payment/verify/stripe`);
  expect(requests.some((request) => new URL(request.url).pathname === '/payment/verify/stripe')).toBe(true);
});

test("the Payment Element: a declined card shows Stripe's message and keeps the order", async ({ page }) => {
  await offerPaymentElement(page);
  const shopper = await toCheckout(page, 'stripe-payment-element-declined');
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.frameLocator('iframe[title="Secure payment input frame"]').getByLabel('Card number').waitFor();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.locator('[data-error-for="paymentElement"]')).toHaveText('Payment details are required to continue.');
  await payWithPaymentElement(page, CARDS.declined);
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'pending', payment_status: 'pending' })]);
});

test('the Payment Element with 3-D Secure: Stripe.js sends the shopper to the authentication page, then the verify page pays the order', async ({ page }) => {
  await offerPaymentElement(page);
  const shopper = await toCheckout(page, 'stripe-payment-element-3ds');
  await payWithPaymentElement(page, CARDS.requiresAuthentication);
  await expect(page).toHaveURL(new RegExp(`^${STAND_IN}/__stand-in/stripe/3ds/pi_`));
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 20_000 });
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'ordered', payment_status: 'completed' })]);
});

test("the number stays in Stripe's frame: never in our page's DOM, form values or storage", async ({ page }) => {
  await toCheckout(page, 'stripe-dom');
  const number = page.frameLocator('iframe[title="Secure card number input frame"]').getByLabel('Card number');
  await number.fill(CARDS.succeeds);
  await expect(number).toHaveValue('4242 4242 4242 4242');
  const ours = await page.evaluate(() => ({
    html: document.documentElement.outerHTML,
    values: Array.from(document.querySelectorAll('input, select, textarea')).map((field) => (field as HTMLInputElement).value).join(' '),
    storage: JSON.stringify({ ...window.localStorage, ...window.sessionStorage }),
    cookies: document.cookie,
  }));
  for (const [where, text] of Object.entries(ours)) expect(text.replace(/\s/g, ''), where).not.toContain(CARDS.succeeds);
  // the frame is Stripe's (the stand-in's origin), not ours
  const frame = page.locator('iframe[title="Secure card number input frame"]');
  expect(new URL((await frame.getAttribute('src'))!).origin).toBe(STAND_IN);
});
