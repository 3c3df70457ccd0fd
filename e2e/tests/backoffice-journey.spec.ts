import type { Page } from '@playwright/test';
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

  // the manager adds a sales colleague on the Staff screen and hands them the one-time setup link
  await managerPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).click();
  const addForm = managerPage.getByRole('form', { name: 'Add a colleague' });
  await addForm.getByLabel(/^E-mail/).fill(sales.email);
  await addForm.getByLabel(/^Name/).fill(sales.name);
  await addForm.getByLabel(/^Role/).selectOption('sales');
  await addForm.getByRole('button', { name: 'Add colleague' }).click();
  const setupUrl = new URL(await managerPage.getByRole('textbox', { name: `Setup link for ${sales.name}` }).inputValue());

  // the colleague sets up, then signs out and in again with a recovery code (their phone is elsewhere)
  const salesContext = await browser.newContext();
  const salesPage = await salesContext.newPage();
  const salesSetup = await completeSetup(salesPage, `${setupUrl.pathname}${setupUrl.search}`, sales.password, codes);
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

  // the sales person writes the quote in the browser and e-mails its link to the customer
  const shopper = newShopper('backoffice-journey');
  await salesPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Quotes' }).click();
  await salesPage.getByRole('link', { name: 'New quote' }).first().click();
  const form = salesPage.getByRole('main');
  /** a field by its label, whatever required mark follows it */
  const field = (label: string) => form.getByLabel(new RegExp(`^${label.replace(/[()$]/g, '\\$&')}\\s*\\*?$`));
  await field('First name').fill('Ann');
  await field('Last name').fill('Lee');
  await field('E-mail').fill(shopper.email);
  await field('Phone').fill('(212) 555-0100');
  await field('Address line 1').first().fill('350 5th Ave');
  await field('City').first().fill('New York');
  await field('Country').first().selectOption('US');
  await field('State').first().selectOption('NY');
  await field('ZIP/Postal code').first().fill('10118');
  await field('Shipping method').fill('freight');
  await field('SKU').first().fill('SSW-B24');
  await field('Product name').first().fill('Shaker Snow White Base Cabinet 24"');
  await field('Qty').first().fill('3');
  await field('Unit price ($)').first().fill('278.99');
  await form.getByRole('button', { name: 'Add a line by hand' }).click();
  await field('SKU').nth(1).fill('SSW-W3030');
  await field('Product name').nth(1).fill('Shaker Snow White Wall Cabinet 30"');
  await field('Qty').nth(1).fill('2');
  await field('Unit price ($)').nth(1).fill('189.50');
  await field('Shipping amount ($)').fill('149.50');
  await field('Tax amount ($)').fill('74.43');
  await field('Discount ($)').fill('50');
  await form.getByLabel(/^Split payment/).check();
  await field('Minimum first payment ($)').fill('250');
  await form.getByLabel('E-mail the payment link to the customer now').check();
  await form.getByRole('button', { name: 'Create the quote' }).click();
  // the server's numbers: 3 × $278.99 + 2 × $189.50 + $149.50 + $74.43 − $50.00
  await expect(salesPage.getByRole('heading', { level: 1, name: /^Quote Q-\d+$/ })).toBeVisible({ timeout: 20_000 });
  const quoteNumber = (await salesPage.getByRole('heading', { level: 1 }).textContent())!.replace('Quote ', '');
  await expect(salesPage.getByText('$1,389.90').first()).toBeVisible();
  const paymentLink = salesPage.getByRole('region', { name: 'Payment link' }).getByRole('link');
  const quote = { quoteIncrementId: quoteNumber, paymentPath: new URL((await paymentLink.getAttribute('href'))!).pathname + new URL((await paymentLink.getAttribute('href'))!).search };
  await expect(salesPage.getByText('It has also been e-mailed to the customer.')).toBeVisible();

  // the customer pays a $400.00 deposit of the $1,389.90 quote
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await customerPage.goto(quote.paymentPath);
  // a press before hydration is kept and replayed (the shell's early events): wait for its effect, not for the click's
  const split = customerPage.getByRole('radio', { name: /Split Payment/ });
  await split.click();
  await expect(split).toBeChecked();
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

  // the audit log: the colleague added and the refund by the manager, the quote by the sales person
  await managerPage.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Audit log' }).click();
  const filters = managerPage.getByRole('search', { name: 'Filter the audit log' });
  await filters.getByLabel(/^Actor/).fill(manager.email);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  const log = managerPage.getByRole('region', { name: /audit/i }).getByRole('table');
  for (const action of ['staff.create', 'order.refund-requested', 'order.refund']) await expect(log.getByRole('row').filter({ hasText: action }).first()).toBeVisible();
  await filters.getByLabel(/^Actor/).fill(sales.email);
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(log.getByRole('row').filter({ hasText: 'quote.create' }).filter({ hasText: quote.quoteIncrementId })).toHaveCount(1);

  // and a manager signs in with the authenticator after signing out
  await managerPage.getByRole('button', { name: 'Sign out' }).click();
  await signIn(managerPage, manager, codes, '/admin/orders');
  await expect(managerPage.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible({ timeout: 45_000 });
  await Promise.all([managerContext.close(), salesContext.close(), customerContext.close()]);
});
