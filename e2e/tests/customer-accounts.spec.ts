import { createHash } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { SANDBOX_TEST_CARDS, type MailboxMessage } from '@storefront/contracts';
import { addSampleOnStylePage, payByCard } from '../support/checkout.js';
import { queryDatabase } from '../support/database.js';
import { expect, test } from '../support/test.js';

/**
 * Customer accounts as a shopper meets them: register on /register, sign out and in from
 * the header, keep addresses and switch the default, check out prefilled, find the order in My
 * Account; reset a forgotten password through the e-mail's link; the same with the keyboard alone.
 * Every part is real: the orders service's accounts, PostgreSQL, the local mailbox, the sandbox card.
 */

const PASSWORD = 'cabinet-doors-2026';

function newAccount(tag: string) {
  return { email: `${tag}-${Date.now()}@example.com`, firstName: 'Jane', lastName: 'Doe' };
}

/** The /register form as a shopper fills it: the address becomes the account's first (default) address. */
async function register(page: Page, account: { email: string; firstName: string; lastName: string }): Promise<void> {
  await page.goto('/register');
  const form = page.getByRole('form', { name: 'Create an Account' });
  await form.getByLabel('First Name').fill(account.firstName);
  await form.getByLabel('Last Name').fill(account.lastName);
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Phone').fill('2125550100');
  await form.getByLabel('Password').fill(PASSWORD);
  await form.getByLabel('Street Address').fill('350 Fifth Avenue');
  const state = form.getByRole('combobox', { name: 'State' });
  await state.fill('New Yor');
  await form.getByRole('option', { name: 'New York', exact: true }).click();
  const city = form.getByRole('combobox', { name: 'City' });
  await expect(city).toBeEnabled();
  await city.fill('New York Ci');
  await form.getByRole('option', { name: 'New York City', exact: true }).click();
  await form.getByLabel('ZIP Code').fill('10118');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByRole('heading', { level: 1, name: 'My Account' })).toBeVisible();
}

const header = (page: Page) => page.getByRole('banner');

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Email').fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function mailTo(page: Page, email: string): Promise<MailboxMessage[]> {
  const response = await page.request.get('/dev/mailbox/messages.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as MailboxMessage[]).filter((message) => message.to === email);
}

/** Presses Tab until `target` has the focus (keyboard only: no click, no focus() call). */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let presses = 0; presses < limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('register, sign out and in, keep two addresses, check out prefilled and find the order in My Account', async ({ page }) => {
  const account = newAccount('account');
  await register(page, account);
  await expect(page.getByText(account.email)).toBeVisible();
  // the account is stored with an argon2id hash, never the password
  const [customer] = await queryDatabase<{ id: string; password_hash: string }>('SELECT id, password_hash FROM orders.customer WHERE email = $1', [account.email]);
  expect(customer?.password_hash).toMatch(/^\$argon2id\$/);
  expect(customer?.password_hash).not.toContain(PASSWORD);

  // the header knows the session: My Account; after signing out, Log In
  await expect(header(page).getByRole('link', { name: 'My Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await header(page).getByRole('link', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login/);

  // a wrong password and an unknown e-mail answer alike
  await signIn(page, account.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signIn(page, `nobody-${account.email}`, PASSWORD);
  await expect(page.getByText('Invalid email or password.')).toBeVisible();
  await signIn(page, account.email, PASSWORD);
  await expect(page).toHaveURL(/\/my-account$/);

  // the registration's address is the default; a second one becomes the default shipping address
  await page.getByRole('link', { name: 'Manage addresses' }).click();
  await expect(page).toHaveURL(/\/my-account\/addresses$/);
  const addresses = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').filter({ has: page.getByRole('heading') });
  await expect(addresses).toHaveCount(1);
  await expect(addresses.first()).toContainText('350 Fifth Avenue');
  await expect(addresses.first()).toContainText('Default shipping');
  await expect(addresses.first()).toContainText('Default billing');

  await page.getByRole('link', { name: 'Add New Address' }).first().click();
  await expect(page).toHaveURL(/\/my-account\/address\/new$/);
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('First Name').fill('Jane');
  await form.getByLabel('Last Name').fill('Doe');
  await form.getByLabel('Phone').fill('(973) 555-0199');
  await form.getByLabel('Address 1').fill('1 Riverfront Plaza');
  await form.getByLabel('City').fill('Newark');
  await form.getByLabel('State').selectOption('NJ');
  await form.getByLabel('ZIP').fill('07102');
  // the checkout's rules and messages
  await form.getByLabel('Address 2').fill('Suite #5');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(form.getByText('Special characters are not allowed')).toBeVisible();
  await form.getByLabel('Address 2').fill('Suite 5');
  await form.getByRole('button', { name: 'Save Address' }).click();
  await expect(page).toHaveURL(/\/my-account\/addresses$/);
  await expect(addresses).toHaveCount(2);

  const newark = addresses.filter({ hasText: '1 Riverfront Plaza' });
  await newark.getByRole('button', { name: 'Set as default shipping' }).click();
  await expect(newark).toContainText('Default shipping');
  const fifthAvenue = addresses.filter({ hasText: '350 Fifth Avenue' });
  await expect(fifthAvenue).not.toContainText('Default shipping');
  await expect(fifthAvenue).toContainText('Default billing');
  const defaults = await queryDatabase<{ street1: string; is_default_shipping: boolean; is_default_billing: boolean }>(
    'SELECT street1, is_default_shipping, is_default_billing FROM orders.customer_address WHERE customer_id = $1 ORDER BY street1',
    [customer!.id],
  );
  expect(defaults).toEqual([
    { street1: '1 Riverfront Plaza', is_default_shipping: true, is_default_billing: false },
    { street1: '350 Fifth Avenue', is_default_shipping: false, is_default_billing: true },
  ]);

  // the checkout starts from the account: billing from the default billing address, shipping from the
  // default shipping one, the e-mail the account's and not editable
  await addSampleOnStylePage(page);
  await page.goto('/checkout');
  const field = (name: string) => page.locator(`[name="${name}"]`);
  await expect(field('bill_email')).toHaveValue(account.email);
  await expect(field('bill_email')).not.toBeEditable();
  await expect(field('bill_first_name')).toHaveValue('Jane');
  await expect(field('bill_address_1')).toHaveValue('350 Fifth Avenue');
  await expect(field('same_as_billing')).not.toBeChecked();
  await expect(field('ship_address_1')).toHaveValue('1 Riverfront Plaza');
  await expect(field('ship_state')).toHaveValue('NJ');
  await payByCard(page, SANDBOX_TEST_CARDS.succeeds);
  await expect(page).toHaveURL(/\/order\/success$/, { timeout: 20_000 });

  const [order] = await queryDatabase<{ id: string; order_increment_id: string; customer_id: string; email: string; customer_is_guest: boolean }>(
    'SELECT id, order_increment_id, customer_id, email, customer_is_guest FROM orders.orders WHERE customer_id = $1',
    [customer!.id],
  );
  expect(order).toMatchObject({ email: account.email, customer_is_guest: false });

  // My Orders: the order with its badge, and its page opens for its owner without a token
  await header(page).getByRole('link', { name: 'My Account' }).click();
  const myOrders = page.getByRole('region', { name: 'My Orders' });
  const row = myOrders.getByRole('row').filter({ hasText: order!.order_increment_id });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Ordered', exact: true })).toBeVisible();
  await row.getByRole('link', { name: new RegExp(order!.order_increment_id) }).click();
  await expect(page).toHaveURL(new RegExp(`/order/view/${order!.id}$`));
  await expect(page.getByRole('heading', { name: `Order #${order!.order_increment_id}` })).toBeVisible();
});

test('a forgotten password is reset through the e-mailed link, which works once', async ({ page, browser }) => {
  const account = newAccount('reset');
  await register(page, account);
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(header(page).getByRole('link', { name: 'Log In' })).toBeVisible();

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText(/If an account exists for that email, we have sent a link/)).toBeVisible();

  // the account's address also gets the verification link sent at registration
  const resetMail = async () => (await mailTo(page, account.email)).filter((mail) => mail.subject === 'Reset your password');
  await expect.poll(async () => (await resetMail()).length, { timeout: 15_000 }).toBe(1);
  const [message] = await resetMail();
  const link = new URL(/(https?:\/\/\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(message!.text)![1]!);
  // the token is stored only as its SHA-256
  const token = link.searchParams.get('token')!;
  const stored = await queryDatabase<{ token_hash: string }>('SELECT token_hash FROM orders.password_reset r JOIN orders.customer c ON c.id = r.customer_id WHERE c.email = $1', [account.email]);
  expect(stored.map((row) => row.token_hash)).toEqual([createHash('sha256').update(token).digest('hex')]);

  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('textbox', { name: 'New password' }).fill('a-brand-new-secret');
  await page.getByRole('textbox', { name: 'Confirm password' }).fill('a-brand-new-secret');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/my-account$/);
  await expect(page.getByText(account.email)).toBeVisible();

  // the link is spent: a second use, in another browser, is refused
  const other = await browser.newPage();
  await other.goto(`${link.pathname}${link.search}`);
  await other.getByRole('textbox', { name: 'New password' }).fill('yet-another-secret');
  await other.getByRole('textbox', { name: 'Confirm password' }).fill('yet-another-secret');
  await other.getByRole('button', { name: 'Reset Password' }).click();
  await expect(other.getByText('This password reset link is invalid or has expired. Please request a new one.')).toBeVisible();
  // the old password no longer signs in, the new one does
  await other.goto('/login');
  await signIn(other, account.email, PASSWORD);
  await expect(other.getByText('Invalid email or password.')).toBeVisible();
  await signIn(other, account.email, 'a-brand-new-secret');
  await expect(other).toHaveURL(/\/my-account$/);
  await other.close();
});

test('keyboard only: sign in, open the addresses, add one and make it the default billing address', async ({ page }) => {
  const account = newAccount('keyboard');
  await register(page, account);
  await page.getByRole('button', { name: 'Sign Out', exact: true }).click();
  await expect(header(page).getByRole('link', { name: 'Log In' })).toBeVisible();

  await tabTo(page, header(page).getByRole('link', { name: 'Log In' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login/);
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(account.email);
  await page.keyboard.press('Tab');
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toBeFocused();
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-account$/);

  await tabTo(page, page.getByRole('link', { name: 'Manage addresses' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-account\/addresses$/);
  await tabTo(page, page.getByRole('link', { name: 'Add New Address' }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-account\/address\/new$/);

  const form = page.getByRole('form', { name: 'New address' });
  await tabTo(page, form.getByLabel('First Name'));
  await page.keyboard.type('Jane');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Doe');
  await tabTo(page, form.getByLabel('Phone'));
  await page.keyboard.type('2125550123');
  await tabTo(page, form.getByLabel('Address 1'));
  await page.keyboard.type('11 Wall Street');
  await tabTo(page, form.getByLabel('City'));
  await page.keyboard.type('New York');
  await tabTo(page, form.getByLabel('State'));
  // a native select: typing picks the option
  await page.keyboard.type('New York');
  await expect(form.getByLabel('State')).toHaveValue('NY');
  await tabTo(page, form.getByLabel('ZIP'));
  await page.keyboard.type('10005');
  await tabTo(page, form.getByLabel('Use as default billing address'));
  await page.keyboard.press('Space');
  await expect(form.getByLabel('Use as default billing address')).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/my-account\/addresses$/);

  const addresses = page.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem').filter({ has: page.getByRole('heading') });
  await expect(addresses.filter({ hasText: '11 Wall Street' })).toContainText('Default billing');
  await expect(addresses.filter({ hasText: '350 Fifth Avenue' })).not.toContainText('Default billing');
});

test("the header's account area: the same HTML for everyone, then Log In or My Account without a layout shift", async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { headerShifts: number[] }).headerShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; sources?: { node?: Node | null }[] }[]) {
        const inHeader = (entry.sources ?? []).some((source) => source.node instanceof Element && source.node.closest('header'));
        if (inHeader) shifts.push(entry.value);
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const accountArea = (html: string) => /<[^>]*class="[^"]*shell-account[^"]*"[^>]*>.*?<\/div>/s.exec(html)?.[0];

  // a guest: Log In appears where the empty panel was
  const guestHtml = await (await page.request.get('/')).text();
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Log In' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { headerShifts: number[] }).headerShifts)).toEqual([]);

  // signed in: the server's HTML is the guest's (one cacheable page), then My Account, no shift either
  await register(page, newAccount('header'));
  const signedInHtml = await (await page.request.get('/')).text();
  expect(accountArea(signedInHtml)).toBeDefined();
  expect(accountArea(signedInHtml)).toBe(accountArea(guestHtml));
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'My Account' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { headerShifts: number[] }).headerShifts)).toEqual([]);
});
