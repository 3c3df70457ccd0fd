import pg from 'pg';
import type { Page } from '@playwright/test';
import { addSampleOnStylePage, fillBilling, newShopper } from '../support/checkout.js';
import { expect, test } from '../support/test.js';

/**
 * PayPal on its real adapter (@paypal/paypal-server-sdk) against the PayPal stand-in, with PayPal's
 * buttons (@paypal/react-paypal-js) loading the stand-in's JS SDK from the method's config.scriptUrl:
 * the buttons replace Submit, an incomplete form creates nothing, the approval window opens like
 * PayPal's popup, and an approved payment is captured by the payments service and the order paid.
 */
const DATABASE_URL = `postgres://postgres:password@127.0.0.1:${Number(process.env.E2E_PROVIDERS_PG_PORT ?? 54351)}/storefront`;
const INCOMPLETE = 'Please complete all required fields before proceeding with payment.';
const CANCELED = 'An error occurred during the PayPal transaction. Please try again.';

async function query<T extends pg.QueryResultRow>(sql: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

const ordersOf = (email: string) =>
  query<{ id: string; status: string; payment_status: string }>('SELECT id, status, payment_status FROM orders.orders WHERE email = $1 ORDER BY created_at', [email]);
const attemptsOf = (orderId: string) =>
  query<{ gateway: string; status: string; transaction_id: string | null; amount_cents: string }>(
    'SELECT gateway, status, transaction_id, amount_cents FROM payments.payment_attempt WHERE order_id = $1 ORDER BY created_at',
    [orderId],
  );
const count = async (table: string) => Number((await query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`))[0]!.n);

/** PayPal's button, as the JS SDK (here the stand-in's) renders it where react-paypal-js asked. */
const paypalButton = (page: Page) => page.getByTestId('paypal-buttons').getByRole('button', { name: 'PayPal' });

async function choosePayPal(page: Page): Promise<void> {
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await expect(paypalButton(page)).toBeVisible();
}

test('the Submit button is hidden for PayPal; its buttons come from the configured JS SDK with the client id, USD and intent capture', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && request.url().includes('/sdk/js')) scripts.push(request.url());
  });
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await choosePayPal(page);
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Pay with PayPal' })).toHaveCount(0);
  expect(scripts).toHaveLength(1);
  const sdk = new URL(scripts[0]!);
  expect(sdk.searchParams.get('client-id')).toBe('stand-in-paypal-client-id');
  expect(sdk.searchParams.get('currency')).toBe('USD');
  expect(sdk.searchParams.get('intent')).toBe('capture');
});

test('an incomplete form shows the PayPal validation message and creates nothing', async ({ page }) => {
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await choosePayPal(page);
  const [orders, attempts] = [await count('orders.orders'), await count('payments.payment_attempt')];
  await paypalButton(page).click();
  await expect(page.getByText(INCOMPLETE)).toBeVisible();
  await expect(page.getByText('Phone number is required').first()).toBeVisible();
  expect(await count('orders.orders')).toBe(orders);
  expect(await count('payments.payment_attempt')).toBe(attempts);
  await expect(page).toHaveURL(/\/checkout$/);
});

test('approved in the PayPal window: /order/success, the PayPal order captured and the order paid', async ({ page }) => {
  const shopper = newShopper('paypal-live');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await choosePayPal(page);
  await expect(page.getByText('Standard Ground').first()).toBeVisible();

  const popupOpened = page.waitForEvent('popup');
  await paypalButton(page).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/\/checkoutnow\?token=[A-Z0-9]{17}&popup=1$/);
  await popup.getByTestId('paypal-approve').click();

  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 20_000 });
  const [order] = await ordersOf(shopper.email);
  expect(order).toMatchObject({ status: 'ordered', payment_status: 'completed' });
  const attempts = await attemptsOf(order!.id);
  expect(attempts).toEqual([expect.objectContaining({ gateway: 'paypal', status: 'completed', transaction_id: expect.stringMatching(/^[A-Z0-9]{17}$/) })]);
});

test('canceled in the PayPal window: the shopper stays at the checkout with the order retained, and pays it on the next try', async ({ page }) => {
  const shopper = newShopper('paypal-cancel');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await choosePayPal(page);
  await expect(page.getByText('Standard Ground').first()).toBeVisible();

  let popupOpened = page.waitForEvent('popup');
  await paypalButton(page).click();
  let popup = await popupOpened;
  await popup.getByTestId('paypal-cancel').click();
  await expect(page.getByText(CANCELED)).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  const [kept] = await ordersOf(shopper.email);
  expect(kept).toMatchObject({ status: 'pending', payment_status: 'pending' });

  popupOpened = page.waitForEvent('popup');
  await paypalButton(page).click();
  popup = await popupOpened;
  await popup.getByTestId('paypal-approve').click();
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 20_000 });
  // one order, paid; its first PayPal order abandoned, the second captured
  const orders = await ordersOf(shopper.email);
  expect(orders).toEqual([expect.objectContaining({ id: kept!.id, status: 'ordered', payment_status: 'completed' })]);
  expect((await attemptsOf(kept!.id)).map((attempt) => attempt.status)).toEqual(['failed', 'completed']);
});
