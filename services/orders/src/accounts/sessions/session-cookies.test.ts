import { readSessionConfig } from './session-config.js';
import { clearedSessionCookies, sessionCookies } from './session-cookies.js';

const tokens = { sessionToken: 'S3ss10n-t0ken_A', csrfToken: 'Csrf-t0ken_B' };
const THIRTY_DAYS_MS = 30 * 24 * 60 * 60 * 1000;

describe('sessionCookies', () => {
  it('sets the session cookie httpOnly and the CSRF cookie readable, both Lax, on /, for the session\'s life', () => {
    expect(sessionCookies(tokens, { maxAgeMs: THIRTY_DAYS_MS, secure: false })).toEqual([
      'sf_session=S3ss10n-t0ken_A; Max-Age=2592000; Path=/; SameSite=Lax; HttpOnly',
      'sf_csrf=Csrf-t0ken_B; Max-Age=2592000; Path=/; SameSite=Lax',
    ]);
  });

  it('adds Secure when configured', () => {
    for (const value of sessionCookies(tokens, { maxAgeMs: 1000, secure: true })) expect(value).toMatch(/; Secure$/);
  });

  it('clears both with an empty value and Max-Age=0', () => {
    expect(clearedSessionCookies(true)).toEqual([
      'sf_session=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly; Secure',
      'sf_csrf=; Max-Age=0; Path=/; SameSite=Lax; Secure',
    ]);
  });
});

describe('readSessionConfig', () => {
  it('lasts 30 days, Secure only in production, by default', () => {
    expect(readSessionConfig({})).toEqual({ ttlMs: THIRTY_DAYS_MS, secureCookies: false });
    expect(readSessionConfig({ NODE_ENV: 'production' })).toEqual({ ttlMs: THIRTY_DAYS_MS, secureCookies: true });
  });

  it('takes SESSION_TTL_DAYS and SESSION_COOKIE_SECURE, and names a bad value', () => {
    expect(readSessionConfig({ SESSION_TTL_DAYS: '7', SESSION_COOKIE_SECURE: 'true' })).toEqual({ ttlMs: 7 * 24 * 60 * 60 * 1000, secureCookies: true });
    expect(() => readSessionConfig({ SESSION_TTL_DAYS: '0' })).toThrow(/SESSION_TTL_DAYS/);
    expect(() => readSessionConfig({ SESSION_COOKIE_SECURE: 'sometimes' })).toThrow(/SESSION_COOKIE_SECURE/);
  });
});
