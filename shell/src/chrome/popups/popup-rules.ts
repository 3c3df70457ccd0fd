import type { PopupSettings } from '@storefront/contracts';

/** §9 popup defaults. */
export const POPUP_DEFAULTS = {
  scrollPercentage: 50,
  autoCloseMs: 10_000,
  formSuccessCloseMs: 5_000,
  cookieExpiry: '24h',
} as const;

const UNIT_MS = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 } as const;

/**
 * '30m', '2h', '3d', '1w' -> milliseconds. Anything else (a typo in content, '0h', '1.5h') gives
 * the 24-hour default rather than a popup that never comes back or nags on every page.
 */
export function parsePopupExpiry(value: string | undefined): number {
  const match = /^([1-9]\d*)([mhdw])$/.exec((value ?? '').trim().toLowerCase());
  if (!match) return 24 * UNIT_MS.h;
  return Number(match[1]) * UNIT_MS[match[2] as keyof typeof UNIT_MS];
}

/** The cookie that remembers a popup was shown. */
export function popupCookieName(name: string): string {
  return `popup-shown-${name}`;
}

/** Whether `popup` may appear on `pathname` ("/x/*" covers the pages under /x; no paths = every page). */
export function popupAppliesTo(popup: PopupSettings, pathname: string): boolean {
  if (popup.enabled === false) return false;
  if (!popup.paths) return true;
  const path = pathname.replace(/\/+$/, '') || '/';
  return popup.paths.some((pattern) =>
    pattern.endsWith('/*') ? path.startsWith(pattern.slice(0, -1)) && path.length > pattern.length - 1 : pattern === path,
  );
}

/** How far down the page is, 0–100 (a page that does not scroll counts as read to the end). */
export function scrolledPercentage(scrollY: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  if (scrollable <= 0) return 100;
  return Math.min(100, Math.max(0, (scrollY / scrollable) * 100));
}
