import { readSessionConfig } from './session-config.js';
import { clearedSessionCookies, sessionCookies } from './session-cookies.js';

const tokens = { sessionToken: 'S3ss10n-t0ken_A', csrfToken: 'Csrf-t0ken_B' };
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;
const TWELVE_HOURS_MS = 12 * 60 * 60 * 1000;

describe('sessionCookies', () => {
  it('sets the session cookie httpOnly and the CSRF cookie readable, both Lax, on /, for the session\'s life', () => {
    expect(sessionCookies(tokens, { maxAgeMs: THIRTY_DAYS_MS, secure: false })).toEqual([
      'sf_session=S3ss10n-t0ken_A; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly',
      'sf_csrf=Csrf-t0ken_B; Max-Age=2592000; Path=/; SameSite=Lax',
    ]);
  });

  it('over HTTPS: Secure and __Host- prefixed (host-only, Path=/, no Domain), so a sibling subdomain cannot plant them', () => {
    expect(sessionCookies(tokens, { maxAgeMs: 1000, secure: true })).toEqual([
      '__Host-sf_session=S3ss10n-t0ken_A; Max-Age=1; Path=/; SameSite=Lax; HttpOnly; Secure',
      '__Host-sf_csrf=Csrf-t0ken_B; Max-Age=1; Path=/; SameSite=Lax; Secure',
    ]);
  });

  it('clears both with an empty value and Max-Age=0 (over HTTPS the unprefixed ones of before too)', () => {
    expect(clearedSessionCookies(true)).toEqual([
      '__Host-sf_session=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly; Secure',
      '__Host-sf_csrf=; Max-Age=0; Path=/; SameSite=Lax; Secure',
      'sf_session=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly; Secure',
      'sf_csrf=; Max-Age=0; Path=/; SameSite=Lax; Secure',
    ]);
    expect(clearedSessionCookies(false)).toEqual(['sf_session=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly', 'sf_csrf=; Max-Age=0; Path=/; SameSite=Lax']);
  });
});

describe('readSessionConfig', () => {
  it('lasts 30 days, Secure only in production, by default', () => {
    expect(readSessionConfig({})).toEqual({ ttlMs: THIRTY_DAYS_MS, idleMs: TWELVE_HOURS_MS, secureCookies: false });
    expect(readSessionConfig({ NODE_ENV: 'production' })).toEqual({ ttlMs: THIRTY_DAYS_MS, idleMs: TWELVE_HOURS_MS, secureCookies: true });
  });

  it('takes SESSION_TTL_DAYS and SESSION_COOKIE_SECURE, and names a bad value', () => {
    expect(readSessionConfig({ SESSION_TTL_DAYS: '7', SESSION_COOKIE_SECURE: 'true' })).toEqual({ ttlMs: 7 * 24 * 60 * 60 * 1000, idleMs: TWELVE_HOURS_MS, secureCookies: true });
    expect(readSessionConfig({ SESSION_IDLE_HOURS: '1' }).idleMs).toBe(60 * 60 * 1000);
    expect(() => readSessionConfig({ SESSION_IDLE_HOURS: '25' })).toThrow(/SESSION_IDLE_HOURS/);
    expect(() => readSessionConfig({ SESSION_TTL_DAYS: '0' })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => readSessionConfig({ SESSION_COOKIE_SECURE: 'sometimes' })).toThrow(/SESSION_COOKIE_SECURE/);
  });
});
