import type { Page } from '@playwright/test';
import { SANDBOX_TEST_CARDS, type MailboxMessage } from '@storefront/contracts';
import { CARD_FRAME, newShopper } from '../support/checkout.js';
import { createQuote, issueLink, paymentPath, quoteRow } from '../support/quotes.js';
import { expect, test } from '../support/test.js';

/**
 * Quotes paid by link and split payment, as the business and its customer live them: staff
 * make a quote with the back-office command, the customer opens the link, pays it (in full, or a
 * deposit and later the rest from the split-payment page) with a card typed into the sandbox's frame.
 * Everything behind is real: orders and payments services, PostgreSQL, the e-mail worker.
 * The example quote totals $1,389.90 and allows split payment from $250.00.
 */

async function typeCard(page: Page, cardNumber: string = SANDBOX_TEST_CARDS.succeeds): Promise<void> {
  const frame = page.frameLocator(CARD_FRAME);
  await frame.getByLabel('Card number').fill(cardNumber);
  await frame.getByLabel('Expiry').fill('12 / 30');
  await frame.getByLabel('CVC').fill('123');
}

async function mailFor(page: Page, orderNumber: string): Promise<MailboxMessage[]> {
  const response = await page.request.get('/dev/mailbox/messages.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as MailboxMessage[]).filter((message) => message.subject.includes(orderNumber));
}

test('a quote made by the back office is paid in full by card: success page, the quote ordered, both e-mails sent', async ({ page }) => {
  const shopper = newShopper('quote-full');
  const quote = await createQuote({ email: shopper.email });

  // the first HTML already shows the quote (page data rendered on the server)
  const html = await (await page.request.get(paymentPath(quote), { headers: { Accept: 'text/html' } })).text();
  expect(html).toMatch(new RegExp(`<h1[^>]*>Quote #${quote.quoteIncrementId}</h1>`));
  expect(html).toContain('$1,389.90');
  expect(html).toMatch(/<meta name="robots" content="noindex/);

  await page.goto(paymentPath(quote));
  await expect(page.getByRole('table', { name: 'Items in this quote' })).toContainText('soft-close hinges');
  await expect(page.getByText('PO-7731')).toBeVisible();
  // the default method is chosen; the card goes into the provider's frame only
  await expect(page.getByRole('radio', { name: /Credit or Debit Card/ })).toBeChecked();
  await typeCard(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();

  await expect(page).toHaveURL(/\/order\/success$/);
  const paid = await quoteRow(quote.quoteId);
  expect(paid).toMatchObject({ status: 'ordered', order_status: 'ordered' });
  await expect(page.getByText(paid.order_increment_id!).first()).toBeVisible();

  await expect.poll(async () => (await mailFor(page, paid.order_increment_id!)).length, { timeout: 15_000 }).toBe(2);
  const mail = await mailFor(page, paid.order_increment_id!);
  expect(mail.find((message) => message.to === shopper.email)?.html).toContain('$1,389.90');
  expect(mail.some((message) => message.subject.includes('New Order') && message.to !== shopper.email)).toBe(true);

  // the link again: the quote says it is ordered, and nothing can be paid twice
  await page.goto(paymentPath(quote));
  await expect(page.getByText('This quote has already been ordered.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0);
});

test('an expired link and a wrong token show their views', async ({ page }) => {
  const quote = await createQuote();
  const wrong = { quoteId: quote.quoteId, token: `${quote.token.slice(0, -4)}AAAA` };
  await page.goto(paymentPath(wrong));
  await expect(page.getByText('Quote not found. The link may be incorrect.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home Page' })).toBeVisible();

  const expiring = await issueLink(quote.quoteIncrementId, '1s');
  await page.waitForTimeout(1500);
  await page.goto(paymentPath(expiring));
  await expect(page.getByText('The quote link has expired. Please contact admin to receive a new payment link.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Home Page' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  // the first link was revoked by the second
  await page.goto(paymentPath(quote));
  await expect(page.getByText('Quote not found. The link may be incorrect.')).toBeVisible();
});

test('split payment: a deposit on the quote, the balance from the split-payment page found by order number and e-mail', async ({ page }) => {
  const shopper = newShopper('quote-split');
  const quote = await createQuote({ email: shopper.email });
  await page.goto(paymentPath(quote));
  await page.getByRole('radio', { name: /Split Payment/ }).check();
  const amount = page.getByLabel('Split amount');
  await expect(amount).toHaveAttribute('step', '0.01');
  await expect(amount).toHaveAttribute('min', '250.00');
  await expect(amount).toHaveAttribute('max', '1389.90');

  // the §5 rules, in their words, before anything is charged
  await amount.fill('100');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Minimum amount is $250.00')).toBeVisible();
  await amount.fill('2000');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByText('Amount cannot exceed total')).toBeVisible();

  await amount.fill('400');
  await typeCard(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/order\/success\?split=true$/);
  await expect(page.getByText('$400.00').first()).toBeVisible();
  await expect(page.getByText('$989.90').first()).toBeVisible();
  const deposit = await quoteRow(quote.quoteId);
  expect(deposit).toMatchObject({ status: 'ordered', order_status: 'partially_paid' });

  // the success page's link leads to the lookup form
  await page.getByRole('link', { name: 'Pay the remaining balance' }).click();
  await expect(page).toHaveURL(/\/order\/split-payment$/);
  await page.getByRole('button', { name: 'Fetch Order' }).click();
  await expect(page.getByText('Order ID is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await page.getByLabel('Order ID').fill(deposit.order_increment_id!);
  await page.getByLabel('Email').fill('someone-else@example.com');
  await page.getByRole('button', { name: 'Fetch Order' }).click();
  await expect(page.getByText('Order not found.')).toBeVisible();

  await page.goto('/order/split-payment');
  await page.getByLabel('Order ID').fill(deposit.order_increment_id!);
  await page.getByLabel('Email').fill(shopper.email.toUpperCase());
  await page.getByRole('button', { name: 'Fetch Order' }).click();
  await expect(page).toHaveURL(new RegExp(`orderId=${deposit.order_increment_id}&email=`));
  await expect(page.getByRole('heading', { name: `Order #${deposit.order_increment_id}` })).toBeVisible();
  const amountOf = (term: string) => page.getByRole('term').filter({ hasText: term }).locator('xpath=following-sibling::dd[1]');
  await expect(amountOf('Amount received')).toHaveText('$400.00');

  await page.getByRole('radio', { name: /Split Payment/ }).check();
  await expect(amountOf('Remaining')).toHaveText('$989.90');
  const part = page.getByLabel('Payment amount');
  await part.fill('1000');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page.getByText('Payment amount cannot exceed due amount of $989.90')).toBeVisible();
  await part.fill('500');
  // remaining = total − received − the amount typed
  await expect(amountOf('Remaining')).toHaveText('$489.90');
  await part.fill('989.90');
  await typeCard(page);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/order\/success$/);
  expect(await quoteRow(quote.quoteId)).toMatchObject({ status: 'ordered', order_status: 'ordered' });

  // the customer's e-mails: the order confirmation (with the balance and its link), then the split-payment confirmation
  await expect.poll(async () => (await mailFor(page, deposit.order_increment_id!)).filter((m) => m.to === shopper.email).length, { timeout: 15_000 }).toBe(2);
  const mail = (await mailFor(page, deposit.order_increment_id!)).filter((message) => message.to === shopper.email);
  expect(mail.some((message) => message.text.includes('/order/split-payment?orderId='))).toBe(true);
  expect(mail.some((message) => /Payment received for order/.test(message.subject))).toBe(true);

  // paid: the page says so in the spec's words, and the lookup shows nothing more of the order
  await page.goto(`/order/split-payment?orderId=${deposit.order_increment_id}&email=${encodeURIComponent(shopper.email)}`);
  await expect(page.getByText('This order has already been fully paid.')).toBeVisible();
});

test("a payment that fails on the provider's page goes back to the quote or split page that started it, with why and the amount still due", async ({ page }) => {
  const shopper = newShopper('quote-back');
  const quote = await createQuote({ email: shopper.email });
  await page.goto(paymentPath(quote));
  // the methods' icons (spec 3 metadata), decorative, served by the site itself
  const icon = page.locator('label img[src="/images/payment/credit-card.svg"]').first();
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAttribute('alt', '');
  await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // 3-D Secure declined: back on the quote link page (its token), not the sample checkout's /payment/fail
  await typeCard(page, SANDBOX_TEST_CARDS.requiresAuthentication);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox 3-D Secure' })).toBeVisible();
  await page.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page).toHaveURL(new RegExp(`/quote/payment\\?quoteId=${quote.quoteId}&token=${quote.token}$`), { timeout: 30_000 });
  const declined = page.getByRole('alert').filter({ hasText: 'Amount due' });
  await expect(declined).toContainText('The shopper failed 3-D Secure authentication.');
  await expect(declined).toContainText('Amount due: $1,389.90');

  // paid from there: a deposit, then PayPal canceled on the split-payment page goes back to that page, the order looked up again
  await page.getByRole('radio', { name: /Split Payment/ }).check();
  await page.getByLabel('Split amount').fill('400');
  await typeCard(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/order\/success\?split=true$/);
  const deposit = await quoteRow(quote.quoteId);
  await page.goto(`/order/split-payment?orderId=${deposit.order_increment_id}&email=${encodeURIComponent(shopper.email)}`);
  await page.getByRole('radio', { name: /PayPal/ }).check();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox PayPal' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(new RegExp(`/order/split-payment\\?orderId=${deposit.order_increment_id}&email=`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { name: `Order #${deposit.order_increment_id}` })).toBeVisible();
  const canceled = page.getByRole('alert').filter({ hasText: 'Amount due' });
  await expect(canceled).toContainText('An error occurred during the PayPal transaction. Please try again.');
  await expect(canceled).toContainText('Amount due: $989.90');
  expect(await quoteRow(quote.quoteId)).toMatchObject({ order_status: 'partially_paid' });

  // the order view page in the spec's words: an order nobody can prove is theirs
  await page.goto(`/order/view/${deposit.order_increment_id}?token=not-the-token`);
  await expect(page.getByText('Order not found.')).toBeVisible();
});

test('the split-payment lookup works with the keyboard alone', async ({ page }) => {
  const shopper = newShopper('quote-keys');
  const quote = await createQuote({ email: shopper.email });
  await page.goto(paymentPath(quote));
  await page.getByRole('radio', { name: /Split Payment/ }).check();
  await page.getByLabel('Split amount').fill('250');
  await typeCard(page);
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await expect(page).toHaveURL(/\/order\/success\?split=true$/);
  const { order_increment_id: orderNumber } = await quoteRow(quote.quoteId);

  await page.goto('/order/split-payment');
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await page.getByLabel('Order ID').focus();
  await page.keyboard.type(orderNumber!);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type(shopper.email);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Order #${orderNumber}` })).toBeVisible();
  const received = page.getByRole('term').filter({ hasText: 'Amount received' });
  await expect(received.locator('xpath=following-sibling::dd[1]')).toHaveText('$250.00');
  // the split method, chosen with the keyboard: what remains before an amount is typed
  await page.getByRole('radio', { name: /Split Payment/ }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('radio', { name: /Split Payment/ })).toBeChecked();
  const remaining = page.getByRole('term').filter({ hasText: 'Remaining' });
  await expect(remaining.locator('xpath=following-sibling::dd[1]')).toHaveText('$1,139.90');
});
