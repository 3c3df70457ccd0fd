import { flag, integer, isProduction, readEnvConfig, type EnvReader } from '@storefront/service-kit';

/** How sessions live and how their cookies are marked (SESSION_TTL_DAYS, SESSION_COOKIE_SECURE). */
export interface SessionConfig {
  /** a session ends this long after sign-in, however active (absolute expiry, stored in its row) */
  ttlMs: number;
  /** a session unused this long ends (idle expiry, from its last_seen_at) */
  idleMs: number;
  /** the cookies' Secure attribute (and `__Host-` prefix): sent only over HTTPS */
  secureCookies: boolean;
}

export const SESSION_CONFIG = Symbol('SESSION_CONFIG');
export const DEFAULT_SESSION_TTL_DAYS = 30;
/**
 * SESSION_IDLE_HOURS' default: 12 h. A storefront session protects addresses and order history, not
 * money (paying needs the card each time), so ASVS 3.3.2's 12-hour idle limit fits better than 30
 * minutes, which would sign out a customer comparing cabinets over an afternoon. Sign-ins from a
 * shared computer end within half a day of the last use, and for good after SESSION_TTL_DAYS.
 */
export const DEFAULT_SESSION_IDLE_HOURS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

/** SESSION_COOKIE_SECURE: default true in production (NODE_ENV=production), false elsewhere (http://localhost). */
export function sessionCookieSecureSetting(env: Record<string, string | undefined> = process.env): EnvReader<boolean> {
  return flag('SESSION_COOKIE_SECURE', isProduction(env));
}

/** Read once when the accounts module is created; a bad value stops start-up naming the variable. */
export function readSessionConfig(env: Record<string, string | undefined> = process.env): SessionConfig {
  const { ttlDays, idleHours, secureCookies } = readEnvConfig(
    {
      ttlDays: integer('SESSION_TTL_DAYS', DEFAULT_SESSION_TTL_DAYS, 1, 365),
      // at most a day: an idle limit longer than that is no idle limit (ASVS 3.3.2)
      idleHours: integer('SESSION_IDLE_HOURS', DEFAULT_SESSION_IDLE_HOURS, 1, 24),
      secureCookies: sessionCookieSecureSetting(env),
    },
    env,
  );
  return { ttlMs: ttlDays * DAY_MS, idleMs: idleHours * 60 * 60 * 1000, secureCookies };
}

/**
 * The production rule: session cookies are never sent over plain HTTP there (a session token on the
 * wire is the account), so SESSION_COOKIE_SECURE=false refuses the start.
 */
export function productionSessionCookieSecure(): EnvReader<boolean> {
  return {
    variable: 'SESSION_COOKIE_SECURE',
    read(raw) {
      const result = sessionCookieSecureSetting({ NODE_ENV: 'production' }).read(raw);
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
