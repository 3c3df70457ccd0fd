import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { queryDatabase } from '../support/database.js';
import { expect, test } from '../support/test.js';

// A real 1x1 PNG: file-type finds image/png in its first bytes.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const MB = 1048576;
// The forms service's default upload folder when FORMS_UPLOAD_DIR is not set: <repo>/.data/uploads.
const UPLOAD_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '.data', 'uploads');

test('claim: a photo upload is stored outside the web root; an oversize file, a wrong type and a lying extension are refused with the spec messages', async ({ page }) => {
  await page.goto('/claim');
  await expect(page).toHaveTitle(/File a Shipping or Product Claim/);
  const form = page.getByRole('form', { name: 'File a Claim' });

  const orderNumber = `HW-${Date.now()}`;
  await form.getByLabel(/Order Number/).fill(orderNumber);
  await form.getByLabel(/Order Email/).fill('claims@example.com');
  await form.getByLabel(/Full Name/).fill('Rosa Diaz');
  await form.getByLabel(/Phone/).fill('7325550148');
  await form.getByText('Damaged', { exact: true }).click();
  await form.getByLabel(/Which Items/).fill('W3030 wall cabinet x1');
  await form.getByLabel(/What Would You Like Us to Do/).selectOption('replacement');

  const picker = form.locator('input[type="file"]');
  // The picker itself drops a type the field does not take.
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') });
  await expect(form.getByText('File format is not supported')).toBeVisible();
  await expect(form.getByRole('list', { name: /Chosen files for Photos/ })).toHaveCount(0);

  // Over 2 MB: refused before anything is sent.
  await picker.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(2 * MB)]) });
  await form.getByRole('button', { name: 'Submit Claim' }).click();
  await expect(form.getByText('File is too large, maximum allowed size is 2MB')).toBeVisible();
  await form.getByRole('button', { name: 'Remove huge.jpg' }).click();

  // A text file named .png passes the picker (the browser believes the name) but not the server, which reads the content.
  await picker.setInputFiles({ name: 'box.png', mimeType: 'image/png', buffer: Buffer.from('this is text, not an image') });
  await form.getByRole('button', { name: 'Submit Claim' }).click();
  await expect(form.getByText('Unsupported file format')).toBeVisible();
  await form.getByRole('button', { name: 'Remove box.png' }).click();

  // A real photo goes through.
  await picker.setInputFiles({ name: 'damaged-door.png', mimeType: 'image/png', buffer: PNG });
  await expect(form.getByRole('list', { name: /Chosen files for Photos/ })).toContainText('damaged-door.png');
  await form.getByRole('button', { name: 'Submit Claim' }).click();
  await expect(page.getByText('Your claim has been received.', { exact: false })).toBeVisible();

  const files = await queryDatabase<{ field_name: string; original_name: string; stored_name: string; mime_type: string; size: number }>(
    `SELECT f.field_name, f.original_name, f.stored_name, f.mime_type, f.size_bytes AS size
       FROM forms.form_submission_file f JOIN forms.form_submission s ON s.id = f.submission_id
      WHERE s.form_name = 'claim' AND s.data->>'orderNumber' = $1`,
    [orderNumber],
  );
  expect(files).toHaveLength(1);
  expect(files[0]).toMatchObject({ field_name: 'photos', original_name: 'damaged-door.png', mime_type: 'image/png', size: PNG.length });
  expect(files[0]!.stored_name).toMatch(/^[0-9a-f-]{36}\.png$/);
  expect(existsSync(path.join(UPLOAD_DIR, files[0]!.stored_name))).toBe(true);
  // never reachable from the web
  expect((await page.request.get(`/uploads/${files[0]!.stored_name}`)).status()).toBe(404);
  expect((await page.request.get(`/${files[0]!.stored_name}`)).status()).toBe(404);
});
