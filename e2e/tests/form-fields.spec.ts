import { queryDatabase } from '../support/database.js';
import { expect, test } from '../support/test.js';

test.describe('form fields on the UI kit', () => {
  test('dealer form: country -> state -> city from the location lists, a new parent clears its children', async ({ page }) => {
    await page.goto('/how-to-buy-kitchen');
    const form = page.getByRole('form', { name: 'Become a Dealer' });
    await expect(form).toBeVisible();

    // The countries are narrowed by the definition's filter and the default is chosen on the server.
    const country = form.getByRole('combobox', { name: 'Country' });
    await expect(country).toHaveValue('US');
    await expect(country.locator('option')).toHaveText(['Select a country', 'Canada', 'United States']);

    const state = form.getByRole('combobox', { name: 'State / Province' });
    await expect(state).toBeEnabled();
    await state.fill('New Jer');
    await expect(form.getByRole('option', { name: 'New Jersey' })).toBeVisible();
    await state.press('Enter');
    await expect(state).toHaveValue('New Jersey');

    const city = form.getByRole('combobox', { name: 'City' });
    await expect(city).toBeEnabled();
    await city.fill('Princet');
    await form.getByRole('option', { name: 'Princeton', exact: true }).click();
    await expect(city).toHaveValue('Princeton');

    await country.selectOption('CA');
    await expect(state).toHaveValue('');
    await expect(city).toHaveValue('');
    await state.fill('Ontar');
    await state.press('ArrowDown');
    await state.press('Enter');
    await expect(state).toHaveValue('Ontario');
  });

  test('dealer form: "Tell us what you do" shows for Other only and loses what was typed when hidden', async ({ page }) => {
    await page.goto('/how-to-buy-kitchen');
    const form = page.getByRole('form', { name: 'Become a Dealer' });
    const other = form.getByLabel(/Tell us what you do/);
    await expect(other).toHaveCount(0);

    await form.getByRole('radio', { name: 'Other' }).check();
    await other.fill('Cabinet refacing');
    await form.getByRole('radio', { name: 'Contractor' }).check();
    await expect(other).toHaveCount(0);
    await form.getByRole('radio', { name: 'Other' }).check();
    await expect(other).toHaveValue('');
  });

  test('here-to-help form: the phone hides for e-mail, is cleared, and a hidden phone is not stored', async ({ page }) => {
    await page.goto('/faqs');
    const form = page.getByRole('form', { name: "We're Here to Help" });
    await expect(form).toBeVisible();
    const phone = form.getByRole('textbox', { name: /^Phone/ });
    // e-mail is the preset answer: no phone asked
    await expect(form.getByRole('radio', { name: 'Email' })).toBeChecked();
    await expect(phone).toHaveCount(0);

    await form.getByRole('radio', { name: 'Phone call' }).check();
    await phone.pressSequentially('732-555-01ab48');
    await expect(phone).toHaveValue('7325550148');
    await form.getByRole('radio', { name: 'Email' }).check();
    await expect(phone).toHaveCount(0);
    await form.getByRole('radio', { name: 'Phone call' }).check();
    await expect(phone).toHaveValue('');

    await form.getByRole('radio', { name: 'Email' }).check();
    const email = `help.${Date.now()}@example.com`;
    await form.getByLabel(/Full Name/).fill('Robin Vale');
    await form.getByRole('textbox', { name: /^Email/ }).fill(email);
    await form.getByLabel(/How can we help/).fill('Which finish hides fingerprints best?');
    await form.getByRole('button', { name: 'Get Help' }).click();
    await expect(form.getByText('Thank you! We have received your message. Our Team will contact you soon.')).toBeVisible();

    const rows = await queryDatabase<{ data: Record<string, unknown> }>("SELECT data FROM forms.form_submission WHERE data->>'email' = $1", [email]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.data).toMatchObject({ fullName: 'Robin Vale', preferredContact: 'email' });
    expect(rows[0]?.data).not.toHaveProperty('phone');
  });
});
