import { flag, integer, readEnvConfig, text, url } from '@storefront/service-kit';
import { SERVICES, localServiceUrl } from '@storefront/topology';

/** Form e-mail settings from the environment (recipients and copy come from content/). */
export interface NotificationsConfig {
  /** where the orders service takes e-mails for its outbox (POST /internal/email/queue) */
  ordersServiceUrl: string;
  /** FORMS_INTERNAL_SECRET: signs the calls to the orders service (empty: development, unsigned from this machine) */
  internalSecret: string;
  workerEnabled: boolean;
  pollIntervalMs: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** one call to the orders service */
  requestTimeoutMs: number;
}

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

/**
 * The default retries span 45 to 91 hours (10 s doubling, 14 times; service-kit's retryWindowSeconds):
 * an orders service that is down for a day delays form e-mails, it does not dead-letter them.
 */
export const FORM_EMAIL_RETRY_DEFAULTS = { retryLimit: 14, retryDelaySeconds: 10 } as const;

/** Read once when the app is created; a bad value stops start-up with every problem named. */
export function readNotificationsConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  const config = readEnvConfig(
    {
      ordersServiceUrl: url(SERVICES.orders.urlEnv, localServiceUrl('orders', env)),
      internalSecret: text('FORMS_INTERNAL_SECRET', ''),
      workerEnabled: flag('FORM_EMAIL_WORKER_ENABLED', true),
      pollIntervalMs: integer('FORM_EMAIL_POLL_INTERVAL_MS', 1000, 50, 3_600_000),
      retryLimit: integer('FORM_EMAIL_RETRY_LIMIT', FORM_EMAIL_RETRY_DEFAULTS.retryLimit, 0, 16),
      retryDelaySeconds: integer('FORM_EMAIL_RETRY_DELAY_SECONDS', FORM_EMAIL_RETRY_DEFAULTS.retryDelaySeconds, 1, 3_600),
      requestTimeoutMs: integer('FORM_EMAIL_REQUEST_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    env,
  );
  return { ...config, ordersServiceUrl: config.ordersServiceUrl.replace(/\/+$/, '') };
}
