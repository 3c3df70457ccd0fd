import type { Page, Request } from '@playwright/test';
import { addSampleOnStylePage, fillBilling, newShopper } from '../support/checkout.js';
import { PROVIDERS_BASE_URL, standInUrl } from '../support/providers-stack.js';
import { expect, test } from '../support/test.js';

/**
 * A checkout paid with Authorize.Net on the providers' stack: the card typed into the direct card
 * entry, handed by Accept.js (the stand-in's, loaded from the method's acceptJsUrl) to the stand-in
 * for opaque data, charged by the payments service through the `authorizenet` SDK. The repository's
 * settings keep Authorize.Net disabled, so this runs on a content/ copy that switches the card
 * method to it (E2E_PROVIDERS_CONTENT_DIR; see docs/payments-and-email.md), and skips otherwise.
 */
const ORIGIN = new URL(PROVIDERS_BASE_URL).origin;
const STAND_IN = new URL(standInUrl('authorizenet')).origin;
const NUMBER = '4111111111111111';
const DECLINED = '4000000000000002';
const nextYear = String(new Date().getFullYear() + 1);

test.beforeAll(async ({ request }) => {
  const res = await request.get('/api/payment-methods?scope=sample-order');
  const methods = ((await res.json()) as { paymentMethods: { name: string; gateway: string; sandbox?: boolean }[] }).paymentMethods;
  const card = methods.find((method) => method.name === 'credit-card');
  test.skip(card?.gateway !== 'authorizenet' || card.sandbox === true, 'the card method is not on Authorize.Net here: set E2E_PROVIDERS_CONTENT_DIR to a content/ copy that enables it');
});

/** Every request the page makes, by origin: what reached us and what reached Authorize.Net's stand-in. */
function recordRequests(page: Page): () => Promise<{ origin: string; url: string; body: string }[]> {
  const pending: Promise<{ origin: string; url: string; body: string }>[] = [];
  page.on('request', (request: Request) => {
    pending.push(Promise.resolve({ origin: new URL(request.url()).origin, url: request.url(), body: request.postData() ?? '' }));
  });
  return () => Promise.all(pending);
}

async function enterCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry month').selectOption('12');
  await page.getByLabel('Expiry year').selectOption(nextYear);
  await page.getByLabel('CVV').fill('123');
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
}

test('pays an order with Authorize.Net: the card goes to Accept.js only, our servers get opaque data', async ({ page }) => {
  const shopper = newShopper('anet-paid');
  await addSampleOnStylePage(page);
  const recorded = recordRequests(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await enterCard(page, NUMBER);
  const attempt = page.waitForResponse((response) => response.url().endsWith('/api/payment/attempts'));
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await (await attempt).json()).attempt).toMatchObject({ status: 'completed' });
  await expect(page).toHaveURL(/\/order\/success$/);

  const requests = await recorded();
  // Accept.js came from the stand-in and sent the card there, cross-origin
  expect(requests.some((request) => request.origin === STAND_IN && request.url.endsWith('/v1/Accept.js'))).toBe(true);
  expect(requests.some((request) => request.origin === STAND_IN && request.body.includes(NUMBER))).toBe(true);
  const ours = requests.filter((request) => request.origin === ORIGIN);
  for (const request of ours) expect(`${request.url} ${request.body}`, request.url).not.toContain(NUMBER);
  const paid = ours.find((request) => request.url.endsWith('/api/payment/attempts'))!;
  expect(JSON.parse(paid.body).paymentToken).toMatch(/^COMMON\.ACCEPT\.INAPP\.PAYMENT:[A-Za-z0-9+/=]+$/);
});

test('the direct card rules (spec §5) at each field, and a decline in the banner with Authorize.Net\'s words', async ({ page }) => {
  const shopper = newShopper('anet-declined');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Card number is required')).toBeVisible();
  await expect(page.getByText('Expiry is required')).toBeVisible();
  await expect(page.getByText('CVV is required')).toBeVisible();
  await expect(page.getByLabel('Card number')).toBeFocused();

  await enterCard(page, DECLINED);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('This transaction has been declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});

test('works at mobile width and by keyboard', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  const number = page.getByLabel('Card number');
  await number.focus();
  await page.keyboard.type('4111abc111');
  await expect(number).toHaveValue('4111111');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Expiry month')).toBeFocused();
  const box = await number.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
});
