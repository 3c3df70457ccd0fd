import { EnvConfigError, flag, integer, readEnvConfig, url, type EnvProblem } from '@storefront/service-kit';

/** The e-mail settings that come from the environment (content/settings/notifications.json has the rest). */
export interface EmailConfig {
  /** smtp(s)://user:pass@host:port; empty: the local mailbox delivers instead */
  smtpUrl: string;
  /** run the e-mail job worker in this process (false: other replicas deliver, or tests call runDue) */
  workerEnabled: boolean;
  /** how often an idle worker looks for due e-mails (a commit that queued one wakes it at once) */
  pollIntervalMs: number;
  /** retries after the first attempt before the e-mail's job is a dead letter */
  retryLimit: number;
  /** the first retry waits this long (to twice it); each next one doubles */
  retryDelaySeconds: number;
}

export const EMAIL_CONFIG = Symbol('EMAIL_CONFIG');

/** SMTP_URL's schemes: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
export const SMTP_URL_PROTOCOLS = ['smtp:', 'smtps:'];

/**
 * Retries span 34 to 68 hours by default (15 s doubling, 13 times: service-kit's
 * retryWindowSeconds), so an SMTP server that is down for a day delays e-mail and loses none.
 */
export const EMAIL_RETRY_DEFAULTS = { retryLimit: 13, retryDelaySeconds: 15 } as const;

/** Variables of the outbox's former worker, and what replaced each: a leftover setting is named, not ignored. */
const REPLACED = {
  EMAIL_RETRY_BASE_MS: 'EMAIL_RETRY_DELAY_SECONDS (the first retry delay, in seconds)',
  EMAIL_MAX_ATTEMPTS: 'EMAIL_RETRY_LIMIT (retries after the first attempt)',
} as const;

/** Read once when the app is created; a bad value stops start-up with every problem named. */
export function readEmailConfig(env: Record<string, string | undefined> = process.env): EmailConfig {
  const replaced: EnvProblem[] = Object.entries(REPLACED)
    .filter(([variable]) => env[variable]?.trim())
    .map(([variable, instead]) => ({ variable, problem: `${variable} is no longer read: set ${instead}` }));
  let config: EmailConfig | undefined;
  let problems: readonly EnvProblem[] = [];
  try {
    config = readEnvConfig(
      {
        smtpUrl: url('SMTP_URL', '', { protocols: SMTP_URL_PROTOCOLS }),
        workerEnabled: flag('EMAIL_WORKER_ENABLED', true),
        pollIntervalMs: integer('EMAIL_POLL_INTERVAL_MS', 1000, 50, 3_600_000),
        retryLimit: integer('EMAIL_RETRY_LIMIT', EMAIL_RETRY_DEFAULTS.retryLimit, 0, 16),
        retryDelaySeconds: integer('EMAIL_RETRY_DELAY_SECONDS', EMAIL_RETRY_DEFAULTS.retryDelaySeconds, 1, 3_600),
      },
      env,
    );
  } catch (error) {
    if (!(error instanceof EnvConfigError)) throw error;
    problems = error.problems;
  }
  const all = [...problems, ...replaced];
  if (all.length > 0 || !config) throw new EnvConfigError(`Invalid configuration: ${all.map((entry) => entry.problem).join('; ')}`, all);
  return config;
}
