import { flag, integer, isProduction, readEnvConfig, type EnvReader } from '@storefront/service-kit';

/** How sessions live and how their cookies are marked (SESSION_TTL_DAYS, SESSION_COOKIE_SECURE). */
export interface SessionConfig {
  /** a session ends this long after sign-in, however active (absolute expiry, stored in its row) */
  ttlMs: number;
  /** the cookies' Secure attribute: sent only over HTTPS */
  secureCookies: boolean;
}

export const SESSION_CONFIG = Symbol('SESSION_CONFIG');
export const DEFAULT_SESSION_TTL_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** SESSION_COOKIE_SECURE: default true in production (NODE_ENV=production), false elsewhere (http://localhost). */
export function sessionCookieSecure(env: Record<string, string | undefined> = process.env): EnvReader<boolean> {
  return flag('SESSION_COOKIE_SECURE', isProduction(env));
}

/** Read once when the accounts module is created; a bad value stops start-up naming the variable. */
export function readSessionConfig(env: Record<string, string | undefined> = process.env): SessionConfig {
  const { ttlDays, secureCookies } = readEnvConfig(
    { ttlDays: integer('SESSION_TTL_DAYS', DEFAULT_SESSION_TTL_DAYS, 1, 365), secureCookies: sessionCookieSecure(env) },
    env,
  );
  return { ttlMs: ttlDays * DAY_MS, secureCookies };
}

/**
 * The production rule: session cookies are never sent over plain HTTP there (a session token on the
 * wire is the account), so SESSION_COOKIE_SECURE=false refuses the start.
 */
export function productionSessionCookieSecure(): EnvReader<boolean> {
  return {
    variable: 'SESSION_COOKIE_SECURE',
    read(raw) {
      const result = sessionCookieSecure({ NODE_ENV: 'production' }).read(raw);
      if ('problem' in result) return result;
      if (!result.value) {
        return {
          problem:
            'SESSION_COOKIE_SECURE is false: production sends the customer session cookies only over HTTPS (Secure); ' +
            'unset it or set it to true, and serve the site over HTTPS',
        };
      }
      return result;
    },
  };
}
