import type { Page } from '@playwright/test';
import { SANDBOX_TEST_CARDS, type MailboxMessage } from '@storefront/contracts';
import { queryDatabase } from '../support/database.js';
import { expect, test } from '../support/test.js';

/**
 * A guest's sample order end to end: style page -> cart -> checkout form -> the sandbox card
 * gateway (its 3-D Secure challenge included) -> /order/success, and the e-mails in the local
 * mailbox. Every part is real: the orders and payments services, PostgreSQL and the e-mail worker.
 */

const STYLE_PAGE = '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw';

async function addSampleOnStylePage(page: Page): Promise<void> {
  await page.goto(STYLE_PAGE);
  await page.getByRole('button', { name: 'Order a free sample' }).click();
  await expect(page.getByText(/has been successfully added\./).first()).toBeVisible();
}

interface Shopper {
  email: string;
  firstName: string;
  lastName: string;
}

/** A shopper of our own per test, so e-mails and orders can be told apart. */
function newShopper(tag: string): Shopper {
  return { email: `${tag}-${Date.now()}@example.com`, firstName: 'Jane', lastName: 'Doe' };
}

async function fillBilling(page: Page, shopper: Shopper): Promise<void> {
  const field = (name: string) => page.locator(`[name="${name}"]`);
  await field('bill_first_name').fill(shopper.firstName);
  await field('bill_last_name').fill(shopper.lastName);
  await field('bill_email').fill(shopper.email);
  await field('bill_phone').fill('(212) 555-0100');
  await field('bill_address_1').fill('350 Fifth Avenue');
  await field('bill_city').fill('New York');
  await field('bill_country').selectOption('US');
  await field('bill_state').selectOption('NY');
  await field('bill_zip').fill('10118');
  const sameAsBilling = page.locator('[name="same_as_billing"]');
  if (!(await sameAsBilling.isChecked())) await sameAsBilling.check();
}

async function payByCard(page: Page, cardNumber: string): Promise<void> {
  await page.locator('[name="cardNumber"]').fill(cardNumber);
  await page.locator('[name="cardExpiry"]').fill('12 / 30');
  await page.locator('[name="cardCvc"]').fill('123');
  // the shipping quote for the address must be in before the order can go
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
}

async function ordersOf(email: string) {
  return queryDatabase<{ order_increment_id: string; status: string; payment_status: string; email_sent: boolean }>(
    'SELECT order_increment_id, status, payment_status, email_sent FROM orders.orders WHERE email = $1 ORDER BY created_at',
    [email],
  );
}

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

  // the cart is empty now, and the success page cannot be replayed
  await page.goto('/checkout');
  await expect(page.getByText(/Looks like you have not added anything to your cart/)).toBeVisible();

  await expect.poll(async () => (await mailboxFor(page, order!.order_increment_id)).length, { timeout: 15_000 }).toBe(2);
  const messages = await mailboxFor(page, order!.order_increment_id);
  const customer = messages.find((message) => message.to === shopper.email);
  const admin = messages.find((message) => message.subject.startsWith('New Order'));
  expect(customer?.html).toContain(order!.order_increment_id);
  expect(admin?.to).not.toBe(shopper.email);
  await expect.poll(async () => (await ordersOf(shopper.email))[0]?.email_sent, { timeout: 15_000 }).toBe(true);
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
