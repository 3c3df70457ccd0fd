import { expect, test, type Page } from '@playwright/test';
import { completeSetup, createStaffFromCli, uniqueTag } from '../support/backoffice.js';
import { collectConsoleErrors } from '../support/console.js';
import { openEarly, stillStatic } from '../support/early.js';

/**
 * A staff member who signs in the moment the back office's sign-in page appears, as
 * early-clicks.spec.ts does for the shop: this takes Playwright's own `test` (nothing waits for
 * `html[data-hydrated]`), the CPU is throttled 4× (Chrome DevTools Protocol) and the page's scripts
 * are held until the whole form is typed and Sign in pressed, so every keystroke and the press land
 * on the server's HTML. The press must have its effect, once, and must really come before hydration.
 * It runs alone (playwright.config.ts, ALONE): under a second worker the press can land after
 * hydration, and the test then proves nothing.
 */

/** Presses `control` at first sight: before the page's scripts ran, or the test would prove nothing. */
async function pressEarly(page: Page, control: ReturnType<Page['getByRole']>): Promise<void> {
  await control.waitFor({ state: 'visible' });
  await control.click();
  expect(await stillStatic(page), 'the press came before the page was hydrated').toBe(true);
}

test("the back office's sign-in typed and submitted at first sight: nothing typed is lost, it is sent once, and the dashboard opens", async ({ browser, page }) => {
  // a staff member of this test, set up in a browser of its own (the setup page is interactive once its key shows)
  const staff = { email: `sales.early.${uniqueTag()}@example.com`, name: 'Ed Early', password: 'an early password 2026' };
  const setupContext = await browser.newContext();
  const { recoveryCodes } = await completeSetup(await setupContext.newPage(), await createStaffFromCli(staff.email, staff.name, 'sales'), staff.password, new Set());
  await setupContext.close();

  const errors = collectConsoleErrors(page);
  // the sign-in is posted to the API once, and the page itself is never submitted (a native GET of
  // this form would put the password in the address)
  const signIns: string[] = [];
  const documents: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/admin/sign-in') signIns.push(request.method());
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documents.push(`${url.pathname}${url.search}`);
  });
  let pressed: () => void = () => undefined;
  await openEarly(page, '/admin/sign-in', { scriptsHeldUntil: new Promise<void>((resolve) => (pressed = resolve)) });
  const form = page.getByRole('form', { name: 'Sign in to the back office' });
  await form.getByLabel('E-mail').waitFor({ state: 'visible' });
  await form.getByLabel('E-mail').fill(staff.email);
  await form.getByLabel('Password').fill(staff.password);
  // a recovery code: an authenticator code's 30-second step was just used by the setup
  await form.getByLabel('Authentication code').fill(recoveryCodes[0]!);
  const submit = form.getByRole('button', { name: 'Sign in' });
  await pressEarly(page, submit);
  // the press was taken, and the staff member sees it
  await expect(submit).toHaveClass(/sf-early-pressed/);
  await expect(submit).toHaveAttribute('aria-busy', 'true');
  pressed();

  // replayed once the form is live, with what was typed before: signed in, on the dashboard
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('banner')).toContainText(staff.name);
  expect(signIns).toEqual(['POST']);
  expect(documents).toEqual(['/admin/sign-in']);
  // the values typed into the server's HTML did not make React throw it away
  expect(errors.filter((error) => /hydrat/i.test(error))).toEqual([]);
});
