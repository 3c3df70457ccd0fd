import type { Page } from '@playwright/test';
import type { MailboxMessage } from '@storefront/contracts';
import { queryDatabase } from '../support/database.js';
import { expect, test } from '../support/test.js';

/**
 * Form e-mails end to end: the contact form in the browser -> the forms service stores the
 * submission and its pg-boss job in one transaction -> the job hands the e-mails to the orders
 * service (POST /internal/email/queue) -> an outbox row and its job -> the orders job runner -> the
 * local mailbox. Every part is real.
 */

async function mailboxTo(page: Page, recipient: string, containing: string): Promise<MailboxMessage[]> {
  const response = await page.request.get('/dev/mailbox/messages.json');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as MailboxMessage[]).filter((message) => message.to === recipient && message.text.includes(containing));
}

test('the contact form sends the shopper a confirmation and the staff a notification', async ({ page }) => {
  const email = `notify.${Date.now()}@example.com`;
  const message = `Please quote <b>shaker</b> doors & drawers for ${email}.`;
  await page.goto('/contact');
  const form = page.getByRole('form', { name: /contact/i });
  await form.getByLabel(/first name/i).fill('Nora');
  await form.getByLabel(/last name/i).fill('Quill');
  await form.getByLabel(/email/i).fill(email);
  await form.getByLabel('How can we help?').selectOption({ label: 'Sample door order' });
  await form.getByLabel(/message/i).fill(message);
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Thank you! We have received your message. Our Team will contact you soon.')).toBeVisible();

  // the shopper's confirmation: the contact form's template and nothing the visitor typed (the address
  // is not verified, so the site never mails it text a stranger chose)
  await expect.poll(async () => (await mailboxTo(page, email, '')).length, { timeout: 20_000 }).toBe(1);
  const [confirmation] = await mailboxTo(page, email, '');
  expect(confirmation!.subject).toBe('We have received your message');
  expect(confirmation!.text).toContain('Hello,');
  for (const typed of ['Nora', 'Quill', 'shaker', 'Sample door order']) expect(`${confirmation!.text}${confirmation!.html}`).not.toContain(typed);

  // the staff notification goes to the contact form's recipients in content/settings/notifications.json, with every answer
  await expect.poll(async () => (await mailboxTo(page, 'hello@heartwoodcabinetry.com', email)).length, { timeout: 20_000 }).toBe(1);
  const [staff] = await mailboxTo(page, 'hello@heartwoodcabinetry.com', email);
  expect(staff!.subject).toBe('New Contact Us submission');
  expect(staff!.text).toContain(`Reply to: ${email}`);
  expect(staff!.text).toContain('How can we help?: Sample door order');
  // submitted text is escaped in the HTML, never markup
  expect(staff!.html).toContain('Please quote &lt;b&gt;shaker&lt;/b&gt; doors &amp; drawers');
  expect(staff!.html).not.toContain('<b>shaker</b>');

  // one outbox row per e-mail, both sent
  const rows = await queryDatabase<{ kind: string; status: string }>(
    `SELECT kind, status FROM orders.email_outbox WHERE dedupe_key LIKE 'form:%' AND (recipient = $1 OR text LIKE $2) ORDER BY kind`,
    [email, `%${email}%`],
  );
  expect(rows).toEqual([
    { kind: 'form-confirmation', status: 'sent' },
    { kind: 'form-staff-notification', status: 'sent' },
  ]);
});
