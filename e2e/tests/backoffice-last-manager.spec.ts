import type { Page } from '@playwright/test';
import { CSRF_HEADER, STAFF_CSRF_COOKIE, STAFF_MESSAGES, adminApi, apiUrl, type StaffListResponse } from '@storefront/contracts';
import { checkScreen } from '../support/axe.js';
import { newMember } from '../support/backoffice.js';
import { expect, test } from '../support/test.js';

/**
 * The business is never left without a manager: the only active manager tries to make themselves
 * sales and to disable themselves on the Staff screen, and the server's refusal is what they read.
 *
 * "The only active manager" is a state of the whole stack, and every back-office spec sets up
 * managers of its own. So this spec runs in the `alone` project (playwright.config.ts: after the
 * rest, one at a time): it disables every other active manager for the test, through the admin API
 * as the Staff screen does, and enables them again at its end. Beside the other specs it would end
 * their managers' sessions mid-test.
 */

/** The manager's own browser calling the admin API as the back office does: its session cookie and the CSRF cookie echoed. */
async function adminWrite(page: Page, staffId: string, body: { disabled: boolean }): Promise<number> {
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === STAFF_CSRF_COOKIE)?.value ?? '';
  const answer = await page.request.patch(apiUrl(adminApi.updateStaff, { params: { staffId } }), { data: body, headers: { [CSRF_HEADER]: csrf } });
  return answer.status();
}

test("Staff: the last active manager can neither make themselves sales nor disable themselves; the server's refusal is shown and they are still a manager after reload; no WCAG violation", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const found: Record<string, string[]> = {};
  const manager = await newMember(page, 'manager', 'last');
  // a manager colleague of the test's own: there is always one other manager to disable (and enable
  // again), also when this spec runs alone on a fresh stack
  const colleaguePage = await (await browser.newContext()).newPage();
  const colleague = await newMember(colleaguePage, 'manager', 'last', 'Max Manager');
  await colleaguePage.context().close();

  // every other manager who could sign in is disabled for now: this one is the last
  const listed = await page.request.get(apiUrl(adminApi.listStaff));
  expect(listed.status()).toBe(200);
  const { staff } = (await listed.json()) as StaffListResponse;
  const me = staff.find((member) => member.email === manager.email);
  expect(me).toBeDefined();
  const others = staff.filter((member) => member.id !== me!.id && member.role === 'manager' && member.activatedAt && !member.disabledAt);
  expect(others.map((member) => member.email)).toContain(colleague.email);
  try {
    for (const other of others) expect(await adminWrite(page, other.id, { disabled: true }), `disabling ${other.email}`).toBe(200);

    await page.goto('/admin/staff');
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: manager.email });
    await expect(row.getByRole('rowheader')).toContainText('(you)');
    await expect(row.getByRole('cell').nth(0)).toHaveText('Manager');

    // making themselves sales: warned first, then refused by the server, in the dialog's words
    await row.getByRole('button', { name: 'Change role (your own account)' }).click();
    const roleDialog = page.getByRole('alertdialog', { name: 'Change your own role' });
    await roleDialog.getByRole('radio', { name: /^Sales/ }).check();
    await expect(roleDialog.getByRole('alert')).toContainText('This is your own account. As sales you lose the Staff, Audit log and Operations pages');
    await roleDialog.getByRole('button', { name: 'Make myself sales' }).click();
    const roleRefusal = roleDialog.getByRole('alert').filter({ hasText: STAFF_MESSAGES.lastManager });
    await expect(roleRefusal).toHaveText(STAFF_MESSAGES.lastManager);
    await expect(roleDialog.getByRole('button', { name: 'Make myself sales' })).toBeEnabled();
    await checkScreen(page, 'staff, the role change refused', found);
    await roleDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(roleDialog).toHaveCount(0);
    await expect(row.getByRole('cell').nth(0)).toHaveText('Manager');

    // disabling themselves: refused the same way
    await row.getByRole('button', { name: 'Disable (your own account)' }).click();
    const disableDialog = page.getByRole('alertdialog', { name: 'Disable your own account?' });
    await expect(disableDialog.getByRole('alert')).toContainText('This is your own account: you will be signed out at once');
    await disableDialog.getByRole('button', { name: 'Disable my account' }).click();
    const disableRefusal = disableDialog.getByRole('alert').filter({ hasText: STAFF_MESSAGES.lastManager });
    await expect(disableRefusal).toHaveText(STAFF_MESSAGES.lastManager);
    await checkScreen(page, 'staff, disabling oneself refused', found);
    await disableDialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(disableDialog).toHaveCount(0);

    // after a reload (the server's list): still on the manager's Staff screen, still an active manager
    await page.reload();
    await expect(page).toHaveURL(/\/admin\/staff$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Staff' })).toBeVisible();
    await expect(row.getByRole('cell').nth(0)).toHaveText('Manager');
    await expect(row.getByRole('cell').nth(1)).toHaveText('Active2FA');
    await expect(row.getByRole('button', { name: 'Disable (your own account)' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: colleague.email }).getByRole('cell').nth(1)).toHaveText('Disabled');
    expect(found).toEqual({});
  } finally {
    // the other managers as they were (their sessions ended with the disabling; their tests are done)
    for (const other of others) expect(await adminWrite(page, other.id, { disabled: false }), `enabling ${other.email}`).toBe(200);
  }
});
