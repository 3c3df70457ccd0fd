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
