import type { FormDefinition, PopupSettings, SiteData } from '@storefront/contracts';
import type { Locator, Page } from '@playwright/test';
import { queryDatabase } from '../support/database.js';
import { expect, test } from '../support/test.js';

const TRACKED = ['phone_click', 'email_click', 'get_in_touch_click', 'form_submit_click', 'kitchen_form_click'];
const BLOG_POST = '/blogs/shaker-vs-slab-cabinet-doors';

type Entry = Record<string, unknown> & { event?: string };

/** The §7 events in window.dataLayer (none when it was never created). */
const trackedEvents = (page: Page) =>
  page.evaluate(
    (names) => ((window as unknown as { dataLayer?: Entry[] }).dataLayer ?? []).filter((entry) => names.includes(String(entry.event))),
    TRACKED,
  );

/**
 * A tel: link would hand the click to the system's dialler. The shell counts clicks in the capture
 * phase, before this bubbling listener stops the navigation, so the test sees what a shopper would.
 */
async function keepTelLinksOnPage(page: Page) {
  await page.evaluate(() =>
    document.addEventListener('click', (event) => {
      if (event.target instanceof Element && event.target.closest('a[href^="tel:"]')) event.preventDefault();
    }),
  );
}

function getInTouch(page: Page): Locator {
  return page.getByRole('complementary', { name: 'Get in touch' });
}

async function submitContactForm(page: Page, email: string) {
  const form = page.getByRole('form', { name: /contact/i });
  await form.getByLabel(/first name/i).fill('Robin');
  await form.getByLabel(/last name/i).fill('Okafor');
  await form.getByLabel(/email/i).fill(email);
  await form.getByLabel('How can we help?').selectOption({ index: 1 });
  await form.getByLabel(/message/i).fill('Please call me about a shaker kitchen.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  // the contact form shows its result in an overlay (messages.showOverlay) until the shopper closes it
  const result = page.getByRole('dialog').filter({ hasText: 'Thank you! We have received your message. Our Team will contact you soon.' });
  await expect(result).toBeVisible();
  await result.getByRole('button', { name: 'Close' }).click();
  await expect(result).toHaveCount(0);
}

test('analytics: nothing is pushed before the cookie choice, nor after Reject All', async ({ page }) => {
  await page.goto('/contact');
  await keepTelLinksOnPage(page);
  await getInTouch(page).getByRole('link', { name: /^\(?\d/ }).first().click();
  await submitContactForm(page, `before.${Date.now()}@example.com`);
  expect(await trackedEvents(page)).toEqual([]);

  await page.getByRole('button', { name: 'Reject All' }).click();
  await getInTouch(page).getByRole('link', { name: /^\(?\d/ }).first().click();
  await submitContactForm(page, `rejected.${Date.now()}@example.com`);
  expect(await trackedEvents(page)).toEqual([]);
});

test('analytics: after Accept All a phone click in the contact details is a get-in-touch click, and a form submit is counted', async ({ page }) => {
  await page.goto('/contact');
  await keepTelLinksOnPage(page);
  await page.getByRole('button', { name: 'Accept All' }).click();

  await getInTouch(page).getByRole('link', { name: /^\(?\d/ }).first().click();
  expect(await trackedEvents(page)).toEqual([
    expect.objectContaining({ event: 'phone_click', visitorType: 'Guest', customerType: 'General' }),
    expect.objectContaining({ event: 'get_in_touch_click', contactMethod: 'Phone', visitorType: 'Guest', customerType: 'General' }),
  ]);

  await submitContactForm(page, `accepted.${Date.now()}@example.com`);
  expect((await trackedEvents(page)).slice(2)).toEqual([
    expect.objectContaining({ event: 'form_submit_click', formName: 'contact', visitorType: 'Guest', customerType: 'General' }),
  ]);
});

async function scrollPast(page: Page, percentage: number) {
  await page.evaluate((share) => {
    const scrollable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.ceil(scrollable * share));
  }, percentage / 100);
}

test('the newsletter popup opens half-way down a blog post, subscribes, closes 5 s later and stays away', async ({ page, request }) => {
  const site = (await (await request.get('/api/content/site')).json()) as SiteData;
  const popup = site.popups!.find((p) => p.name === 'newsletter') as PopupSettings;
  const form = (await (await request.get(`/api/content/forms/${popup.form}`)).json()) as FormDefinition;
  expect(popup.form).toBe('newsletter');

  await page.goto(BLOG_POST);
  await page.getByRole('button', { name: 'Accept All' }).click();
  const dialog = page.getByRole('dialog', { name: popup.title });

  await scrollPast(page, 30);
  await page.waitForTimeout(300);
  await expect(dialog).toHaveCount(0);
  await scrollPast(page, 60);
  await expect(dialog).toBeVisible();

  const email = `newsletter.${Date.now()}@example.com`;
  await dialog.getByLabel(/email/i).click();
  await dialog.getByLabel(/email/i).fill(email);
  await dialog.getByLabel(/first name/i).fill('Robin');
  await dialog.getByRole('button', { name: form.buttons.submit }).click();
  await expect(dialog.getByText(form.messages!.success!)).toBeVisible();
  const succeededAt = Date.now();

  const rows = await queryDatabase<{ form_name: string; first_name: string }>(
    "SELECT form_name, data->>'firstName' AS first_name FROM forms.form_submission WHERE data->>'email' = $1",
    [email],
  );
  expect(rows).toEqual([{ form_name: 'newsletter', first_name: 'Robin' }]);

  // closes formSuccessCloseMs (5 s) after the success, not at once
  await page.waitForTimeout(3000);
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCount(0, { timeout: 8000 });
  const closedAfter = Date.now() - succeededAt;
  expect(closedAfter).toBeGreaterThanOrEqual(4500);
  expect(closedAfter).toBeLessThan(7500);

  // remembered for cookieExpiry (1w)
  const shown = (await page.context().cookies()).find((cookie) => cookie.name === 'popup-shown-newsletter');
  expect(shown?.value).toBe('1');
  expect((shown!.expires - Date.now() / 1000) / 86_400).toBeCloseTo(7, 0);

  await page.reload();
  await scrollPast(page, 90);
  await page.waitForTimeout(1000);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(dialog).toHaveCount(0);
});
