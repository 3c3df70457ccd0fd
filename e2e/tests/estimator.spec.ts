import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { MailboxMessage } from '@storefront/contracts';
import { extractText, getDocumentProxy } from 'unpdf';
import { queryDatabase } from '../support/database.js';
import { expect, test } from '../support/test.js';

/**
 * The estimator against the real stack: the content service's template and pricing, the forms service
 * storing (and pricing again) each estimate, the e-mail worker delivering into the local mailbox.
 */

const range = /^\$[\d,]+ - \$[\d,]+$/;
const PHONE = '7325550148';

function summaryOf(page: Page) {
  return page.getByRole('complementary', { name: /estimated pricing/i });
}

/** The estimator's own form (the footer has fields of its own, e.g. a newsletter e-mail). */
function formOf(page: Page) {
  return page.getByRole('form', { name: 'Estimated Pricing' });
}

function group(page: Page, title: string) {
  return page.getByRole('region', { name: title });
}

/** A fresh e-mail per test, so mailbox and database rows are this test's own. */
function newCustomer(tag: string) {
  return { name: 'Estimate Tester', email: `estimate-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com` };
}

/** Walks the four groups with the real Next buttons. */
async function fillEstimate(page: Page, customer: { name: string; email: string }) {
  const form = formOf(page);
  await form.getByLabel('Kitchen size').selectOption('medium');
  await form.getByLabel('Kitchen layout').selectOption('l-shape');
  await page.getByRole('button', { name: 'Next: Cabinets' }).click();

  await form.getByLabel('Cabinet line').selectOption('signature');
  await form.getByLabel('Countertop').selectOption('quartz');
  await form.getByLabel('Designer pulls').check();
  await page.getByRole('button', { name: 'Next: Appliances & Extras' }).click();

  const dialog = form.getByRole('dialog', { name: 'Appliances & Extras' });
  await dialog.getByLabel('Appliance installation').selectOption('standard');
  await dialog.getByRole('button', { name: 'Next: Your Details' }).click();
  await expect(dialog).toBeHidden();

  await form.getByLabel('Full name').fill(customer.name);
  await form.getByLabel('Email').fill(customer.email);
  await form.getByLabel('Phone').fill(PHONE);
}

async function mailboxFor(page: Page, email: string): Promise<MailboxMessage[]> {
  const response = await page.request.get('/dev/mailbox/messages.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as MailboxMessage[]).filter((message) => message.to === email);
}

test('the estimate range follows the options the visitor picks', async ({ page }) => {
  await page.goto('/estimator');
  const summary = summaryOf(page);
  await expect(summary.getByText('Make selections to see pricing')).toBeVisible();

  const firstSelect = page.getByRole('combobox').first();
  await firstSelect.selectOption({ index: 1 });
  const total = summary.getByTestId('estimate-total');
  await expect(total).toHaveText(range);
  const first = await total.textContent();

  await firstSelect.selectOption({ index: 2 });
  await expect(total).not.toHaveText(first!);
  await expect(total).toHaveText(range);
});

test('Next with errors keeps the group open and marks the fields; Next, Edit and Start Over move between groups', async ({ page }) => {
  await page.goto('/estimator');
  const form = formOf(page);
  const size = form.getByLabel('Kitchen size');
  await expect(size).toBeVisible();
  await expect(form.getByLabel('Cabinet line')).toBeHidden();

  await page.getByRole('button', { name: 'Next: Cabinets' }).click();
  await expect(group(page, 'Your Project').getByText('This field is required')).toHaveCount(2);
  await expect(size).toHaveAttribute('aria-invalid', 'true');
  await expect(size).toBeFocused();

  await size.selectOption('small');
  await form.getByLabel('Kitchen layout').selectOption('galley');
  await page.getByRole('button', { name: 'Next: Cabinets' }).click();
  await expect(form.getByLabel('Cabinet line')).toBeVisible();
  await expect(form.getByLabel('Cabinet line')).toBeFocused();
  await expect(size).toBeHidden();

  // a collapsed group's Edit button works from the keyboard
  const edit = page.getByRole('button', { name: 'Edit Your Project' });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(size).toBeVisible();
  await expect(size).toHaveValue('small');
  await expect(form.getByLabel('Cabinet line')).toBeHidden();

  // an emptied answer from an earlier group: a later Next opens that group again with its error
  await size.selectOption('');
  await page.getByRole('button', { name: 'Edit Cabinets & Finishes' }).click();
  await expect(size).toBeHidden();
  await page.getByRole('button', { name: 'Next: Appliances & Extras' }).click();
  await expect(size).toBeVisible();
  await expect(size).toBeFocused();
  await expect(form.getByLabel('Cabinet line')).toBeVisible();

  await size.selectOption('large');
  await expect(summaryOf(page).getByTestId('estimate-total')).toHaveText(range);
  await page.getByRole('button', { name: 'Start Over' }).click();
  await expect(summaryOf(page).getByText('Make selections to see pricing')).toBeVisible();
  await expect(size).toHaveValue('');
  await expect(size).toBeVisible();
  await expect(form.getByLabel('Cabinet line')).toBeHidden();
});

test('the Appliances & Extras popup: a focus-trapped dialog that locks scrolling and closes with Escape or its button', async ({ page }) => {
  await page.goto('/estimator');
  const form = formOf(page);
  await form.getByLabel('Kitchen size').selectOption('small');
  await form.getByLabel('Kitchen layout').selectOption('galley');
  await page.getByRole('button', { name: 'Next: Cabinets' }).click();
  await form.getByLabel('Cabinet line').selectOption('essentials');
  await form.getByLabel('Countertop').selectOption('laminate');
  await form.getByLabel('Standard knobs and pulls').check();
  const before = await summaryOf(page).getByTestId('estimate-total').textContent();
  await page.getByRole('button', { name: 'Next: Appliances & Extras' }).click();

  const dialog = page.getByRole('dialog', { name: 'Appliances & Extras' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Close Appliances & Extras' })).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  // Shift+Tab from the first control wraps to the last one inside the dialog
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'Next: Your Details' })).toBeFocused();

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  await expect(page.getByRole('button', { name: 'Edit Appliances & Extras' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Next: Your Details' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Appliance installation').selectOption('full');
  await dialog.getByLabel('LED strip lighting').check();
  await expect(summaryOf(page).getByTestId('estimate-total')).not.toHaveText(before!);
  await dialog.getByRole('button', { name: 'Close Appliances & Extras' }).click();
  await expect(dialog).toBeHidden();
  await expect(summaryOf(page).getByText('Appliance installation')).toBeVisible();
});

test('Email My Estimate stores the estimate and the e-mail lands in the mailbox', async ({ page }) => {
  const customer = newCustomer('email');
  await page.goto('/estimator');
  await fillEstimate(page, customer);
  const total = (await summaryOf(page).getByTestId('estimate-total').textContent())!;
  expect(total).toMatch(range);

  await page.getByRole('button', { name: 'Email My Estimate' }).click();
  await expect(page.getByText('Email sent successfully')).toBeVisible();
  // the form starts over once sent
  await expect(formOf(page).getByLabel('Kitchen size')).toHaveValue('');
  await expect(summaryOf(page).getByText('Make selections to see pricing')).toBeVisible();

  const rows = await queryDatabase<{ data: Record<string, unknown> }>(
    "SELECT data FROM forms.form_submission WHERE form_name = 'kitchen' AND data->>'email' = $1",
    [customer.email],
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]!.data).toMatchObject({ kitchenSize: 'medium', cabinetLine: 'signature', applianceInstall: 'standard' });

  await expect.poll(async () => (await mailboxFor(page, customer.email)).length, { timeout: 15_000 }).toBeGreaterThan(0);
});

test('Download PDF stores the estimate without e-mail and downloads a PDF of it', async ({ page }) => {
  const customer = newCustomer('pdf');
  await page.goto('/estimator');
  await expect(page.getByRole('button', { name: 'Download PDF' })).toHaveCount(0);
  await fillEstimate(page, customer);
  const total = (await summaryOf(page).getByTestId('estimate-total').textContent())!;

  const downloadEvent = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloadEvent;
  await expect(page.getByText('PDF downloaded successfully')).toBeVisible();

  const today = new Date();
  const [month, day, year] = [today.getMonth() + 1, today.getDate(), today.getFullYear()].map((part) => String(part).padStart(2, '0'));
  expect(download.suggestedFilename()).toBe(`estimate-${month}-${day}-${year}.pdf`);

  const pdf = await getDocumentProxy(new Uint8Array(await readFile((await download.path())!)));
  const { text } = await extractText(pdf, { mergePages: true });
  expect(text).toContain('Project Estimate');
  expect(text).toContain(`${month}/${day}/${year}`);
  expect(text).toContain('Valid for 30 days');
  expect(text).toContain(total);
  expect(text).toContain('Cabinets');
  expect(text).toContain('Signature');
  expect(text).toContain(customer.email);
  // the phone field is hideInPDF
  expect(text).not.toContain(PHONE);

  const rows = await queryDatabase<{ data: Record<string, unknown> }>(
    "SELECT data FROM forms.form_submission WHERE form_name = 'kitchen' AND data->>'email' = $1",
    [customer.email],
  );
  expect(rows).toHaveLength(1);
});
