import { databaseUrl, flag, integer, readEnvConfig, text, url } from '@storefront/service-kit';
import { SERVICES, localServiceUrl } from '@storefront/topology';

/** Form e-mail settings from the environment (recipients and copy come from content/). */
export interface NotificationsConfig {
  /** the same database as the submissions: the job table lives in schema JOB_SCHEMA */
  databaseUrl: string;
  /** where the orders service takes e-mails for its outbox (POST /internal/email/queue) */
  ordersServiceUrl: string;
  /** sent as X-Internal-Token when set (the orders service's INTERNAL_API_TOKEN) */
  internalToken: string;
  workerEnabled: boolean;
  pollIntervalMs: number;
  retryLimit: number;
  retryDelaySeconds: number;
  /** one call to the orders service */
  requestTimeoutMs: number;
}

export const NOTIFICATIONS_CONFIG = Symbol('NOTIFICATIONS_CONFIG');

/** Read once when the app is created; a bad value stops start-up with every problem named. */
export function readNotificationsConfig(env: Record<string, string | undefined> = process.env): NotificationsConfig {
  const config = readEnvConfig(
    {
      databaseUrl: databaseUrl(),
      ordersServiceUrl: url(SERVICES.orders.urlEnv, localServiceUrl('orders', env)),
      internalToken: text('INTERNAL_API_TOKEN', ''),
      workerEnabled: flag('FORM_EMAIL_WORKER_ENABLED', true),
      // pg-boss polls at most every 500 ms
      pollIntervalMs: integer('FORM_EMAIL_POLL_INTERVAL_MS', 1000, 500, 3_600_000),
      retryLimit: integer('FORM_EMAIL_RETRY_LIMIT', 10, 0, 100),
      retryDelaySeconds: integer('FORM_EMAIL_RETRY_DELAY_SECONDS', 10, 1, 86_400),
      requestTimeoutMs: integer('FORM_EMAIL_REQUEST_TIMEOUT_MS', 10_000, 100, 120_000),
    },
    env,
  );
  return { ...config, ordersServiceUrl: config.ordersServiceUrl.replace(/\/+$/, '') };
}
