import { createQuote } from '../support/quotes.js';
import { expect, test } from '../support/test.js';

/**
 * The quote view page: a quote made by the business's back-office command against
 * the stack's database, opened with its link's token. Its first HTML already shows the quote; the
 * hydrated page shows its badge and totals; a wrong token learns nothing.
 */

test('a quote opened with its token: the first HTML has it, the page shows its badge and totals, a wrong token does not', async ({ page }) => {
  const quote = await createQuote();
  const address = `/quote/view/${quote.quoteId}?token=${encodeURIComponent(quote.token)}`;

  const response = await page.request.get(address, { headers: { Accept: 'text/html' } });
  expect(response.status()).toBe(200);
  // the customer's data in the HTML: no cache keeps it
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const firstHtml = await response.text();
  expect(firstHtml).toMatch(new RegExp(`<h1[^>]*>Quote #${quote.quoteIncrementId}</h1>`));
  expect(firstHtml).toMatch(/<title>Your Quote \| [^<]+<\/title>/);
  expect(firstHtml).toMatch(/<meta name="robots" content="noindex/);
  expect(firstHtml).toContain('$1,389.90');

  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await page.goto(address);
  await expect(page.locator('html[data-hydrated]')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: `Quote #${quote.quoteIncrementId}` })).toBeVisible();
  await expect(page.getByText('Ready To Order')).toBeVisible();
  const items = page.getByRole('table', { name: 'Items in this quote' });
  await expect(items.getByRole('rowheader', { name: /Base Cabinet 24/ })).toContainText('soft-close hinges');
  // the example's $278.99 × 3 + $189.50 × 2, $149.50 shipping, $74.43 tax, $50 discount
  await expect(page.getByText('$1,215.97')).toBeVisible();
  await expect(page.getByText('$74.43')).toBeVisible();
  await expect(page.getByText('-$50.00')).toBeVisible();
  await expect(page.getByText('$1,389.90', { exact: true })).toBeVisible();
  // the link's holder may pay what is due from here, through the quote's payment page with the same token
  await expect(page.getByRole('link', { name: 'Pay this quote ($1,389.90)' })).toHaveAttribute('href', `/quote/payment?quoteId=${quote.quoteId}&token=${quote.token}`);
  await expect(page.getByRole('region', { name: 'Customer details' })).toContainText('ann@example.com');
  expect(consoleErrors).toEqual([]);

  await page.goto(`/quote/view/${quote.quoteId}?token=not-the-token`);
  await expect(page.getByText('Quote not found.')).toBeVisible();
  await expect(page.getByText(quote.quoteIncrementId)).toHaveCount(0);
});
