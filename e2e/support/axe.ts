import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.1 AA rules axe checks (as backoffice-slice.spec.ts and accessibility.spec.ts do). */
export const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** axe's violations on the page as it is now, one line each: rule, impact, what it asks, where. */
export async function violationsOf(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return violations.map(
    (violation) => `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).slice(0, 5).join(', ')}`,
  );
}

/** The back office's two layouts: the nav above the page (tablet) and beside it (desktop). */
export const BACK_OFFICE_WIDTHS = [768, 1440] as const;

/**
 * Checks the screen as it is now (its data loaded) at each width, and notes what axe finds in
 * `found` under `what` and the width: a test checks several screens and asserts `found` is empty
 * at its end, so one run names every screen with a violation. The viewport is put back afterwards.
 */
export async function checkScreen(page: Page, what: string, found: Record<string, string[]>): Promise<void> {
  const before = page.viewportSize();
  for (const width of BACK_OFFICE_WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    const violations = await violationsOf(page);
    if (violations.length > 0) found[`${what} at ${width}px`] = violations;
  }
  if (before) await page.setViewportSize(before);
}
