import { CSRF_COOKIE, SESSION_COOKIE } from '@storefront/contracts';

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
 * One Set-Cookie value. Path=/ and SameSite=Lax for both: Lax keeps the cookies off cross-site
 * writes (forms, fetches from other sites) while a link from an e-mail still arrives signed in.
 */
function cookie(name: string, value: string, { maxAgeMs, secure }: CookieOptions, httpOnly: boolean): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${Math.max(0, Math.round(maxAgeMs / 1000))}`, 'Path=/', 'SameSite=Lax'];
  if (httpOnly) parts.push('HttpOnly');
  if (secure) parts.push('Secure');
  return parts.join('; ');
}

/**
 * The session cookie (httpOnly: no script reads it) and the CSRF cookie (readable by the page, which
 * echoes it in X-CSRF-Token on writes; its presence also tells the header that someone is signed in).
 */
export function sessionCookies(tokens: SessionTokens, options: CookieOptions): string[] {
  return [cookie(SESSION_COOKIE, tokens.sessionToken, options, true), cookie(CSRF_COOKIE, tokens.csrfToken, options, false)];
}

/** Both cookies emptied and expired (sign-out, a session that no longer exists). */
export function clearedSessionCookies(secure: boolean): string[] {
  const options = { maxAgeMs: 0, secure };
  return [cookie(SESSION_COOKIE, '', options, true), cookie(CSRF_COOKIE, '', options, false)];
}
