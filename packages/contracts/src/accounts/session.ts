// The signed-in session as the browser and the services share it: cookie names, the CSRF header and the
// one cookie reader. Plain constants and functions, free of any schema.

/**
 * The session cookie: httpOnly, SameSite=Lax, Secure outside development; holds the session's
 * access token (256 random bits; the server keeps only its SHA-256).
 */
export const SESSION_COOKIE = 'sf_session';
/**
 * The CSRF cookie: readable by the page (not httpOnly) so the API client can echo it in
 * CSRF_HEADER on every write; the server compares it with the session's own token. Its presence
 * is also the header's hint that a session exists (the session cookie itself is unreadable).
 */
export const CSRF_COOKIE = 'sf_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

/**
 * The prefix the session cookies carry where the browser allows it (over HTTPS, as Secure): a
 * `__Host-` cookie is host-only with Path=/, so a sibling subdomain cannot plant or shadow it.
 */
export const HOST_COOKIE_PREFIX = '__Host-';

/**
 * The value of one cookie of `document.cookie`-style text, or undefined. The `__Host-` form of the
 * name is read first (the session cookies have it over HTTPS), then the plain name.
 */
export function readCookie(cookieHeader: string | undefined, name: string): string | undefined {
  if (!name.startsWith(HOST_COOKIE_PREFIX)) {
    const prefixed = readCookieNamed(cookieHeader, `${HOST_COOKIE_PREFIX}${name}`);
    if (prefixed !== undefined) return prefixed;
  }
  return readCookieNamed(cookieHeader, name);
}

/** The value of the cookie with exactly this name, or undefined. */
export function readCookieNamed(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() === name) {
      try {
        return decodeURIComponent(part.slice(index + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * Fired on window after sign-in, sign-out or registration in this tab, so the header (and any open
 * account screen) reads the session again without a reload.
 */
export const SESSION_CHANGED_EVENT = 'sf-session-changed';
