import { parseCookieHeader } from './request-cookies.js';

/** §9: cookie name, values and default expiry of the shopper's cookie choice. */
export const COOKIE_CONSENT_COOKIE = 'cookie_consent';
export type CookieConsent = 'acceptAll' | 'rejectAll';
export const COOKIE_CONSENT_DAYS = 180;

/** The stored choice, or undefined while the shopper has not chosen (browser only). */
export function readCookieConsent(): CookieConsent | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = parseCookieHeader(document.cookie)[COOKIE_CONSENT_COOKIE];
  return value === 'acceptAll' || value === 'rejectAll' ? value : undefined;
}

/** Stores the choice for `days` (site-wide, first-party, Lax) and tells listeners (analytics). */
export function storeCookieConsent(value: CookieConsent, days: number = COOKIE_CONSENT_DAYS): void {
  const maxAge = Math.round(days * 24 * 60 * 60);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${COOKIE_CONSENT_COOKIE}=${value}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent(COOKIE_CONSENT_EVENT, { detail: value }));
}

/** Window event sent when the shopper makes a cookie choice (detail: the CookieConsent). */
export const COOKIE_CONSENT_EVENT = 'sf-cookie-consent';
