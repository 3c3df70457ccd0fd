import { EnvConfigError, flag, integer, readEnvConfig, url, type EnvProblem } from '@storefront/service-kit';
import type { RetryPolicy } from './retry-schedule.js';

/** The e-mail settings that come from the environment (content/settings/notifications.json has the rest). */
export interface EmailConfig {
  /** smtp(s)://user:pass@host:port; empty: the local mailbox delivers instead */
  smtpUrl: string;
  /** run the e-mail job worker in this process (false: other replicas deliver, or tests call runDue) */
  workerEnabled: boolean;
  /** how often an idle worker looks for due e-mails (a commit that queued one wakes it at once) */
  pollIntervalMs: number;
  /** how long after its first failed attempt an e-mail is still retried (then it is a dead letter) */
  retryForHours: number;
  /** the first retry waits up to this long; each next ceiling doubles (full jitter, see retry-schedule.ts) */
  retryDelaySeconds: number;
  /** no single wait between two attempts is longer than this */
  retryMaxDelaySeconds: number;
}

export const EMAIL_CONFIG = Symbol('EMAIL_CONFIG');

/** SMTP_URL's schemes: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
export const SMTP_URL_PROTOCOLS = ['smtp:', 'smtps:'];

/**
 * A failing e-mail is retried for 3 days (an SMTP server down over a weekend delays e-mail and loses
 * none), waiting up to 30 s, 60 s, 120 s ... and at most an hour between two attempts: about 150
 * attempts (retry-schedule.ts). A reply that refuses the message for good (5xx) is not retried.
 */
export const EMAIL_RETRY_DEFAULTS = { retryForHours: 72, retryDelaySeconds: 30, retryMaxDelaySeconds: 3600 } as const;

/** Variables of the outbox's former worker, and what replaced each: a leftover setting is named, not ignored. */
const REPLACED = {
  EMAIL_RETRY_BASE_MS: 'EMAIL_RETRY_DELAY_SECONDS (the first retry delay, in seconds)',
  EMAIL_MAX_ATTEMPTS: 'EMAIL_RETRY_FOR_HOURS (how long a failing e-mail is retried)',
  EMAIL_RETRY_LIMIT: 'EMAIL_RETRY_FOR_HOURS (how long a failing e-mail is retried; the number of attempts follows from it)',
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
        retryForHours: integer('EMAIL_RETRY_FOR_HOURS', EMAIL_RETRY_DEFAULTS.retryForHours, 1, 720),
        retryDelaySeconds: integer('EMAIL_RETRY_DELAY_SECONDS', EMAIL_RETRY_DEFAULTS.retryDelaySeconds, 1, 3_600),
        retryMaxDelaySeconds: integer('EMAIL_RETRY_MAX_DELAY_SECONDS', EMAIL_RETRY_DEFAULTS.retryMaxDelaySeconds, 1, 86_400),
      },
      env,
    );
  } catch (error) {
    if (!(error instanceof EnvConfigError)) throw error;
    problems = error.problems;
  }
  const all = [...problems, ...replaced];
  if (config && config.retryMaxDelaySeconds < config.retryDelaySeconds) {
    all.push({ variable: 'EMAIL_RETRY_MAX_DELAY_SECONDS', problem: `EMAIL_RETRY_MAX_DELAY_SECONDS (${config.retryMaxDelaySeconds}) must be at least EMAIL_RETRY_DELAY_SECONDS (${config.retryDelaySeconds})` });
  }
  if (all.length > 0 || !config) throw new EnvConfigError(`Invalid configuration: ${all.map((entry) => entry.problem).join('; ')}`, all);
  return config;
}

/** The delivery's retry schedule from the configuration (retry-schedule.ts). */
export function emailRetryPolicy(config: Pick<EmailConfig, 'retryForHours' | 'retryDelaySeconds' | 'retryMaxDelaySeconds'>): RetryPolicy {
  return { baseDelayMs: config.retryDelaySeconds * 1000, maxDelayMs: config.retryMaxDelaySeconds * 1000, retryForMs: config.retryForHours * 3_600_000 };
}
