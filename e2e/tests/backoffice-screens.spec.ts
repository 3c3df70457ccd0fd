import { readFile } from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { STAFF_MESSAGES } from '@storefront/contracts';
import { checkScreen } from '../support/axe.js';
import { createStaffFromCli, newMember, signInWithCode, uniqueTag } from '../support/backoffice.js';
import { deadLettersOf, queueRefusedFormNotification } from '../support/dead-letters.js';
import { expect, test, waitingForInteractive } from '../support/test.js';

/**
 * The back office's screens that the journey (backoffice-journey.spec.ts) does not walk, in the
 * browser against the whole stack: form submissions, operations, the member's own account, staff
 * and the audit log. Each test has its own staff members and data (tags in e-mails and names), so
 * the tests run beside the rest of the suite; each also checks its screens with axe (WCAG 2.1 AA)
 * at the tablet and desktop widths while they show that data.
 */

// each test has its own staff and data: they may run side by side on the suite's two workers
test.describe.configure({ mode: 'parallel' });

// A real 1x1 PNG, as claim-uploads.spec.ts sends it.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

/** A browser of its own (a shopper, a colleague, a second device), whose page loads wait until interactive as `page`'s do. */
async function newBrowserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return waitingForInteractive(await context.newPage());
}

const backOfficeNav = (page: Page) => page.getByRole('navigation', { name: 'Back office' });

/** A description list as its reader sees it: each term's text and its definition's. */
async function termsOf(list: Locator): Promise<Record<string, string>> {
  return list.evaluate((dl) =>
    Object.fromEntries([...dl.querySelectorAll(':scope > div > dt, :scope > dt')].map((term) => [term.textContent?.trim() ?? '', term.nextElementSibling?.textContent?.trim() ?? ''])),
  );
}

test('Form submissions: a claim a shopper sent is listed under its form with its answers, its photo and the CSV download, a form with none says so; no WCAG violation', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const found: Record<string, string[]> = {};
  // the shopper files a claim with a photo on /claim
  const shopper = await newBrowserPage(browser);
  const orderNumber = `HW-LEAD-${uniqueTag()}`;
  const email = `claims.${uniqueTag()}@example.com`;
  await shopper.goto('/claim');
  const claim = shopper.getByRole('form', { name: 'File a Claim' });
  await claim.getByLabel(/Order Number/).fill(orderNumber);
  await claim.getByLabel(/Order Email/).fill(email);
  await claim.getByLabel(/Full Name/).fill('Rosa Diaz');
  await claim.getByLabel(/Phone/).fill('7325550148');
  await claim.getByText('Damaged', { exact: true }).click();
  await claim.getByLabel(/Which Items/).fill('W3030 wall cabinet x1');
  await claim.getByLabel(/What Would You Like Us to Do/).selectOption('replacement');
  await claim.locator('input[type="file"]').setInputFiles({ name: 'damaged-door.png', mimeType: 'image/png', buffer: PNG });
  await expect(claim.getByRole('list', { name: /Chosen files for Photos/ })).toContainText('damaged-door.png');
  await claim.getByRole('button', { name: 'Submit Claim' }).click();
  await expect(shopper.getByText('Your claim has been received.', { exact: false })).toBeVisible();
  await shopper.context().close();

  // a manager picks the claim form on the Form submissions screen
  await newMember(page, 'manager', 'leads');
  await backOfficeNav(page).getByRole('link', { name: 'Form submissions' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Form submissions' })).toBeVisible();
  const forms = page.getByRole('navigation', { name: 'Forms' });
  await forms.getByRole('link', { name: 'File a Claim' }).click();
  await expect(page).toHaveURL(/\/admin\/submissions\?form=claim$/);
  await expect(forms.getByRole('link', { name: 'File a Claim' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { level: 2, name: 'File a Claim' })).toBeVisible();

  // the shopper's submission: every answer under its label, the photo as a download beside its field
  const card = page.getByRole('article').filter({ hasText: orderNumber });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('heading', { level: 3 })).toBeVisible();
  expect(await termsOf(card.locator('dl'))).toMatchObject({
    'Order Number': orderNumber,
    'Order Email': email,
    'Full Name': 'Rosa Diaz',
    Phone: '7325550148',
    'What Happened?': 'Damaged',
    'Which Items?': 'W3030 wall cabinet x1',
    Photos: `damaged-door.png (${PNG.length} bytes)`,
  });
  await checkScreen(page, 'submissions of a form', found);

  const fileDownload = page.waitForEvent('download');
  await card.getByRole('link', { name: 'damaged-door.png' }).click();
  const file = await fileDownload;
  expect(file.suggestedFilename()).toBe('damaged-door.png');
  expect(await readFile((await file.path())!)).toEqual(PNG);

  // Export CSV: the form's CSV, with the shopper's row
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('claim-submissions.csv');
  const lines = (await readFile((await csv.path())!, 'utf8')).split(/\r?\n/);
  // one column per field, named as the form names it, in the form's order
  expect(lines[0]).toMatch(/^id,form,submitted_at,.*,orderNumber,email,fullName,phone,claimType,items,damageNotedOnDelivery,photos,resolution,details$/);
  const rows = lines.filter((line) => line.includes(orderNumber));
  expect(rows).toHaveLength(1);
  for (const answer of [email, 'Rosa Diaz', 'W3030 wall cabinet x1']) expect(rows[0]).toContain(answer);

  // a form nobody has sent (no spec submits the dealer form) says so, in the picker and in its place
  await expect(forms.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'Become a Dealer' }) })).toHaveText('Become a Dealer (none yet)');
  await forms.getByRole('link', { name: 'Become a Dealer' }).click();
  await expect(page).toHaveURL(/\?form=dealer$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Become a Dealer' })).toBeVisible();
  await expect(page.getByText('No submissions yet')).toBeVisible();
  await expect(page.getByText('What visitors send through Become a Dealer will appear here, newest first.')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  expect(found).toEqual({});
});

test('Operations: a job the orders service refused is listed under the forms service with its error, the other sources are empty, and Retry sends it back to its queue; no WCAG violation', async ({ page }) => {
  test.setTimeout(90_000);
  const found: Record<string, string[]> = {};
  const submissionId = await queueRefusedFormNotification(uniqueTag());
  await expect.poll(async () => (await deadLettersOf(submissionId)).length, { timeout: 30_000 }).toBe(1);
  const [letter] = await deadLettersOf(submissionId);

  const manager = await newMember(page, 'manager', 'ops');
  await backOfficeNav(page).getByRole('link', { name: 'Operations' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Operations' })).toBeVisible();
  const formsJobs = page.getByRole('region', { name: 'Jobs of the forms service' });
  const retryName = `Retry the form-notification job ${letter!.id}`;
  const retry = formsJobs.getByRole('button', { name: retryName });
  const row = formsJobs.getByRole('row').filter({ has: page.getByRole('button', { name: retryName }) });
  await expect(row.getByRole('cell')).toHaveText([
    /\d/, // when it failed, in the staff member's local time
    'form-notification',
    '1', // refused for good: not retried
    /^orders service refused the e-mails with 400 \(emails\[0\]: subject must be one line of 1 to 300 characters\); not retried/,
    `Retry the form-notification job ${letter!.id}`,
  ]);
  // the other sources each answer on their own: nothing waits there
  await expect(page.getByRole('region', { name: 'E-mails that could not be delivered' })).toContainText('No e-mails waiting');
  for (const service of ['orders', 'payments']) await expect(page.getByRole('region', { name: `Jobs of the ${service} service` })).toContainText('No dead letters');
  await checkScreen(page, 'operations', found);

  await retry.click();
  await expect(page.getByRole('status').filter({ hasText: 'The form-notification job is back in its queue (forms) with a fresh set of retries.' })).toBeVisible();
  await expect(retry).toHaveCount(0);
  // it went back to its queue as a new job and ran: the orders service refused the same e-mail again,
  // so there is a dead letter again, a new job's (the one retried is gone)
  await expect.poll(async () => (await deadLettersOf(submissionId)).map((again) => again.id === letter!.id), { timeout: 30_000 }).toEqual([false]);
  const [again] = await deadLettersOf(submissionId);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Jobs of the forms service' }).getByRole('button', { name: `Retry the form-notification job ${again!.id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Retry the form-notification job ${letter!.id}` })).toHaveCount(0);

  // and the retry is in the audit log under the manager's name
  await page.goto(`/admin/audit?actor=${encodeURIComponent(manager.email)}&action=job.retry`);
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  await expect(log.getByRole('row').filter({ hasText: 'job.retry' })).toHaveCount(1);
  await expect(log.getByRole('row').filter({ hasText: 'job.retry' })).toContainText('Succeeded');
  expect(found).toEqual({});
});

test('My account: new recovery codes are shown once and the old ones stop working; Sign out everywhere ends the session of another browser too; no WCAG violation', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const found: Record<string, string[]> = {};
  const tag = uniqueTag();
  const member = await newMember(page, 'sales', 'account', `Ada Account ${tag}`);
  await backOfficeNav(page).getByRole('link', { name: 'My account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
  const facts = page.getByRole('region', { name: 'Who you are' }).locator('dl');
  await expect(facts).toBeVisible();
  expect(await termsOf(facts)).toMatchObject({
    Name: member.name,
    'E-mail': member.email,
    Role: 'Sales: orders and quotes, payment links, e-mails, form submissions',
    'Recovery codes left': '10',
  });

  // new codes, confirmed first; shown once
  await page.getByRole('button', { name: 'New recovery codes' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Replace your recovery codes?' });
  await confirm.getByRole('button', { name: 'Make new codes' }).click();
  await expect(confirm).toHaveCount(0);
  const list = page.getByRole('list', { name: 'New recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const newCodes = (await list.getByRole('listitem').allTextContents()).map((code) => code.trim());
  expect(new Set(newCodes).size).toBe(10);
  expect(newCodes.filter((code) => member.recoveryCodes.includes(code))).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Your new recovery codes' })).toBeFocused();
  await checkScreen(page, 'my account, new codes shown', found);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(list).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'New recovery codes' })).toBeFocused();
  await page.reload();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('10');
  await expect(page.getByRole('list', { name: 'New recovery codes' })).toHaveCount(0);

  // on another computer: an old code is refused, a new one signs in
  const other = await newBrowserPage(browser);
  await signInWithCode(other, member, member.recoveryCodes[0]!);
  await expect(other.getByRole('alert')).toHaveText(STAFF_MESSAGES.signInFailed);
  await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await other.getByLabel('Authentication code').fill(newCodes[0]!);
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await backOfficeNav(other).getByRole('link', { name: 'Orders' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('recovery-codes-left')).toHaveText('9');
  await checkScreen(page, 'my account', found);

  // Sign out everywhere, confirmed: this browser is on the sign-in page at once...
  await page.getByRole('region', { name: 'Sign out everywhere' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('alertdialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  // ...and the other one's next screen is the sign-in page too, which brings it back afterwards
  await backOfficeNav(other).getByRole('link', { name: 'Quotes' }).click();
  await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await expect(other).toHaveURL(/\/admin\/sign-in\?returnTo=\/admin\/quotes$/);
  await other.reload();
  await expect(other.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await other.context().close();
  expect(found).toEqual({});
});

test('Staff: disabling a colleague ends their session at once and refuses their sign-in; no WCAG violation', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const found: Record<string, string[]> = {};
  const tag = uniqueTag();
  await newMember(page, 'manager', 'staff', `Mia Manager ${tag}`);
  const colleaguePage = await newBrowserPage(browser);
  const colleague = await newMember(colleaguePage, 'sales', 'staff', `Sam Sales ${tag}`);

  await backOfficeNav(page).getByRole('link', { name: 'Staff' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: colleague.email });
  await expect(row.getByRole('cell').nth(0)).toHaveText('Sales');
  await expect(row.getByRole('cell').nth(1)).toHaveText('Active2FA');
  await checkScreen(page, 'staff', found);

  await row.getByRole('button', { name: `Disable of ${colleague.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Disable ${colleague.name}?` });
  await expect(dialog).toContainText('They are signed out everywhere at once');
  await dialog.getByRole('button', { name: `Disable ${colleague.name}` }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: `${colleague.name} is disabled: their sessions have ended.` })).toBeVisible();
  await expect(row.getByRole('cell').nth(1)).toHaveText('Disabled');
  await expect(row.getByRole('button', { name: `Enable of ${colleague.name}` })).toBeVisible();

  // the colleague, still on their dashboard: the next screen is the sign-in page, and signing in is refused
  await backOfficeNav(colleaguePage).getByRole('link', { name: 'Orders' }).click();
  await expect(colleaguePage.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible();
  await signInWithCode(colleaguePage, colleague, colleague.recoveryCodes[0]!);
  await expect(colleaguePage.getByRole('alert')).toHaveText(STAFF_MESSAGES.signInFailed);
  await expect(colleaguePage).toHaveURL(/\/admin\/sign-in$/);
  await colleaguePage.context().close();
  expect(found).toEqual({});
});

test('Audit log: filters in the address narrow the list, the filter form writes them there, and an entry shows its values before and after; no WCAG violation', async ({ page }) => {
  test.setTimeout(90_000);
  const found: Record<string, string[]> = {};
  const tag = uniqueTag();
  const manager = await newMember(page, 'manager', 'audit');
  // a colleague made on the command line (its own audit entry), made a manager on the Staff screen
  const colleague = { email: `sales.audit.${tag}@example.com`, name: `Sid Sales ${tag}` };
  await createStaffFromCli(colleague.email, colleague.name, 'sales');
  await page.goto('/admin/staff');
  await page.getByRole('row').filter({ hasText: colleague.email }).getByRole('button', { name: `Change role of ${colleague.name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Change ${colleague.name}'s role` });
  await dialog.getByRole('radio', { name: /^Manager/ }).check();
  await dialog.getByRole('button', { name: 'Save role' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${colleague.name} is now manager.` })).toBeVisible();

  const log = page.getByRole('table', { name: 'Audit log entries, newest first' });
  const filters = page.getByRole('search', { name: 'Filter the audit log' });
  // the colleague as target: the command line's create and the manager's update, newest first
  await page.goto(`/admin/audit?target=${encodeURIComponent(colleague.email)}`);
  await expect(filters.getByLabel(/^Target/)).toHaveValue(colleague.email);
  await expect(log.getByRole('row')).toHaveCount(3);
  await expect(log.getByRole('row').nth(1)).toContainText('staff.update');
  await expect(log.getByRole('row').nth(1)).toContainText(manager.email);
  await expect(log.getByRole('row').nth(2)).toContainText('staff.create');
  await expect(log.getByRole('row').nth(2)).toContainText('Command line');
  await expect(page.getByText('2 entries shown, back to the oldest.')).toBeVisible();

  // an action filter added in the form goes into the address, and narrows the list to the update
  await filters.getByLabel(/^Action/).fill('staff.update');
  await filters.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?action=staff\\.update&target=${encodeURIComponent(colleague.email).replace(/[.+]/g, '\\$&')}$`));
  await expect(page.getByText('1 entry shown, back to the oldest.')).toBeVisible();
  await expect(log.getByRole('row')).toHaveCount(2);
  const entry = log.getByRole('row').nth(1);
  await expect(entry).toContainText(manager.email);
  await expect(entry).toContainText('Succeeded');

  // its changes: the role before and after, the rest the same
  const changes = entry.getByRole('button', { name: `Changes of staff.update on ${colleague.email}` });
  await changes.click();
  await expect(changes).toHaveAttribute('aria-expanded', 'true');
  const diff = page.getByRole('table', { name: `Values before and after staff.update on ${colleague.email}` });
  await expect(diff.getByRole('row')).toHaveText([/^FieldBeforeAfter$/, /^rolechanged\s*sales\s*manager$/, /^disabled\s*false\s*false$/]);
  await expect(page.getByText('1 field differs: 1 changed.', { exact: true })).toBeVisible();
  await checkScreen(page, 'audit log with changes open', found);

  // Back: the filters before (the colleague as target only)
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`\\?target=${encodeURIComponent(colleague.email).replace(/[.+]/g, '\\$&')}$`));
  await expect(filters.getByLabel(/^Action/)).toHaveValue('');
  await expect(log.getByRole('row')).toHaveCount(3);
  expect(found).toEqual({});
});
