import { captchaProductionRules, integer, requiredInProduction, url, type EnvReader, type ProductionSafetyOptions } from '@storefront/service-kit';
import { ADMIN_LIMIT_VARIABLES } from './admin/api-keys/admin-access.js';
import { productionSessionCookieSecure } from './accounts/index.js';
import { SMTP_URL_PROTOCOLS } from './email/index.js';
import { productionStaffTotpKey, productionStaffTwoFactor } from './staff/index.js';

/**
 * What NODE_ENV=production requires of the orders service, besides the internal callers' secrets
 * (main.ts), DATABASE_URL and every service's rules (service-kit's productionSafety): a real mail server. Without SMTP_URL e-mails go
 * to the local mailbox, and /dev/mailbox shows every customer's e-mail to whoever reaches it, so in
 * production the mailbox routes must never exist (with SMTP_URL set they answer 404). Registration's
 * captcha is on (RECAPTCHA_SECRET_KEY, an https verify URL). The admin API's
 * limits stay low enough to mean something. Customer session cookies are Secure
 * (SESSION_COOKIE_SECURE may not be false), and staff sign in with an authenticator code
 * (STAFF_TWO_FACTOR may not be optional) whose key is sealed with a key of the deployment's own
 * (STAFF_TOTP_ENCRYPTION_KEY, never the development one).
 */
export const ORDERS_PRODUCTION: ProductionSafetyOptions = {
  rules: {
    smtpUrl: requiredInProduction(
      url('SMTP_URL', undefined, { protocols: SMTP_URL_PROTOCOLS }),
      'without a mail server the orders service delivers e-mail to the local mailbox and serves it at /dev/mailbox, ' +
        'which production never does; set SMTP_URL to your mail server (smtp://user:pass@host:587 or smtps://...)',
    ),
    // registration checks the /register form's reCAPTCHA: without a secret bots register freely
    ...captchaProductionRules(),
    // the back office over HTTP: a limit raised this far no longer slows a guesser down (RATE_LIMIT_ADMIN_PER_MINUTE
    // is bounded with every RATE_LIMIT_*_PER_MINUTE by service-kit's shared rules)
    adminFailedKeys: atMost(integer(ADMIN_LIMIT_VARIABLES.failedKeys, 10, 1, 1_000_000), 100, 'failed admin API keys per client address per 15 minutes'),
    // a session cookie sent over plain HTTP is the account to whoever sees it
    sessionCookieSecure: productionSessionCookieSecure(),
    // a back office that refunds money never signs staff in with a password alone
    staffTwoFactor: productionStaffTwoFactor(),
    // the authenticator keys in the database are sealed with it: the development key is public
    staffTotpKey: productionStaffTotpKey(),
  },
};

/** `reader`'s value, refused above `max` (production's bound on a limit). */
function atMost(reader: EnvReader<number>, max: number, what: string): EnvReader<number> {
  return {
    variable: reader.variable,
    read(raw) {
      const result = reader.read(raw);
      if ('value' in result && result.value > max) return { problem: `${reader.variable} must be at most ${max} in production (${what}; got ${result.value})` };
      return result;
    },
  };
}
