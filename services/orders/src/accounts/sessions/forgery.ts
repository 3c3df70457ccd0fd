import { timingSafeEqual } from 'node:crypto';
import { ForbiddenException } from '@nestjs/common';
import { ACCOUNT_MESSAGES, CSRF_HEADER } from '@storefront/contracts';
import { hashSecretToken } from '../../tokens/secret-token.js';

/** The request headers the forgery checks read (express's `req.headers`). */
export type RequestHeaders = Record<string, string | string[] | undefined>;

/** GET and HEAD change nothing, so they need no proof of where they come from. */
export function isSafeMethod(method: string | undefined): boolean {
  return method === 'GET' || method === 'HEAD';
}

function first(value: string | string[] | undefined): string | undefined {
  const raw = Array.isArray(value) ? value[0] : value;
  return raw?.split(',')[0]?.trim() || undefined;
}

/**
 * Why a write seems to come from another site, or undefined. Browsers say so themselves: a
 * `Sec-Fetch-Site` of `cross-site` or `same-site` (a sibling subdomain is another site to us), or an
 * `Origin` whose host is not the one the shopper addressed (the gateway's X-Forwarded-Host, else
 * Host). Requests without these headers (curl, tests, old browsers) pass on to the token check,
 * which is what protects a session; this also covers writes without one (login CSRF).
 */
export function crossSiteReason(headers: RequestHeaders): string | undefined {
  const fetchSite = first(headers['sec-fetch-site'])?.toLowerCase();
  if (fetchSite === 'cross-site' || fetchSite === 'same-site') return `Sec-Fetch-Site: ${fetchSite}`;
  const origin = first(headers.origin);
  if (origin === undefined) return undefined;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return `Origin: ${origin.slice(0, 80)}`; // "null" (sandboxed frames, privacy redirects) or garbage
  }
  const addressed = (first(headers['x-forwarded-host']) ?? first(headers.host))?.toLowerCase();
  return originHost === addressed ? undefined : `Origin ${originHost} is not ${addressed ?? 'the addressed host'}`;
}

/** The 403 every refused forgery answers (the page says: refresh and try again). */
export function forgeryRefused(): ForbiddenException {
  return new ForbiddenException({ message: ACCOUNT_MESSAGES.forgeryRefused, errorType: 'forgeryRefused' });
}

/** Refuses a write that a browser says comes from another site. */
export function assertSameSiteWrite(method: string | undefined, headers: RequestHeaders): void {
  if (!isSafeMethod(method) && crossSiteReason(headers)) throw forgeryRefused();
}

/**
 * Does the request's X-CSRF-Token hash to the session's stored CSRF hash? Constant time: the
 * comparison of two SHA-256 digests takes as long whatever they hold.
 */
export function csrfTokenMatches(headers: RequestHeaders, storedCsrfHash: string): boolean {
  const sent = first(headers[CSRF_HEADER.toLowerCase()]);
  if (!sent || sent.length > 256 || !/^[0-9a-f]{64}$/.test(storedCsrfHash)) return false;
  return timingSafeEqual(Buffer.from(hashSecretToken(sent), 'hex'), Buffer.from(storedCsrfHash, 'hex'));
}
