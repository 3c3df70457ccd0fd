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

test('book an appointment: Loading..., pick a date and a free slot, the booking is stored and claims the slot', async ({ page }) => {
  // the server draws "Loading..." (free slots change with every booking, so they load after hydration)
  const html = await (await page.request.get('/book-appointment')).text();
  expect(html).toContain('Loading...');
  await page.goto('/book-appointment');
  await expect(page.getByRole('heading', { name: 'Select a Date & Time' })).toBeVisible();

  const dates = page.getByRole('group', { name: 'Date' });
  await expect(dates.getByRole('button')).toHaveCount(30);
  await expect(dates.getByRole('button', { disabled: true }).first()).toContainText('(closed)');
  // today may have no time left far enough ahead: the first day with a free time
  const day = dates.getByRole('button', { disabled: false }).filter({ hasNotText: 'no free times' }).first();
  const date = await day.getAttribute('data-date');
  await day.click();
  const slot = page.getByRole('group', { name: /^Time on/ }).getByRole('button', { disabled: false }).first();
  const time = (await slot.textContent())!;
  await slot.click();

  const email = `booking.${Date.now()}@example.com`;
  await page.getByLabel(/Full Name/).fill('Priya Raman');
  await page.getByLabel(/Email/).fill(email);
  await page.getByLabel(/Phone/).fill('7325550199');
  await page.getByRole('button', { name: 'Book Appointment' }).click();

  await expect(page.getByText('Thank you! Your appointment is booked.', { exact: false })).toBeVisible();
  const rows = await queryDatabase<{ form_name: string; date: string; slot: string; claimed: string }>(
    `SELECT s.form_name, s.data->>'date' AS date, s.data->>'slot' AS slot, b.slot_date::text AS claimed
       FROM forms.form_submission s JOIN forms.booked_slot b ON b.submission_id = s.id WHERE s.data->>'email' = $1`,
    [email],
  );
  expect(rows).toEqual([{ form_name: 'appointment', date, slot: time, claimed: date }]);
});

test('a booked slot is gone for the next visitor; a visitor who picked it meanwhile is told, sees fresh slots and keeps what they typed', async ({ page, context }) => {
  // three visitors' pages, each loading the calendar
  test.setTimeout(120_000);
  // the late visitor opens the calendar first and picks the last free time of the last bookable day
  const late = await context.newPage();
  await late.goto('/book-appointment');
  const lateDates = late.getByRole('group', { name: 'Date' });
  const day = lateDates.getByRole('button', { disabled: false }).filter({ hasNotText: 'no free times' }).last();
  const date = (await day.getAttribute('data-date'))!;
  await day.click();
  const slot = late.getByRole('group', { name: /^Time on/ }).getByRole('button', { disabled: false }).last();
  const time = (await slot.textContent())!;
  await slot.click();
  await late.getByLabel(/Full Name/).fill('Late Visitor');
  await late.getByLabel(/Email/).fill('late.visitor@example.com');
  await late.getByLabel(/Phone/).fill('7325550111');

  // meanwhile another visitor books that very time
  await page.goto('/book-appointment');
  await page.locator(`button[data-date="${date}"]`).click();
  await page.getByRole('group', { name: /^Time on/ }).getByRole('button', { name: time, exact: true }).click();
  await page.getByLabel(/Full Name/).fill('Early Visitor');
  await page.getByLabel(/Email/).fill(`early.${Date.now()}@example.com`);
  await page.getByLabel(/Phone/).fill('7325550122');
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(page.getByText('Thank you! Your appointment is booked.', { exact: false })).toBeVisible();

  // a new visitor no longer gets that time
  const next = await context.newPage();
  await next.goto('/book-appointment');
  await next.locator(`button[data-date="${date}"]`).click();
  await expect(next.getByRole('group', { name: /^Time on/ }).getByRole('button', { name: `${time} (not available)` })).toBeDisabled();

  // the late visitor sends: refused with the message, the time now disabled, their details kept
  await late.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(late.getByRole('alert')).toHaveText('Sorry, this time was just booked by someone else. Please choose another time.');
  await expect(late.getByRole('group', { name: /^Time on/ }).getByRole('button', { name: `${time} (not available)` })).toBeDisabled();
  await expect(late.getByLabel(/Full Name/)).toHaveValue('Late Visitor');
  await expect(late.getByLabel(/Email/)).toHaveValue('late.visitor@example.com');
  await expect(late.locator(`button[data-date="${date}"]`)).toHaveAttribute('aria-pressed', 'true');
  const lateRows = await queryDatabase("SELECT 1 FROM forms.form_submission WHERE data->>'email' = 'late.visitor@example.com'", []);
  expect(lateRows).toEqual([]);
});
