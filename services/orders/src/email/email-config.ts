import { flag, integer, readEnvConfig, url } from '@storefront/service-kit';

/** The e-mail settings that come from the environment (content/settings/notifications.json has the rest). */
export interface EmailConfig {
  /** smtp(s)://user:pass@host:port; empty: the local mailbox delivers instead */
  smtpUrl: string;
  pollIntervalMs: number;
  retryBaseMs: number;
  maxAttempts: number;
  workerEnabled: boolean;
}

export const EMAIL_CONFIG = Symbol('EMAIL_CONFIG');

/** SMTP_URL's schemes: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
export const SMTP_URL_PROTOCOLS = ['smtp:', 'smtps:'];

/** Read once when the app is created; a bad value stops start-up with every problem named. */
export function readEmailConfig(env: Record<string, string | undefined> = process.env): EmailConfig {
  return readEnvConfig(
    {
      smtpUrl: url('SMTP_URL', '', { protocols: SMTP_URL_PROTOCOLS }),
      pollIntervalMs: integer('EMAIL_POLL_INTERVAL_MS', 1000, 50, 3_600_000),
      retryBaseMs: integer('EMAIL_RETRY_BASE_MS', 2000, 1, 3_600_000),
      maxAttempts: integer('EMAIL_MAX_ATTEMPTS', 12, 1, 1000),
      workerEnabled: flag('EMAIL_WORKER_ENABLED', true),
    },
    env,
  );
}
