import type { Page } from '@playwright/test';
import { SANDBOX_TEST_CARDS, type MailboxMessage } from '@storefront/contracts';
import { CARD_FRAME, addSampleOnStylePage, fillBilling, newShopper, ordersOf, payByCard } from '../support/checkout.js';
import { expect, test } from '../support/test.js';

/**
 * A guest's sample order end to end: style page -> cart -> checkout form -> the sandbox card
 * gateway (its hosted card fields, its 3-D Secure challenge) -> /order/success, and the e-mails in the
 * local mailbox. Every part is real: the orders and payments services, PostgreSQL and the e-mail worker.
 * The card is typed into the sandbox's frame (page.frameLocator), as a shopper types it.
 */

async function mailboxFor(page: Page, orderNumber: string): Promise<MailboxMessage[]> {
  const response = await page.request.get('/dev/mailbox/messages.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as MailboxMessage[]).filter((message) => message.subject.includes(orderNumber));
}

test('a guest orders a sample, pays by card and both e-mails arrive', async ({ page }) => {
  const shopper = newShopper('paid');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await payByCard(page, SANDBOX_TEST_CARDS.succeeds);

  await expect(page).toHaveURL(/\/order\/success$/);
  const [order] = await ordersOf(shopper.email);
  expect(order).toMatchObject({ status: 'ordered', payment_status: 'completed' });
  await expect(page.getByText(order!.order_increment_id).first()).toBeVisible();
  // the sandbox took it: the success page and both e-mails say it was a test
  await expect(page.getByText('Test payment: no money was taken.')).toBeVisible();

  // the cart is empty now, and the success page cannot be replayed
  await page.goto('/checkout');
  await expect(page.getByText(/Looks like you have not added anything to your cart/)).toBeVisible();

  await expect.poll(async () => (await mailboxFor(page, order!.order_increment_id)).length, { timeout: 15_000 }).toBe(2);
  const messages = await mailboxFor(page, order!.order_increment_id);
  const customer = messages.find((message) => message.to === shopper.email);
  const admin = messages.find((message) => message.subject.includes('New Order'));
  expect(customer?.html).toContain(order!.order_increment_id);
  for (const message of [customer, admin]) {
    expect(message?.subject).toMatch(/^\[Test payment\] /);
    expect(message?.text).toContain('Test payment: no money was taken.');
  }
  expect(admin?.to).not.toBe(shopper.email);
  await expect.poll(async () => (await ordersOf(shopper.email))[0]?.email_sent, { timeout: 15_000 }).toBe(true);

  // the customer's e-mail links to the order's page; its first HTML already shows the order
  const link = new URL(/View your order: (\S+)/.exec(customer!.text)![1]!);
  expect(link.pathname).toMatch(/^\/order\/view\/[0-9a-f-]{36}$/);
  const orderPage = await page.request.get(`${link.pathname}${link.search}`);
  // the customer's data in the HTML: no cache keeps it
  expect(orderPage.headers()['cache-control']).toBe('private, no-store');
  const firstHtml = await orderPage.text();
  expect(firstHtml).toMatch(new RegExp(`<h1[^>]*>Order #${order!.order_increment_id}</h1>`));
  expect(firstHtml).toMatch(/<title>Your Order \| [^<]+<\/title>/);
  expect(firstHtml).toMatch(/<meta name="description" content="Your [^"]+order: its items/);
  expect(firstHtml).toMatch(/<meta name="robots" content="noindex/);
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: `Order #${order!.order_increment_id}` })).toBeVisible();
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  expect(consoleErrors).toEqual([]);
  await expect(page.getByRole('region', { name: 'Shipping address' })).toContainText(shopper.firstName);
  await expect(page.getByText('Test payment: no money was taken.')).toBeVisible();
  // the id alone shows nothing
  await page.goto(link.pathname);
  await expect(page.getByText('Order not found.')).toBeVisible();
});

test('a declined card keeps the shopper on checkout, and a good card then pays the same order', async ({ page }) => {
  const shopper = newShopper('declined');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await payByCard(page, SANDBOX_TEST_CARDS.declined);

  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'pending_payment', payment_status: 'failed' })]);

  await payByCard(page, SANDBOX_TEST_CARDS.succeeds);
  await expect(page).toHaveURL(/\/order\/success$/);
  const orders = await ordersOf(shopper.email);
  expect(orders).toHaveLength(1);
  expect(orders[0]).toMatchObject({ status: 'ordered', payment_status: 'completed' });
});

test('a card that needs 3-D Secure goes through the challenge and the verify page to success', async ({ page }) => {
  const shopper = newShopper('3ds');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await payByCard(page, SANDBOX_TEST_CARDS.requiresAuthentication);

  await expect(page.getByRole('heading', { name: 'Sandbox 3-D Secure' })).toBeVisible();
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 15_000 });
  const [order] = await ordersOf(shopper.email);
  expect(order).toMatchObject({ status: 'ordered', payment_status: 'completed' });
  await expect(page.getByText(order!.order_increment_id).first()).toBeVisible();
});

test('3-D Secure failed: the challenge sends the shopper to /payment/fail and the order waits for payment', async ({ page }) => {
  const shopper = newShopper('3ds-fail');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await payByCard(page, SANDBOX_TEST_CARDS.requiresAuthentication);

  await expect(page.getByRole('heading', { name: 'Sandbox 3-D Secure' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page).toHaveURL(/\/payment\/fail$/, { timeout: 15_000 });
  // why, above the page's own copy (a sample order's failure page)
  await expect(page.getByRole('alert')).toContainText('The shopper failed 3-D Secure authentication.');
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'pending_payment', payment_status: 'failed' })]);
});

test('a pending card goes to the success page, which says the payment is being confirmed (not a failure)', async ({ page }) => {
  const shopper = newShopper('pending');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await payByCard(page, SANDBOX_TEST_CARDS.pending);

  await expect(page).toHaveURL(/\/order\/success$/);
  await expect(page.getByText('Your payment is being confirmed.')).toBeVisible();
  await expect(page.getByText(/There is no need to pay again/)).toBeVisible();
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'pending_payment', payment_status: 'pending' })]);
});

test("a card held for review keeps the shopper on checkout with 'Additional authentication required' and the order unpaid", async ({ page }) => {
  const shopper = newShopper('onHold');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await payByCard(page, SANDBOX_TEST_CARDS.onHold);

  await expect(page.getByText('Additional authentication required')).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'pending_payment', payment_status: 'on_hold' })]);
  // the held payment is still open at the provider: paying again is refused, not charged twice
  await payByCard(page, SANDBOX_TEST_CARDS.succeeds);
  await expect(page.getByText(/A payment for this order is already being processed/)).toBeVisible();
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ payment_status: 'on_hold' })]);
});

test('the checkout says it is in test mode while the payment methods run on the sandbox', async ({ page }) => {
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await expect(page.getByText(/^Test mode: this checkout uses the sandbox payment gateway/)).toBeVisible();
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await expect(page.getByText(/^Test mode/)).toBeVisible();
});

test('the card frame shows the hosted card messages itself, and an incomplete card places no order', async ({ page }) => {
  const shopper = newShopper('incomplete');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  const frame = page.frameLocator(CARD_FRAME);
  await expect(frame.getByLabel('Card number')).toBeVisible();

  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(frame.getByText('Payment details are required to continue.')).toBeVisible();
  // the frame takes the shopper to its first field
  await expect(frame.getByLabel('Card number')).toBeFocused();

  await frame.getByLabel('Card number').pressSequentially('4242');
  await frame.getByLabel('Expiry').fill('01 / 20');
  await frame.getByLabel('CVC').fill('1');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(frame.getByText('Card number is incomplete or invalid')).toBeVisible();
  await expect(frame.getByText('Expiry date is incomplete or invalid')).toBeVisible();
  await expect(frame.getByText('CVC is incomplete or invalid')).toBeVisible();
  await expect(frame.getByLabel('Card number')).toHaveAttribute('aria-invalid', 'true');
  await expect(frame.getByLabel('Card number')).toHaveValue('4242');
  expect(await ordersOf(shopper.email)).toEqual([]);

  // Enter in the frame submits the checkout, as Enter in any of its fields would
  await frame.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.succeeds);
  await expect(frame.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await frame.getByLabel('Expiry').fill('1230');
  await expect(frame.getByLabel('Expiry')).toHaveValue('12 / 30');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByLabel('CVC').press('Enter');
  await expect(page).toHaveURL(/\/order\/success$/);
  expect(await ordersOf(shopper.email)).toEqual([expect.objectContaining({ status: 'ordered', payment_status: 'completed' })]);
});

test('bad billing input shows the spec messages and places nothing', async ({ page }) => {
  const shopper = newShopper('invalid');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await page.locator('[name="bill_first_name"]').fill('J4ne');
  await page.locator('[name="bill_zip"]').fill('10a18');
  await page.locator('[name="bill_phone"]').fill('555-0100');
  await page.locator('[name="bill_email"]').fill('not-an-email');
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page.getByText('Only alphabets are allowed').first()).toBeVisible();
  await expect(page.getByText('Only numbers are allowed').first()).toBeVisible();
  await expect(page.getByText('Phone number must be at least 10 digits').first()).toBeVisible();
  await expect(page.getByText('Invalid email address').first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
  expect(await ordersOf(shopper.email)).toEqual([]);
});

test('/order/success without an order marker goes to /checkout', async ({ page }) => {
  await page.goto('/order/success');
  await expect(page).toHaveURL(/\/checkout$/);
});

test('PayPal on the sandbox: the PayPal button, the approval page, then /order/success', async ({ page }) => {
  const shopper = newShopper('paypal');
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  await fillBilling(page, shopper);
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();

  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 15_000 });
  const [order] = await ordersOf(shopper.email);
  expect(order).toMatchObject({ status: 'ordered', payment_status: 'completed' });
});
