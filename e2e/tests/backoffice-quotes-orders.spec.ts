import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { checkScreen } from '../support/axe.js';
import { newMember, uniqueTag } from '../support/backoffice.js';
import { CARD_FRAME, addSampleOnStylePage, fillBilling, newShopper, ordersOf, payByCard } from '../support/checkout.js';
import { createQuote, paymentPath } from '../support/quotes.js';
import { expect, test, waitingForInteractive } from '../support/test.js';

/**
 * The back office's quotes and orders with the shop's own data: quotes made with the business's
 * command and paid by their customer on the payment link, orders placed on the checkout (one paid,
 * one whose card was declined). What staff see of them, as a manager and as sales, and axe (WCAG
 * 2.1 AA) on each screen while it shows them, at the tablet and desktop widths. Each test has its
 * own shopper, quotes, orders and staff members.
 */

// each test has its own staff and data: they may run side by side on the suite's two workers
test.describe.configure({ mode: 'parallel' });

/** A browser of its own (the customer, a sales colleague), whose page loads wait until interactive as `page`'s do. */
async function newBrowserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return waitingForInteractive(await context.newPage());
}

const backOfficeNav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

test('Quotes: the list shows where each quote stands and filters by it; Download PDF saves the quote as a PDF without its link or token; no WCAG violation', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const found: Record<string, string[]> = {};
  const shopper = newShopper(`bo-quotes-${uniqueTag()}`);
  // two quotes for the shopper (the example: $1,389.90), the second paid in full by its customer
  const open = await createQuote({ email: shopper.email, firstName: 'Olive', lastName: 'Open' });
  const paid = await createQuote({ email: shopper.email, firstName: 'Pia', lastName: 'Paid' });
  const customer = await newBrowserPage(browser);
  await customer.goto(paymentPath(paid));
  const frame = customer.frameLocator(CARD_FRAME);
  await frame.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.succeeds);
  await frame.getByLabel('Expiry').fill('12 / 30');
  await frame.getByLabel('CVC').fill('123');
  await customer.getByRole('button', { name: 'Pay Now' }).click();
  await expect(customer).toHaveURL(/\/order\/success$/, { timeout: 30_000 });
  await customer.context().close();

  await newMember(page, 'sales', 'quotes');
  await backOfficeNav(page).getByRole('link', { name: 'Quotes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Quotes' })).toBeVisible();
  const table = page.getByRole('table', { name: /^Quotes, newest first/ });
  const rowOf = (quote: { quoteIncrementId: string }) => table.getByRole('row').filter({ has: page.getByRole('link', { name: quote.quoteIncrementId, exact: true }) });
  await expect(rowOf(open).getByRole('cell')).toHaveText(['Olive Open', shopper.email, /\d/, '$1,389.90', 'Ready To Order']);
  await expect(rowOf(paid).getByRole('cell')).toHaveText(['Pia Paid', shopper.email, /\d/, '$1,389.90', 'Ordered']);
  await checkScreen(page, 'quotes', found);

  // the status filter, kept in the address
  const status = page.getByRole('combobox', { name: 'Status' });
  // (the filtered list names its status in its caption: these wait for it, not the list before)
  await status.selectOption({ label: 'Ordered' });
  await expect(page).toHaveURL(/\/admin\/quotes\?status=ordered$/);
  const ordered = page.getByRole('table', { name: 'Quotes, newest first (Ordered)' });
  await expect(ordered.getByRole('row').filter({ hasText: paid.quoteIncrementId })).toHaveCount(1);
  await expect(ordered.getByRole('row').filter({ hasText: open.quoteIncrementId })).toHaveCount(0);
  await expect(ordered.getByRole('row').filter({ hasText: 'Ready To Order' })).toHaveCount(0);
  await status.selectOption({ label: 'Ready to order' });
  await expect(page).toHaveURL(/\/admin\/quotes\?status=ready_to_order$/);
  const ready = page.getByRole('table', { name: 'Quotes, newest first (Ready to order)' });
  await expect(ready.getByRole('row').filter({ hasText: open.quoteIncrementId })).toHaveCount(1);
  await expect(ready.getByRole('row').filter({ hasText: paid.quoteIncrementId })).toHaveCount(0);
  await expect(ready.getByRole('row').filter({ hasText: /Ordered$/ })).toHaveCount(0);
  await status.selectOption({ label: 'All quotes' });
  await expect(page).toHaveURL(/\/admin\/quotes$/);

  // each quote's page says where it stands
  await rowOf(open).getByRole('link', { name: open.quoteIncrementId }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Quote ${open.quoteIncrementId}` })).toBeVisible();
  const where = page.getByRole('region', { name: 'Where the quote stands' });
  await expect(where.locator('[data-state]')).toHaveText('Sent');
  await expect(where).toContainText('None yet: the quote becomes an order when the customer pays.');
  await checkScreen(page, 'a quote', found);

  // Download PDF: the saved quote as a Letter PDF, named after it, telling how to pay but never the link
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const pdfFile = await download;
  expect(pdfFile.suggestedFilename()).toBe(`quote-${open.quoteIncrementId}.pdf`);
  const bytes = await readFile((await pdfFile.path())!);
  expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  for (const shown of [`Quote ${open.quoteIncrementId}`, 'Olive Open', 'SSW-B24', 'Total $1,389.90', 'Pay online with the link in your e-mail.']) expect(text).toContain(shown);
  // a long word (this e-mail address, a token) is wrapped over lines: read the text without line breaks too
  const unwrapped = text.replace(/\s+/g, '');
  expect(unwrapped).toContain(shopper.email);
  for (const secret of [open.token, encodeURIComponent(open.token), 'token=', '/quote/payment']) {
    expect(unwrapped).not.toContain(secret.replace(/\s+/g, ''));
    expect(bytes.toString('latin1')).not.toContain(secret);
  }

  await page.goto(`/admin/quotes/${paid.quoteIncrementId}`);
  await expect(page.getByRole('region', { name: 'Where the quote stands' }).locator('[data-state]')).toHaveText('Ordered');
  await expect(page.getByRole('region', { name: 'Where the quote stands' }).getByRole('link', { name: /^SF-\d+$/ })).toBeVisible();
  expect(found).toEqual({});
});

test('Orders: search by number and e-mail, filter by status; a sales member sees no Refund or Cancel, a manager does and cancels; no WCAG violation', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const found: Record<string, string[]> = {};
  // the shopper's two sample orders on the checkout: one paid, one whose card was declined
  const shopper = newShopper(`bo-orders-${uniqueTag()}`);
  const shop = await newBrowserPage(browser);
  await addSampleOnStylePage(shop);
  await shop.goto('/checkout');
  await fillBilling(shop, shopper);
  await payByCard(shop, SANDBOX_TEST_CARDS.succeeds);
  await expect(shop).toHaveURL(/\/order\/success$/, { timeout: 30_000 });
  await addSampleOnStylePage(shop);
  await shop.goto('/checkout');
  await fillBilling(shop, shopper);
  await payByCard(shop, SANDBOX_TEST_CARDS.declined);
  await expect(shop.getByText('Your card was declined.')).toBeVisible();
  await shop.context().close();
  const placed = await ordersOf(shopper.email);
  expect(placed).toEqual([expect.objectContaining({ status: 'ordered' }), expect.objectContaining({ status: 'pending_payment' })]);
  const [paidNumber, unpaidNumber] = placed.map((order) => order.order_increment_id) as [string, string];

  await newMember(page, 'manager', 'orders');
  const salesPage = await newBrowserPage(browser);
  await newMember(salesPage, 'sales', 'orders');

  // the manager searches by the shopper's e-mail: both orders, newest first
  await page.goto('/admin');
  await expect(page.getByRole('list', { name: 'Today at a glance' })).toBeVisible();
  await checkScreen(page, 'dashboard', found);
  await backOfficeNav(page).getByRole('link', { name: 'Orders' }).click();
  const search = page.getByRole('search', { name: 'Find orders' });
  const table = page.getByRole('table', { name: 'Orders, newest first' });
  // the orders listed, by number (each assertion waits for the list the new filters load)
  const numbers = table.getByRole('row').getByRole('link');
  await search.getByLabel('Search').fill(shopper.email);
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(shopper.email).replace(/[.+]/g, '\\$&')}$`));
  await expect(numbers).toHaveText([unpaidNumber, paidNumber]);
  await expect(table.getByRole('row').filter({ hasText: paidNumber }).getByRole('cell').nth(3)).toHaveText('Ordered');
  await expect(table.getByRole('row').filter({ hasText: unpaidNumber }).getByRole('cell').nth(3)).toHaveText('Pending Payment');
  await checkScreen(page, 'orders', found);

  // and filters them by status
  await search.getByLabel('Status').selectOption('ordered');
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/[?&]status=ordered(&|$)/);
  await expect(numbers).toHaveText([paidNumber]);
  await search.getByLabel('Status').selectOption('pending_payment');
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(/[?&]status=pending_payment(&|$)/);
  await expect(numbers).toHaveText([unpaidNumber]);

  // by number: that order alone
  await search.getByLabel('Status').selectOption('');
  await search.getByLabel('Search').fill(paidNumber);
  await search.getByRole('button', { name: 'Find' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${paidNumber}$`));
  await expect(numbers).toHaveText([paidNumber]);

  // the paid order: a manager may refund it (not cancel it), sales may not refund
  await table.getByRole('link', { name: paidNumber }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Order ${paidNumber}` })).toBeVisible();
  const actions = page.getByRole('complementary', { name: 'Actions' });
  await expect(actions.getByRole('form', { name: 'Refund a payment' }).getByRole('button', { name: 'Refund' })).toBeVisible();
  await expect(actions).toContainText(`Order ${paidNumber} is paid: refund it instead of canceling it.`);
  await checkScreen(page, 'an order (manager)', found);
  await salesPage.goto(`/admin/orders/${paidNumber}`);
  const salesActions = salesPage.getByRole('complementary', { name: 'Actions' });
  await expect(salesActions.getByRole('form', { name: 'Add a note' })).toBeVisible();
  await expect(salesActions).toContainText('Refunds are made by a manager.');
  await expect(salesActions.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await expect(salesActions.getByRole('heading', { name: 'Cancel the order' })).toHaveCount(0);

  // the unpaid order: a manager may cancel it, sales may not
  await salesPage.goto(`/admin/orders/${unpaidNumber}`);
  await expect(salesActions.getByRole('form', { name: 'Add a note' })).toBeVisible();
  await expect(salesActions.getByRole('button', { name: /^Cancel order/ })).toHaveCount(0);
  await expect(salesActions.getByRole('heading', { name: 'Cancel the order' })).toHaveCount(0);
  await expect(salesActions.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await salesPage.context().close();
  await page.goto(`/admin/orders/${unpaidNumber}`);
  await expect(actions).toContainText(`Order ${unpaidNumber} has no payment to refund.`);
  await actions.getByRole('button', { name: 'Cancel order…' }).click();
  await actions.getByRole('group', { name: 'Confirm cancelling' }).getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(page.getByRole('region', { name: 'Summary' }).getByRole('definition').first()).toHaveText('Canceled');
  await expect(actions).toContainText(`Order ${unpaidNumber} is already canceled.`);

  // now a third status to filter by
  await page.goto(`/admin/orders?q=${encodeURIComponent(shopper.email)}&status=canceled`);
  await expect(numbers).toHaveText([unpaidNumber]);
  expect(found).toEqual({});
});
