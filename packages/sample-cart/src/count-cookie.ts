import { SAMPLE_CART_COUNT_COOKIE } from '@storefront/contracts';
import { SAMPLE_CART_EXPIRY_MS } from './storage.js';

/**
 * Mirrors the number of samples into a cookie so the server can draw the checkout's layout (form or
 * empty state) in its first HTML; the cart itself stays in localStorage (spec). It lives no longer
 * than a cart does; an empty cart removes it.
 */
export function writeCountCookie(count: number): void {
  if (typeof document === 'undefined') return;
  const maxAge = count > 0 ? Math.floor(SAMPLE_CART_EXPIRY_MS / 1000) : 0;
  try {
    document.cookie = `${SAMPLE_CART_COUNT_COOKIE}=${count > 0 ? count : ''}; Max-Age=${maxAge}; Path=/; SameSite=Lax`;
  } catch {
    // cookies blocked: the checkout then shows its loading state until the cart is read
  }
}
