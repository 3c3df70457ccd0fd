import type { Page } from '@playwright/test';

/** How late the page's scripts arrive: a phone's network, where the HTML is painted long before them. */
export const SCRIPT_DELAY_MS = 1500;

/**
 * The page as a phone gets it: first response only, `cpuRate`× slower scripts (Chrome DevTools
 * Protocol; 1 is full speed) that also arrive late, so a press at first sight lands before any of
 * the app's code has run (React replays only what comes after hydrateRoot; the window before it is
 * what the head's early-events script covers). `scriptsHeldUntil`: the scripts wait for it too (a
 * whole form typed before they arrive).
 */
export async function openEarly(
  page: Page,
  path: string,
  { scriptsHeldUntil, cpuRate = 4, scriptDelayMs = SCRIPT_DELAY_MS }: { scriptsHeldUntil?: Promise<unknown>; cpuRate?: number; scriptDelayMs?: number } = {},
): Promise<void> {
  if (cpuRate !== 1) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  }
  await page.route(/\.js(\?.*)?$/, async (route) => {
    await scriptsHeldUntil;
    if (scriptDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, scriptDelayMs));
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
}

/** Was the page still not hydrated when the shopper acted? */
export async function stillStatic(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.getAttribute('data-hydrated') !== 'true');
}

/** Resolves once the shell marks the page interactive. */
export async function untilHydrated(page: Page, timeout = 30_000): Promise<void> {
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout });
}
