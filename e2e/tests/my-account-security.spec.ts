import type { MailboxMessage } from '@storefront/contracts';
import type { Page } from '@playwright/test';
import { queryDatabase } from '../support/database.js';
import { expect, test } from '../support/test.js';

/**
 * My Account's security part as a customer meets it: the e-mailed verification link, changing the
 * password (which signs out every other browser), and the list of browsers where the account is
 * signed in, with "Sign out" for one of them. Real services, PostgreSQL and the local mailbox.
 */

const PASSWORD = 'cabinet-doors-2026';
const NEW_PASSWORD = 'walnut-shelves-2027';

/** An account made through the API in this page's browser (its cookies are the page's). */
async function registerIn(page: Page, email: string): Promise<void> {
  const answer = await page.request.post('/api/my-account/register', {
    data: {
      name: 'registration',
      formData: {
        firstName: 'Jane',
        lastName: 'Doe',
        email,
        phone: '2125550100',
        password: PASSWORD,
        accountType: 'homeowner',
        newsletter: false,
        address: { street: '350 5th Ave', addressCountry: 'US', addressState: 'NY', addressCity: 'New York', zip: '10118' },
      },
    },
  });
  expect(answer.status()).toBe(201);
}

async function mailTo(page: Page, email: string, subject: string): Promise<MailboxMessage[]> {
  const response = await page.request.get('/dev/mailbox/messages.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as MailboxMessage[]).filter((message) => message.to === email && message.subject === subject);
}

test('the e-mailed link verifies the address; the account page says so', async ({ page }) => {
  const email = `verify-${Date.now()}@example.com`;
  await registerIn(page, email);
  await page.goto('/my-account');
  await expect(page.getByText('Your email address is not verified yet.', { exact: false })).toBeVisible();

  await expect.poll(async () => (await mailTo(page, email, 'Please verify your email address')).length, { timeout: 15_000 }).toBe(1);
  const [message] = await mailTo(page, email, 'Please verify your email address');
  const link = new URL(/(https?:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+)/.exec(message!.text)![1]!);
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Verify my email address' }).click();
  await expect(page.getByText('Thank you. Your email address is verified.')).toBeVisible();
  const [row] = await queryDatabase<{ verified: boolean }>('SELECT email_verified_at IS NOT NULL AS verified FROM orders.customer WHERE email = $1', [email]);
  expect(row?.verified).toBe(true);

  await page.getByRole('link', { name: 'Go to My Account' }).click();
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await expect(page.getByText('Your email address is not verified yet.', { exact: false })).toHaveCount(0);
});

test('changing the password signs out the other browser; one session can be signed out from the list', async ({ page, browser }) => {
  const email = `change-${Date.now()}@example.com`;
  await registerIn(page, email);
  const laptopContext = await browser.newContext();
  const laptop = await laptopContext.newPage();
  const signIn = await laptop.request.post('/api/my-account/login', { data: { email, password: PASSWORD } });
  expect(signIn.status()).toBe(200);

  // the list shows both browsers; this one is marked
  await page.goto('/my-account');
  const sessions = page.getByRole('region', { name: 'Where you are signed in' });
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  await expect(sessions.getByText('(This device)')).toBeVisible();

  // sign the other one out from here
  await sessions.getByRole('button', { name: /^Sign out: / }).click();
  await expect(page.getByText('That session has been signed out.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  expect((await laptop.request.get('/api/my-account/me')).status()).toBe(401);

  // again signed in there, then the password changes here
  expect((await laptop.request.post('/api/my-account/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Your password has been changed. You have been signed out on every other device.')).toBeVisible();
  expect((await laptop.request.get('/api/my-account/me')).status()).toBe(401);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  // this browser stays signed in, with its new session
  await page.reload();
  await expect(page.getByRole('region', { name: 'Profile' })).toBeVisible();
  await expect.poll(async () => (await mailTo(page, email, 'Your password was changed')).length, { timeout: 15_000 }).toBe(1);
  await laptopContext.close();
});

test('a wrong current password or a common new one is refused with a clear message', async ({ page }) => {
  const email = `refuse-${Date.now()}@example.com`;
  await registerIn(page, email);
  await page.goto('/my-account');
  const form = page.getByRole('form', { name: 'Change Password' });
  await form.getByLabel('Current password').fill('not my password');
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
  await form.getByLabel('Confirm new password').fill(NEW_PASSWORD);
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('alert').first()).toContainText('Your current password is not correct.');

  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill('password123');
  await form.getByLabel('Confirm new password').fill('password123');
  await form.getByRole('button', { name: 'Change Password' }).click();
  await expect(form.getByRole('alert').first()).toContainText('This password is too common. Please choose a different one.');
});
