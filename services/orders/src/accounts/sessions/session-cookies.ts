import { CSRF_COOKIE, HOST_COOKIE_PREFIX, SESSION_COOKIE } from '@storefront/contracts';

/** The two secrets a session hands the browser, each once (only their SHA-256 are stored). */
export interface SessionTokens {
  sessionToken: string;
  csrfToken: string;
}

export interface CookieOptions {
  /** how long the browser keeps them: the session's remaining life */
  maxAgeMs: number;
  secure: boolean;
}

/**
 * One Set-Cookie value. Path=/ and, for the customers' cookies, SameSite=Lax: Lax keeps the cookies
 * off cross-site writes (forms, fetches from other sites) while a link from an e-mail still arrives
 * signed in. The staff's cookies are Strict (staff/sessions).
 */
export function setCookieValue(name: string, value: string, { maxAgeMs, secure }: CookieOptions, httpOnly: boolean, sameSite: 'Lax' | 'Strict' = 'Lax'): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${Math.max(0, Math.round(maxAgeMs / 1000))}`, 'Path=/', `SameSite=${sameSite}`];
  if (httpOnly) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The cookies' names: `__Host-` prefixed when they are Secure (HTTPS: production), so a sibling
 * subdomain cannot plant one (the browser takes a `__Host-` cookie only as Secure, host-only,
 * Path=/); plain over http://localhost, where browsers refuse the prefix.
 */
export function sessionCookieNames(secure: boolean): { session: string; csrf: string } {
  const prefix = secure ? HOST_COOKIE_PREFIX : '';
  return { session: `${prefix}${SESSION_COOKIE}`, csrf: `${prefix}${CSRF_COOKIE}` };
}

/**
 * The session cookie (httpOnly: no script reads it) and the CSRF cookie (readable by the page, which
 * echoes it in X-CSRF-Token on writes; its presence also tells the header that someone is signed in).
 */
export function sessionCookies(tokens: SessionTokens, options: CookieOptions): string[] {
  const names = sessionCookieNames(options.secure);
  return [setCookieValue(names.session, tokens.sessionToken, options, true), setCookieValue(names.csrf, tokens.csrfToken, options, false)];
}

/** Both cookies emptied and expired (sign-out, a session that no longer exists); over HTTPS the unprefixed ones of before too. */
export function clearedSessionCookies(secure: boolean): string[] {
  const options = { maxAgeMs: 0, secure };
  const names = sessionCookieNames(secure);
  const cleared = [setCookieValue(names.session, '', options, true), setCookieValue(names.csrf, '', options, false)];
  if (secure) cleared.push(setCookieValue(SESSION_COOKIE, '', options, true), setCookieValue(CSRF_COOKIE, '', options, false));
  return cleared;
}
