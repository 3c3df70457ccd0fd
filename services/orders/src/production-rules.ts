import { productionAdminToken, requiredInProduction, url, type ProductionSafetyOptions } from '@storefront/service-kit';
import { productionSessionCookieSecure } from './accounts/sessions/session-config.js';
import { SMTP_URL_PROTOCOLS } from './email/email-config.js';

/**
 * What NODE_ENV=production requires of the orders service, besides the internal callers' secrets
 * (main.ts), DATABASE_URL and every service's rules (service-kit's productionSafety): a real mail server. Without SMTP_URL e-mails go
 * to the local mailbox, and /dev/mailbox shows every customer's e-mail to whoever reaches it, so in
 * production the mailbox routes must never exist (with SMTP_URL set they answer 404). ADMIN_API_TOKEN,
 * when set, opens /api/admin: at least 32 characters and not a known default. Customer session
 * cookies are Secure (SESSION_COOKIE_SECURE may not be false).
 */
export const ORDERS_PRODUCTION: ProductionSafetyOptions = {
  rules: {
    smtpUrl: requiredInProduction(
      url('SMTP_URL', undefined, { protocols: SMTP_URL_PROTOCOLS }),
      'without a mail server the orders service delivers e-mail to the local mailbox and serves it at /dev/mailbox, ' +
        'which production never does; set SMTP_URL to your mail server (smtp://user:pass@host:587 or smtps://...)',
    ),
    // the back office over HTTP: optional (unset, /api/admin answers 404), but never short or a default
    adminApiToken: productionAdminToken(),
    // a session cookie sent over plain HTTP is the account to whoever sees it
    sessionCookieSecure: productionSessionCookieSecure(),
  },
};
