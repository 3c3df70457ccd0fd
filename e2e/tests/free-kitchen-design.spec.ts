import { expect, test } from '../support/test.js';
import { queryDatabase } from '../support/database.js';

test('free kitchen design: three steps, a server error sends the shopper back to step 1 with their answers, then the whole request is stored once', async ({ page }) => {
  await page.goto('/free-kitchen-design');
  await expect(page).toHaveTitle(/Free 3D Kitchen Design Service/);
  const form = page.getByRole('form', { name: 'Get Your Free Kitchen Design' });
  const stepHeading = form.getByRole('heading', { level: 3 });
  await expect(stepHeading).toHaveText('About You');

  // An invalid step does not advance: every field of it shows its message.
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading).toHaveText('About You');
  await expect(form.getByLabel(/First Name/)).toHaveAccessibleDescription('This field is required');
  await expect(form.getByLabel(/ZIP Code/)).toHaveAccessibleDescription('This field is required');

  const email = `kitchen.${Date.now()}@example.com`;
  await form.getByLabel(/First Name/).fill('Maya');
  await form.getByLabel(/Last Name/).fill('Okafor');
  await form.getByLabel(/Email/).fill(email);
  await form.getByLabel(/Phone/).fill('7325550148');
  await form.getByLabel(/ZIP Code/).fill('07701');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading).toHaveText('Your Kitchen');
  await expect(stepHeading).toBeFocused();

  // Step 2's send fails once on the server.
  let failed = false;
  await page.route('**/api/forms/free-kitchen-design', async (route) => {
    if (failed) return route.fallback();
    failed = true;
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ success: false, message: 'Internal server error' }) });
  });
  await form.getByText('Cabinet replacement').click();
  await form.getByLabel(/Kitchen Layout/).selectOption('galley');
  await form.getByLabel(/Styles You Like/).selectOption(['white-shaker', 'natural-wood']);
  await form.getByLabel(/When do you want to start/).selectOption('1-3-months');
  await form.getByRole('button', { name: 'Next' }).click();

  await expect(form.getByRole('alert')).toHaveText('Internal server error');
  await expect(stepHeading).toHaveText('About You');
  await expect(form.getByLabel(/First Name/)).toHaveValue('Maya');

  // Starting again goes through to the end.
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading).toHaveText('Your Kitchen');
  await expect(form.getByLabel(/Kitchen Layout/)).toHaveValue('galley');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading).toHaveText('Measurements & Photos');
  await form.getByRole('button', { name: 'Back' }).click();
  await expect(stepHeading).toHaveText('Your Kitchen');
  await form.getByRole('button', { name: 'Next' }).click();
  await expect(stepHeading).toHaveText('Measurements & Photos');
  await form.getByLabel(/Anything Else/).fill('Keeping the range; 9 ft ceilings.');
  await form.getByLabel(/I agree to be contacted/).check();
  await form.getByRole('button', { name: 'Get My Free Design' }).click();

  await expect(page.getByRole('status').filter({ hasText: /submitted|Thank you/ })).toBeVisible();
  await expect(stepHeading).toHaveText('About You');
  await expect(form.getByLabel(/First Name/)).toHaveValue('');

  // One submission holds all three steps (the failed attempt's first step is its own, abandoned row).
  const rows = await queryDatabase<{ data: Record<string, unknown>; step_count: number }>(
    "SELECT data, step_count FROM forms.form_submission WHERE form_name = 'free-kitchen-design' AND data->>'email' = $1 ORDER BY created_at",
    [email],
  );
  const complete = rows.at(-1)!;
  // steps sent: 1, 2, 2 again after Back, 3
  expect(complete.step_count).toBe(4);
  expect(complete.data).toMatchObject({
    firstName: 'Maya',
    zipCode: '07701',
    projectType: 'replacement',
    kitchenLayout: 'galley',
    styles: ['white-shaker', 'natural-wood'],
    notes: 'Keeping the range; 9 ft ceilings.',
    consent: true,
  });
});
