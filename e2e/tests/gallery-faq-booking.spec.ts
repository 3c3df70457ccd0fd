import { expect, test } from '../support/test.js';
import { queryDatabase } from '../support/database.js';

test('gallery entry: the lightbox opens, moves and zooms by keyboard, stops at 2x and closes on Escape', async ({ page }) => {
  await page.goto('/inspiration-gallery/shaker-navy');
  await expect(page.getByRole('heading', { level: 1, name: 'Navy Shaker Kitchen' })).toBeVisible();
  const opener = page.getByRole('button', { name: 'Enlarge: The whole kitchen' });
  await opener.focus();
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('(1 of 4)');
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toContainText('The full range wall');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await page.keyboard.press('+');
  await expect(dialog.getByText('200%')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
  // focus stays inside the dialog
  for (let i = 0; i < 6; i += 1) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expect(page.getByRole('link', { name: 'Shop Charleston Navy Shaker' })).toHaveAttribute(
    'href',
    '/products/kitchen-cabinets/rta-kitchen-cabinets/cns',
  );
});

test('FAQs: one answer open at a time, and FAQPage data in the head', async ({ page }) => {
  await page.goto('/faqs');
  // one accordion per topic; each keeps one answer open
  const topic = page.getByRole('region', { name: 'Ordering and Samples' });
  const first = topic.getByRole('button', { name: 'How do I order sample doors?' });
  const second = topic.getByRole('button', { name: 'How soon do samples ship?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await expect(topic.locator('[aria-expanded="true"]')).toHaveCount(1);
  await second.click();
  await expect(topic.locator('[aria-expanded="true"]')).toHaveCount(0);

  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const faq = jsonLd.map((text) => JSON.parse(text)).flat().find((data) => data['@type'] === 'FAQPage');
  expect(faq?.mainEntity.length).toBeGreaterThanOrEqual(12);
});

test('book an appointment: Loading..., pick a date and slot, the booking is stored', async ({ page }) => {
  await page.goto('/book-appointment');
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();
  await expect(page.getByText('Loading...')).toBeVisible();

  const dates = page.getByRole('group', { name: 'Date' });
  await expect(dates.getByRole('button')).toHaveCount(30);
  await expect(dates.getByRole('button', { disabled: true }).first()).toContainText('(closed)');
  const day = dates.getByRole('button', { disabled: false }).first();
  const date = await day.getAttribute('data-date');
  await day.click();
  await page.getByRole('group', { name: /^Time on/ }).getByRole('button').nth(1).click();

  const email = `booking.${Date.now()}@example.com`;
  await page.getByLabel(/Full Name/).fill('Priya Raman');
  await page.getByLabel(/Email/).fill(email);
  await page.getByLabel(/Phone/).fill('7325550199');
  await page.getByRole('button', { name: 'Book Appointment' }).click();

  await expect(page.getByText('Thank you! Your appointment is booked.', { exact: false })).toBeVisible();
  const rows = await queryDatabase<{ form_name: string; date: string; slot: string }>(
    "SELECT form_name, data->>'date' AS date, data->>'slot' AS slot FROM forms.form_submission WHERE data->>'email' = $1",
    [email],
  );
  expect(rows).toEqual([{ form_name: 'appointment', date, slot: expect.stringMatching(/^\d{1,2}:\d{2} (AM|PM)$/) }]);
});
