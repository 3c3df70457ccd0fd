import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { queryDatabase } from './database.js';

/** What the checkout specs share: a sample in the cart, a shopper of their own, the card frame. */

export const STYLE_PAGE = '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw';

/** The sandbox's hosted card fields: the provider's frame, mounted in the checkout after hydration. */
export const CARD_FRAME = 'iframe[title="Secure card payment input frame"]';

/**
 * A sample in the cart, as the checkout specs need it: the header's cart link counts it. (The
 * "has been successfully added." message is the style page's own specs' to check; here, on a loaded
 * machine, it was once gone before it was looked for while the sample was in the cart.)
 */
export async function addSampleOnStylePage(page: Page): Promise<void> {
  await page.goto(STYLE_PAGE);
  await page.getByRole('button', { name: 'Order a free sample' }).click();
  await expect(page.getByRole('link', { name: /^Cart, [1-9]\d* items?$/ })).toBeVisible();
}

export interface Shopper {
  email: string;
  firstName: string;
  lastName: string;
}

/** A shopper of our own per test, so e-mails and orders can be told apart. */
export function newShopper(tag: string): Shopper {
  return { email: `${tag}-${Date.now()}@example.com`, firstName: 'Jane', lastName: 'Doe' };
}

export async function fillBilling(page: Page, shopper: Shopper): Promise<void> {
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

/** The card is typed into the provider's frame, never into the checkout's own form; then Submit. */
export async function payByCard(page: Page, cardNumber: string): Promise<void> {
  const frame = page.frameLocator(CARD_FRAME);
  await frame.getByLabel('Card number').fill(cardNumber);
  await frame.getByLabel('Expiry').fill('12 / 30');
  await frame.getByLabel('CVC').fill('123');
  // the shipping quote for the address must be in before the order can go
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();
}

export async function ordersOf(email: string) {
  return queryDatabase<{ order_increment_id: string; status: string; payment_status: string; email_sent: boolean }>(
    'SELECT order_increment_id, status, payment_status, email_sent FROM orders.orders WHERE email = $1 ORDER BY created_at',
    [email],
  );
}

/** The payments the payments service took for the shopper's orders (one per order paid once). */
export async function chargesOf(email: string): Promise<number> {
  const [row] = await queryDatabase<{ charges: string }>(
    `SELECT count(*) AS charges FROM payments.payment_attempt a JOIN orders.orders o ON a.order_id = o.id::text
      WHERE o.email = $1 AND a.status = 'completed'`,
    [email],
  );
  return Number(row?.charges ?? 0);
}
