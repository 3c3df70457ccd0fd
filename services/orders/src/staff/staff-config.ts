import { STAFF_SESSION_LIMITS, STAFF_SETUP_LINK_HOURS } from '@storefront/contracts';
import { SecretBox, developmentEncryptionKey, encryptionKey, isProduction, productionEncryptionKey, readEnvConfig, text, type EnvReader } from '@storefront/service-kit';
import { sessionCookieSecureSetting } from '../accounts/index.js';

/**
 * STAFF_TWO_FACTOR: `required` (production's only value): every staff member enrols an authenticator
 * at setup and signs in with its code. `optional` (development's default): setup may skip the
 * authenticator, so a newcomer's `npm start` can try the back office with a password alone; a staff
 * member who did enrol always needs the code.
 */
export type TwoFactorPolicy = 'required' | 'optional';
export const TWO_FACTOR_VARIABLE = 'STAFF_TWO_FACTOR';

/**
 * STAFF_TOTP_ENCRYPTION_KEY: the AES-256-GCM key the authenticator (TOTP) keys are sealed with in the
 * database (staff_member.totp_secret, staff_setup_link.pending_totp_secret): a copy of the database
 * alone then cannot make a staff member's codes. Unset outside production: a development-only key
 * derived from a public label; production refuses that and a missing key.
 */
export const TOTP_KEY_VARIABLE = 'STAFF_TOTP_ENCRYPTION_KEY';

export interface StaffConfig {
  twoFactor: TwoFactorPolicy;
  /** the cookies' Secure attribute and `__Host-` prefix (SESSION_COOKIE_SECURE, shared with the customers' sessions) */
  secureCookies: boolean;
  idleMs: number;
  absoluteMs: number;
  setupLinkMs: number;
  /** the authenticator app's label for the account (the site's name) */
  issuer: string;
  /** seals and opens the authenticator keys (STAFF_TOTP_ENCRYPTION_KEY; two-factor/totp-secrets.ts) */
  totpKeys: SecretBox;
}

export const STAFF_CONFIG = Symbol('STAFF_CONFIG');

function twoFactorPolicy(fallback: TwoFactorPolicy): EnvReader<TwoFactorPolicy> {
  return {
    variable: TWO_FACTOR_VARIABLE,
    read(raw) {
      if (raw === undefined || raw.trim() === '') return { value: fallback };
      const value = raw.trim().toLowerCase();
      if (value === 'required' || value === 'optional') return { value };
      return { problem: `${TWO_FACTOR_VARIABLE} must be required or optional (got ${JSON.stringify(raw)})` };
    },
  };
}

/** Read once when the staff module is created; a bad value stops start-up naming the variable. */
export function readStaffConfig(env: Record<string, string | undefined> = process.env): StaffConfig {
  const { twoFactor, secureCookies, issuer, totpKey } = readEnvConfig(
    {
      twoFactor: twoFactorPolicy(isProduction(env) ? 'required' : 'optional'),
      secureCookies: sessionCookieSecureSetting(env),
      issuer: text('STAFF_TOTP_ISSUER', 'Storefront back office'),
      // production's rule here too, not only in productionSafety: the back office's command line
      // reads this without it, and must never seal a setup link's key with the public development key
      totpKey: isProduction(env) ? productionStaffTotpKey() : encryptionKey(TOTP_KEY_VARIABLE, developmentEncryptionKey(TOTP_KEY_VARIABLE)),
    },
    env,
  );
  return {
    twoFactor,
    secureCookies,
    issuer,
    totpKeys: new SecretBox(totpKey),
    idleMs: STAFF_SESSION_LIMITS.idleMinutes * 60_000,
    absoluteMs: STAFF_SESSION_LIMITS.absoluteHours * 3_600_000,
    setupLinkMs: STAFF_SETUP_LINK_HOURS * 3_600_000,
  };
}

/** The production rule: a back office that moves money never signs staff in with a password alone. */
export function productionStaffTwoFactor(): EnvReader<TwoFactorPolicy> {
  return {
    variable: TWO_FACTOR_VARIABLE,
    read(raw) {
      const result = twoFactorPolicy('required').read(raw);
      if ('value' in result && result.value === 'optional') {
        return { problem: `${TWO_FACTOR_VARIABLE}=optional: production signs staff in only with an authenticator code (TOTP); unset it or set it to required` };
      }
      return result;
    },
  };
}

/** The production rule: the authenticator keys are sealed with a key of the deployment's own. */
export function productionStaffTotpKey(): EnvReader<Buffer> {
  return productionEncryptionKey(TOTP_KEY_VARIABLE, "staff's authenticator keys are sealed with it in the database (a copy of the database alone must not make their codes)");
}
