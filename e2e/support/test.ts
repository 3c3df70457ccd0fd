import { test as base, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Pages are server-rendered: a control is visible before its script has run. A shopper's click that
 * early does the browser's default; tests wait until the page is interactive (the shell marks
 * `<html data-hydrated>`) after every full page load.
 */
async function untilInteractive(page: Page): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached' });
}

/**
 * Makes `page`'s full page loads (goto, reload, a Back that reloads) wait until it is interactive:
 * what the `page` fixture does, for the pages of the browser contexts a test opens itself (a second
 * staff member, the customer beside the staff).
 */
export function waitingForInteractive(page: Page): Page {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const goBack = page.goBack.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilInteractive(page);
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilInteractive(page);
    return response;
  };
  page.goBack = async (...args) => {
    const response = await goBack(...args);
    // a back navigation inside the app is not a page load; after a full load, wait again
    if (response) await untilInteractive(page);
    return response;
  };
  return page;
}

export const test = base.extend({
  page: async ({ page }, use) => {
    await use(waitingForInteractive(page));
  },
});
