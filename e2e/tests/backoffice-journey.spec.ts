import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import { completeSetup, createStaffFromCli, signIn, type StaffMember } from '../support/backoffice.js';
import { CARD_FRAME, newShopper } from '../support/checkout.js';
import { expect, test } from '../support/test.js';

/**
 * The back office as the business lives it (issue 35's "done when"): the first manager is set up
 * from the command line, a sales colleague too; the sales person makes a quote and sends its link;
 * the customer pays a deposit on /quote/payment; the manager finds the order and refunds part of it;
 * every step is in the audit log. All on the sandbox gateway, with real TOTP codes.
 */

const QUOTE_FILE = path.resolve(import.meta.dirname, '..', '..', 'services', 'orders', 'examples', 'quote.example.json');

async function csrfOf(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === 'sf_staff_csrf');
  if (!cookie) throw new Error('no staff CSRF cookie: not signed in');
  return decodeURIComponent(cookie.value);
}

async function typeCard(page: Page): Promise<void> {
  const frame = page.frameLocator(CARD_FRAME);
  await frame.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.succeeds);
  await frame.getByLabel('Expiry').fill('12 / 30');
  await frame.getByLabel('CVC').fill('123');
}

test('a sales person quotes and sends the link, the customer pays a deposit, a manager refunds part of it; the audit log has every step', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const codes = new Set<string>();
  const manager: StaffMember = { email: `mia.${tag}@example.com`, name: 'Mia Manager', password: 'manager password 2026!', secret: '' };
  const sales: StaffMember = { email: `sam.${tag}@example.com`, name: 'Sam Sales', password: 'sales password 2026!!', secret: '' };

  // the first manager, from the command line's one-time setup link
  const managerContext = await browser.newContext();
  const managerPage = await managerContext.newPage();
  manager.secret = (await completeSetup(managerPage, await createStaffFromCli(manager.email, manager.name, 'manager'), manager.password, codes)).secret;

  // a sales colleague, who signs out and in again with a recovery code (their phone is elsewhere)
  const salesContext = await browser.newContext();
  const salesPage = await salesContext.newPage();
  const salesSetup = await completeSetup(salesPage, await createStaffFromCli(sales.email, sales.name, 'sales'), sales.password, codes);
  sales.secret = salesSetup.secret;
  // sales see their sections only; a manager sees the staff and the audit log too
  const salesNav = salesPage.getByRole('navigation', { name: 'Back office' });
  await expect(salesNav.getByRole('link', { name: 'Quotes' })).toBeVisible();
  await expect(salesNav.getByRole('link', { name: 'Audit log' })).toHaveCount(0);
  await expect(salesNav.getByRole('link', { name: 'Staff' })).toHaveCount(0);
  await expect(managerPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' })).toBeVisible();
  await salesPage.getByRole('button', { name: 'Sign out' }).click();
  await expect(salesPage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await salesPage.getByLabel('E-mail').fill(sales.email);
  await salesPage.getByLabel('Password').fill(sales.password);
  await salesPage.getByLabel('Authentication code').fill(salesSetup.recoveryCodes[0]!);
  await salesPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(salesPage.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // the sales person makes the quote and e-mails its link to the customer
  const shopper = newShopper('backoffice-journey');
  const quoteBody = { ...JSON.parse(readFileSync(QUOTE_FILE, 'utf8')), email: shopper.email, send: true };
  const created = await salesPage.request.post('/api/admin/quotes', { data: quoteBody, headers: { 'X-CSRF-Token': await csrfOf(salesContext) } });
  expect(created.status()).toBe(201);
  const quote = (await created.json()) as { quoteIncrementId: string; paymentPath: string; emailQueued: boolean };
  expect(quote.emailQueued).toBe(true);

  // the customer pays a $400.00 deposit of the $1,389.90 quote
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto(quote.paymentPath);
  await customerPage.getByRole('radio', { name: /Split Payment/ }).check();
  await customerPage.getByLabel('Split amount').fill('400');
  await typeCard(customerPage);
  await customerPage.getByRole('button', { name: 'Pay Now' }).click();
  await expect(customerPage).toHaveURL(/\/order\/success\?split=true$/, { timeout: 30_000 });

  // the manager finds the order by the customer's e-mail and refunds $50.00 of the deposit
  await managerPage.goto('/admin/orders');
  await managerPage.getByLabel('Search').fill(shopper.email);
  await managerPage.getByRole('button', { name: 'Find' }).click();
  const row = managerPage.getByRole('row', { name: new RegExp(shopper.email.replace(/[.+]/g, '\\$&')) });
  await expect(row).toHaveCount(1);
  await row.getByRole('link').click();
  await expect(managerPage.getByRole('heading', { level: 1, name: /^Order SF-/ })).toBeVisible();
  const summary = managerPage.getByRole('region', { name: 'Summary' });
  await expect(summary.getByText('$400.00')).toBeVisible();
  await expect(summary.getByText(quote.quoteIncrementId)).toBeVisible();
  const refund = managerPage.getByRole('form', { name: 'Refund a payment' });
  await refund.getByLabel(/Amount in dollars/).fill('50');
  await refund.getByLabel(/Reason/).fill('Door style changed');
  await refund.getByRole('button', { name: 'Refund' }).click();
  await expect(managerPage.getByText('Refund of $50.00: completed.')).toBeVisible({ timeout: 20_000 });
  await expect(managerPage.getByRole('region', { name: 'Payments' }).getByText(/\$50\.00 by mia\./)).toBeVisible();
  await expect(managerPage.getByRole('region', { name: 'History' }).getByText(/Refunded \$50\.00 of order SF-\d+.*Door style changed/)).toBeVisible();

  // the sales person cannot refund: the page says so and the API refuses it
  const orderPath = new URL(managerPage.url()).pathname;
  await salesPage.goto(orderPath);
  await expect(salesPage.getByText('Refunds are made by a manager.')).toBeVisible();

  // the audit log: the quote by the sales person, the refund by the manager
  const audit = await managerPage.request.get('/api/admin/audit', { params: { limit: 200 } });
  expect(audit.status()).toBe(200);
  const entries = ((await audit.json()) as { entries: { actor: string; action: string; outcome: string }[] }).entries;
  const did = (actor: string, action: string) => entries.some((entry) => entry.actor === actor && entry.action === action && entry.outcome === 'succeeded');
  expect(did(sales.email, 'quote.create')).toBe(true);
  expect(did(manager.email, 'order.refund-requested')).toBe(true);
  expect(did(manager.email, 'order.refund')).toBe(true);

  // and a manager signs in with the authenticator after signing out
  await managerPage.getByRole('button', { name: 'Sign out' }).click();
  await signIn(managerPage, manager, codes, '/admin/orders');
  await expect(managerPage.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({ timeout: 45_000 });
  await Promise.all([managerContext.close(), salesContext.close(), customerContext.close()]);
});
