import { expect, test, type Browser, type Page } from '@playwright/test';

/**
 * A press the moment a control shows, at full speed (no throttling, no delayed scripts): the window
 * between the page's load and its hydration is short here, and a press could fall between the
 * head's early-events script and React's listeners (a control in an area whose inner boundary was
 * still dehydrated when the page was marked hydrated). Ten tries per control, none may be lost.
 * Like early-clicks.spec.ts, Playwright's own `test`: nothing waits for hydration.
 */

const STYLE_PAGE = '/products/kitchen-cabinets/rta-kitchen-cabinets/ssw';
const TRIES = 10;

/** A fresh shopper (no cart, no saved form data) for each try. */
async function freshPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  return context.newPage();
}

test(`"Order a free sample" pressed at first sight, ${TRIES} times at full speed: the sample is added every time, once`, async ({ browser, baseURL }) => {
  test.setTimeout(TRIES * 20_000);
  const outcomes: string[] = [];
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const page = await freshPage(browser, baseURL);
    await page.goto(STYLE_PAGE, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Order a free sample' });
    await button.waitFor({ state: 'visible' });
    await button.click();
    await expect(page.getByText(/has been successfully added\./).first()).toBeVisible({ timeout: 15_000 });
    await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
    await page.waitForTimeout(300);
    // once, not twice (a press caught early must not also reach React)
    outcomes.push((await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).getAttribute('aria-label')) ?? 'no cart link');
    await page.context().close();
  }
  expect(outcomes).toEqual(Array.from({ length: TRIES }, () => 'Cart, 1 item'));
});

test(`the contact form's Send pressed at first sight, ${TRIES} times at full speed: the spec's messages every time, never a reload`, async ({ browser, baseURL }) => {
  test.setTimeout(TRIES * 20_000);
  for (let attempt = 0; attempt < TRIES; attempt += 1) {
    const page = await freshPage(browser, baseURL);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && !new URL(request.url()).pathname.startsWith('/api/')) posts.push(request.url());
    });
    await page.goto('/contact', { waitUntil: 'commit' });
    const form = page.getByRole('form', { name: /contact/i });
    const send = form.getByRole('button', { name: 'Send Message' });
    await send.waitFor({ state: 'visible' });
    await send.click();
    await expect(form.getByText('This field is required').first(), `try ${attempt + 1}`).toBeVisible({ timeout: 15_000 });
    expect(posts, `try ${attempt + 1}: the page was never posted to`).toEqual([]);
    await page.context().close();
  }
});
