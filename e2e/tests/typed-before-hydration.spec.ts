import { expect, test, type Page } from '@playwright/test';
import { openEarly, stillStatic, untilHydrated } from '../support/early.js';

/**
 * Every form keeps what the shopper typed, chose or ticked before the page hydrated. Like
 * early-clicks.spec.ts this takes Playwright's own `test` (nothing waits for hydration): the page's
 * scripts are held back until the whole form is filled in, so every keystroke lands on the server's
 * HTML, then they run, and each field must still hold its value (and a ticked box its tick) once
 * the page is interactive, and after the shopper's next keystroke elsewhere (a re-render).
 */

// every route whose first screen has a form (the booking page's form comes after a slot is chosen)
const FORM_ROUTES = ['/contact', '/register', '/free-kitchen-design', '/claim', '/faqs', '/how-to-buy-kitchen', '/login', '/forgot-password', '/order/split-payment'];

interface Filled {
  selector: string;
  kind: 'text' | 'select' | 'checkbox' | 'search';
  value: string | boolean;
}

/**
 * What is typed into a searchable select's box (a combobox): a search, not yet a choice. It must not
 * match the list's first option (Alabama), so that picking the first match shows the search was kept.
 */
const SEARCH = 'New';

/**
 * Fills every visible field of the page's forms (main): text of each kind, a choice in each select,
 * a search in each searchable select's box, the first checkbox ticked.
 */
async function fillEverything(page: Page): Promise<Filled[]> {
  const filled: Filled[] = [];
  const fields = page
    .locator('main form')
    .locator('input:not([type=hidden]):not([type=file]):not([type=checkbox]):not([type=radio]):not([type=submit]):not([type=button]):not([role=combobox]), textarea, select');
  const count = await fields.count();
  for (let index = 0; index < count; index += 1) {
    const field = fields.nth(index);
    if (!(await field.isVisible()) || !(await field.isEditable())) continue;
    const { tag, type, id } = await field.evaluate((element) => ({ tag: element.tagName.toLowerCase(), type: (element as HTMLInputElement).type, id: element.id }));
    if (!id) continue;
    const selector = `[id="${id}"]`;
    if (tag === 'select') {
      const options = await field.locator('option').evaluateAll((list) => list.map((option) => (option as HTMLOptionElement).value).filter(Boolean));
      const choice = options.at(-1);
      if (!choice) continue;
      await field.selectOption(choice);
      filled.push({ selector, kind: 'select', value: choice });
      continue;
    }
    const value = type === 'email' ? `early${index}@example.com` : type === 'tel' ? '7325550148' : type === 'number' ? '42' : type === 'password' ? 'Early-typed-9!' : type === 'date' ? '2027-01-15' : `Early ${index}`;
    await field.fill(value);
    filled.push({ selector, kind: 'text', value });
  }
  const boxes = page.locator('main form input[role=combobox]');
  for (let index = 0; index < (await boxes.count()); index += 1) {
    const box = boxes.nth(index);
    if (!(await box.isVisible()) || !(await box.isEditable())) continue;
    const id = await box.getAttribute('id');
    if (!id) continue;
    await box.fill(SEARCH);
    filled.push({ selector: `[id="${id}"]`, kind: 'search', value: SEARCH });
  }
  const checkbox = page.locator('main form input[type=checkbox]').first();
  if ((await checkbox.count()) > 0 && (await checkbox.isVisible()) && !(await checkbox.isChecked())) {
    const id = await checkbox.getAttribute('id');
    // a click before hydration is kept by the head's script and replayed once: the box is ticked after
    await checkbox.click();
    if (id) filled.push({ selector: `[id="${id}"]`, kind: 'checkbox', value: true });
  }
  return filled;
}

async function valuesOf(page: Page, filled: Filled[]): Promise<(string | boolean)[]> {
  return Promise.all(
    filled.map((entry) => {
      const field = page.locator(entry.selector);
      return entry.kind === 'checkbox' ? field.isChecked() : field.inputValue();
    }),
  );
}

for (const route of FORM_ROUTES) {
  for (const cpuRate of [1, 4]) {
    test(`${route}: what is typed before hydration is still there after it (CPU ${cpuRate}×)`, async ({ page }) => {
      test.setTimeout(90_000);
      let release: () => void = () => undefined;
      await openEarly(page, route, { cpuRate, scriptDelayMs: 0, scriptsHeldUntil: new Promise<void>((resolve) => (release = resolve)) });
      await page.locator('main form').first().waitFor({ state: 'visible' });
      const filled = await fillEverything(page);
      expect(filled.length, 'the form has fields to type into').toBeGreaterThan(0);
      expect(await stillStatic(page), 'everything was typed before the page was hydrated').toBe(true);
      release();
      await untilHydrated(page);
      await expect.poll(() => valuesOf(page, filled), { timeout: 10_000 }).toEqual(filled.map((entry) => entry.value));
      // a search typed early goes on as the search: the first option it matches is picked. In the
      // first box only: a city has no options before its state is picked
      const search = filled.find((entry) => entry.kind === 'search');
      if (search) {
        const box = page.locator(search.selector);
        await box.press('ArrowDown');
        await expect(page.locator(`[id="${await box.getAttribute('aria-controls')}"] [role=option]`).first()).toContainText(SEARCH);
        await box.press('Enter');
        await expect(box).toHaveValue(new RegExp(`^${SEARCH} `));
        search.value = await box.inputValue();
      }
      // the other boxes were checked above; a city is emptied once its state is picked (the form's rule)
      const kept = filled.filter((entry) => entry.kind !== 'search' || entry === search);
      // a re-render (the shopper types on) writes the form's state into every field: it must be theirs
      const first = kept.find((entry) => entry.kind === 'text');
      if (first) await page.locator(first.selector).press('End');
      if (first) await page.locator(first.selector).pressSequentially('!');
      await expect.poll(() => valuesOf(page, kept)).toEqual(kept.map((entry) => (entry === first ? `${String(entry.value)}!` : entry.value)));
    });
  }
}
