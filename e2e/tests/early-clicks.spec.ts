import { expect, test, type Page } from '@playwright/test';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import { CARD_FRAME, addSampleOnStylePage, chargesOf, fillBilling, newShopper, ordersOf } from '../support/checkout.js';
import { collectConsoleErrors } from '../support/console.js';
import { openEarly, stillStatic } from '../support/early.js';
import { createQuote, paymentPath, quoteRow } from '../support/quotes.js';

/**
 * A shopper who clicks as soon as the page appears. Unlike every other
 * spec, nothing here waits for `html[data-hydrated]` (this file takes Playwright's own `test`, not
 * support/test's): the page is loaded only to its first response, the CPU is throttled 4× like a
 * mid-range phone (Chrome DevTools Protocol), and each control is used the moment it is visible.
 * Every action must have its effect, and every press must really come before hydration.
 */

const STYLE_PAGE = '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw';
const LISTING = '/products/kitchen-cabinets/rta-kitchen-cabinets';

/** Presses `control` at first sight: before the page's scripts ran, or the test would prove nothing. */
async function pressEarly(page: Page, control: ReturnType<Page['getByRole']>): Promise<void> {
  await control.waitFor({ state: 'visible' });
  await control.click();
  expect(await stillStatic(page), 'the press came before the page was hydrated').toBe(true);
}

test('"Order a free sample" on a style page adds the sample', async ({ page }) => {
  await openEarly(page, STYLE_PAGE);
  await pressEarly(page, page.getByRole('button', { name: 'Order a free sample' }));
  await expect(page.getByText(/has been successfully added\./).first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
});

test('adding a sample on /order-samples, and "Accept All" on the cookie banner', async ({ page }) => {
  await openEarly(page, '/order-samples');
  const card = page.locator('.sf-listing-card').first();
  await pressEarly(page, card.getByRole('checkbox').first());
  await pressEarly(page, card.getByRole('button', { name: 'Add selected samples to cart' }));
  await expect(card.getByText(/has been successfully added\./)).toBeVisible({ timeout: 20_000 });

  await openEarly(page, '/');
  await pressEarly(page, page.getByRole('button', { name: 'Accept All' }));
  await expect.poll(async () => (await page.context().cookies()).some((cookie) => /consent/i.test(cookie.name)), { timeout: 20_000 }).toBe(true);
});

test('the search opener, and a filter on the listing', async ({ page }) => {
  await page.setViewportSize({ width: 1300, height: 900 });
  await openEarly(page, '/');
  await pressEarly(page, page.getByRole('button', { name: 'Open search' }));
  const box = page.getByRole('combobox', { name: 'Search products and articles' });
  await expect(box).toBeVisible({ timeout: 20_000 });
  // two characters: the search says what it needs (its minimum is three), as on a live page
  await box.fill('sh');
  await expect(page.getByRole('status').filter({ hasText: 'Please enter at least 3 characters to search.' })).toBeVisible({ timeout: 20_000 });

  await openEarly(page, LISTING);
  const filters = page.getByRole('complementary', { name: 'Filters' });
  await pressEarly(page, filters.getByRole('checkbox', { name: /^Shaker/ }));
  await expect(page).toHaveURL(/doorStyle=shaker/, { timeout: 20_000 });
  await expect(filters.getByRole('checkbox', { name: /^Shaker/ })).toBeChecked();
});

test('the mobile menu, and the estimator\'s first Next', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await openEarly(page, '/');
  await pressEarly(page, page.getByRole('button', { name: 'Menu' }));
  await expect(page.getByRole('dialog', { name: 'Our Offerings' })).toBeVisible({ timeout: 20_000 });

  await openEarly(page, '/estimator');
  await pressEarly(page, page.getByRole('button', { name: 'Next: Cabinets' }));
  // nothing chosen yet: the first group says what is missing, as after a click on a live page
  await expect(page.getByText('This field is required').first()).toBeVisible({ timeout: 20_000 });
});

test('an empty contact form submitted at once shows the spec\'s messages (never a reload without them)', async ({ page }) => {
  await openEarly(page, '/contact');
  const form = page.getByRole('form', { name: /contact/i });
  await pressEarly(page, form.getByRole('button', { name: 'Send Message' }));
  await expect(form.getByText('This field is required').first()).toBeVisible({ timeout: 20_000 });
  expect(page.url()).toMatch(/\/contact$/);
});

test("the checkout's cart at first sight: a phone's cart bar opens the cart, a desktop line's Remove removes it", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await addSampleOnStylePage(page);
  // the server drew the bar (phones) and the priced cart (from the cart's cookies) in the first HTML
  await openEarly(page, '/checkout');
  await pressEarly(page, page.getByRole('button', { name: 'Shopping Cart, 1 item' }));
  await expect(page.getByRole('dialog', { name: /Shopping Cart/ })).toBeVisible({ timeout: 20_000 });

  await page.setViewportSize({ width: 1280, height: 900 });
  await openEarly(page, '/checkout');
  const summary = page.getByRole('complementary', { name: /Shopping Cart/ });
  await pressEarly(page, summary.getByRole('button', { name: /^Remove / }));
  await expect(page.getByText(/Looks like you have not added anything to your cart/)).toBeVisible({ timeout: 20_000 });
});

test('a checkout filled and submitted at first sight: nothing typed is lost, the frame asks for the card, and the order is placed once', async ({ page }) => {
  const shopper = newShopper('early-checkout');
  await addSampleOnStylePage(page);
  // the page itself is never posted to (no form fields, nor card, to the page renderer), and the
  // checkout's page data (payment methods, countries) travels with the page, never fetched again
  const postsToPages: string[] = [];
  const pageDataFetches: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && !path.startsWith('/api/')) postsToPages.push(request.url());
    if (/^\/api\/(payment-methods|order\/checkout-locations)/.test(path)) pageDataFetches.push(request.url());
  });
  const errors = collectConsoleErrors(page);
  // a whole address takes longer to type than the usual delay: the scripts come once Submit is pressed
  let pressed: () => void = () => undefined;
  await openEarly(page, '/checkout', { scriptsHeldUntil: new Promise<void>((resolve) => (pressed = resolve)) });
  const form = page.getByRole('form', { name: 'Checkout' });
  const field = (name: string) => form.locator(`[name="${name}"]`);
  await field('bill_first_name').waitFor({ state: 'visible' });
  // the form as it starts, already in the first HTML
  await expect(field('bill_country')).toHaveValue('US');
  // as a shopper would, the box 'same as billing' included: the address is to be shipped to
  await fillBilling(page, shopper);
  const submit = form.getByRole('button', { name: 'Submit' });
  await pressEarly(page, submit);
  // the press was taken, and the shopper sees it
  await expect(submit).toHaveClass(/sf-early-pressed/);
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  pressed();

  // Replayed once the form is live, the press waits for the card frame (no 'not ready'), and the
  // form judges what was typed before hydration: no field is said to be missing, the shipping is
  // quoted for the address, and the empty frame asks for the card (nothing is created yet).
  const frame = page.frameLocator(CARD_FRAME);
  await expect(frame.getByText('Payment details are required to continue.')).toBeVisible({ timeout: 20_000 });
  await expect(form.getByText('This field is required')).toHaveCount(0);
  await expect(form.getByRole('alert')).toHaveCount(0);
  await expect(field('bill_email')).toHaveValue(shopper.email);
  await expect(field('same_as_billing')).toBeChecked();
  await expect(page.getByText('Standard Ground').first()).toBeVisible();
  expect(await ordersOf(shopper.email)).toEqual([]);

  await frame.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.succeeds);
  await frame.getByLabel('Expiry').fill('12 / 30');
  await frame.getByLabel('CVC').fill('123');
  await submit.click();
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 20_000 });
  const orders = await ordersOf(shopper.email);
  expect(orders).toEqual([expect.objectContaining({ status: 'ordered', payment_status: 'completed' })]);
  await expect(page.getByText(orders[0]!.order_increment_id).first()).toBeVisible();
  expect(await chargesOf(shopper.email)).toBe(1);
  expect(postsToPages).toEqual([]);
  expect(pageDataFetches).toEqual([]);
  // the values typed into the server's HTML did not make React throw it away
  expect(errors.filter((error) => /hydrat/i.test(error))).toEqual([]);
});

test('a quote\'s Pay Now pressed at first sight waits for the card frame, charges nothing without a card, and the quote is paid once', async ({ page }) => {
  const shopper = newShopper('early-quote');
  const quote = await createQuote({ email: shopper.email });
  const errors = collectConsoleErrors(page);
  await openEarly(page, paymentPath(quote));
  const pay = page.getByRole('button', { name: 'Pay Now' });
  await pressEarly(page, pay);
  // the press was taken, and the shopper sees it
  await expect(pay).toHaveClass(/sf-early-pressed/);
  await expect(pay).toHaveAttribute('aria-busy', 'true');

  // Replayed once the form is live, the press waits for the card frame (no 'not ready'), and the
  // empty frame asks for the card: nothing is drafted nor charged without one.
  const frame = page.frameLocator(CARD_FRAME);
  await expect(frame.getByText('Payment details are required to continue.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await expect(pay).not.toHaveAttribute('aria-busy');
  expect(await quoteRow(quote.quoteId)).toMatchObject({ status: 'ready_to_order', order_increment_id: null });
  expect(await chargesOf(shopper.email)).toBe(0);

  await frame.getByLabel('Card number').fill(SANDBOX_TEST_CARDS.succeeds);
  await frame.getByLabel('Expiry').fill('12 / 30');
  await frame.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 20_000 });
  const paid = await quoteRow(quote.quoteId);
  expect(paid).toMatchObject({ status: 'ordered', order_status: 'ordered' });
  await expect(page.getByText(paid.order_increment_id!).first()).toBeVisible();
  expect(await chargesOf(shopper.email)).toBe(1);
  expect(errors.filter((error) => /hydrat/i.test(error))).toEqual([]);
});
