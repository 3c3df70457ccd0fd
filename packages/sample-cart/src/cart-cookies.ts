import {
  SAMPLE_CART_COUNT_COOKIE,
  SAMPLE_CART_LINES_COOKIE,
  SAMPLE_CART_LINES_COOKIE_MAX_CHARS,
  cartLinesText,
  type SelectedSample,
} from '@storefront/contracts';
import { SAMPLE_CART_EXPIRY_MS } from './storage.js';

function writeCookie(name: string, value: string): void {
  // a cookie lives no longer than a cart does; an empty value removes it
  const maxAge = value ? Math.floor(SAMPLE_CART_EXPIRY_MS / 1000) : 0;
  document.cookie = `${name}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
}

/**
 * Mirrors the cart into two cookies the server reads for the checkout's first HTML; the cart itself
 * stays in localStorage (spec), and an order is priced from what the browser sends when it is placed.
 * - the number of samples: which layout to draw (the form, or the empty state);
 * - its lines (cartLinesText: sku, finish and qty, no names or prices): the cart summary the server
 *   prices into the page, so the cart paints with the page instead of after hydration. Left out when
 *   it would pass SAMPLE_CART_LINES_COOKIE_MAX_CHARS; the summary then waits for the browser, as before.
 * Both are written after every read and write of the cart, so they follow it; an empty cart removes them.
 */
export function writeCartCookies(items: readonly SelectedSample[]): void {
  if (typeof document === 'undefined') return;
  const count = items.reduce((total, item) => total + item.qty, 0);
  const lines = items.length > 0 ? encodeURIComponent(cartLinesText(items)) : '';
  try {
    writeCookie(SAMPLE_CART_COUNT_COOKIE, count > 0 ? String(count) : '');
    writeCookie(SAMPLE_CART_LINES_COOKIE, lines.length <= SAMPLE_CART_LINES_COOKIE_MAX_CHARS ? lines : '');
  } catch {
    // cookies blocked: the checkout then shows its loading state until the cart is read
  }
}
