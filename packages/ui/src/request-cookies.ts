import { createContext, useContext } from 'react';

/**
 * The cookies of the request a page is rendered for. The shell's server provides them; in the
 * browser the hook reads document.cookie, which holds the same values, so the first render in the
 * browser matches the server's HTML. For layout hints only (e.g. whether the sample cart is empty):
 * anything that matters is checked by the services.
 */
export const RequestCookiesContext = createContext<Readonly<Record<string, string>> | null>(null);

/** 'a=1; b=two' -> { a: '1', b: 'two' } (values URI-decoded when they can be; the first of a repeated name wins). */
export function parseCookieHeader(header: string | undefined | null): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || name in cookies) continue;
    const raw = part.slice(at + 1).trim();
    try {
      cookies[name] = decodeURIComponent(raw);
    } catch {
      cookies[name] = raw;
    }
  }
  return cookies;
}

/** The value of cookie `name` for the page being rendered (server) or shown (browser). */
export function useRequestCookie(name: string): string | undefined {
  const fromRequest = useContext(RequestCookiesContext);
  if (fromRequest) return fromRequest[name];
  return typeof document === 'undefined' ? undefined : parseCookieHeader(document.cookie)[name];
}
