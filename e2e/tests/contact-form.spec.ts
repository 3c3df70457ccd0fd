import { expect, test } from '../support/test.js';
import { queryDatabase } from '../support/database.js';

test('contact form: errors first, then success, and the submission is stored', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: /contact/i });
  await expect(form).toBeVisible();

  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('This field is required').first()).toBeVisible();

  await form.getByLabel(/first name/i).fill('Dana');
  await form.getByLabel(/last name/i).fill('Whitfield');
  await form.getByLabel(/email/i).fill('not-an-email');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expect(form.getByText('Invalid email address')).toBeVisible();

  const email = `dana.${Date.now()}@example.com`;
  await form.getByLabel(/email/i).fill(email);
  await form.getByLabel('How can we help?').selectOption({ index: 1 });
  await form.getByLabel(/message/i).fill('We would like a quote for a galley kitchen in shaker white.');
  await form.getByRole('button', { name: 'Send Message' }).click();

  // the contact form sets messages.showOverlay: the result is a modal dialog, focus in it and back on close
  const result = page.getByRole('dialog', { name: 'Thank you' });
  await expect(result).toContainText('Thank you! We have received your message. Our Team will contact you soon.');
  await expect(result).toHaveAttribute('aria-modal', 'true');
  await expect(result.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(result).toBeHidden();
  await expect(form.getByRole('button', { name: 'Send Message' })).toBeFocused();
  const rows = await queryDatabase<{ form_name: string }>(
    "SELECT form_name FROM forms.form_submission WHERE data->>'email' = $1",
    [email],
  );
  expect(rows).toEqual([{ form_name: 'contact' }]);
});

test('the forms API answers per-field messages in the spec wording', async ({ request }) => {
  const response = await request.post('/api/forms/contact', {
    data: { name: 'contact', formData: { email: 'nope' } },
  });
  expect(response.status()).toBe(400);
  const body = await response.json();
  expect(body.errors.email).toBe('Invalid email address');
  expect(body.errors.firstName).toBe('This field is required');

  expect((await request.post('/api/forms/no-such-form', { data: { name: 'no-such-form', formData: {} } })).status()).toBe(404);
});
