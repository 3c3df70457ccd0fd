import { jobsSchemaOf, type JobsSettings } from '@storefront/service-kit';
import type { EmailConfig } from './email-config.js';
import type { OutboxEmailKind } from './email-outbox.entity.js';

/** The orders service's job schema (pg-boss's tables, in the orders database). */
export const ORDERS_JOBS_SCHEMA = jobsSchemaOf('orders');
/** One job per attempt at an outbox row: order e-mails and the forms service's alike. */
export const EMAIL_QUEUE = 'email';

/** Every minute: gives the next attempt to outbox rows whose delivery job failed or vanished (EmailDelivery.sweep). */
export const EMAIL_SWEEP_QUEUE = 'email-sweep';
export const EMAIL_SWEEP_CRON = '* * * * *';

/** The customer accounts' hourly clean-up (src/accounts/account-cleanup.job.ts): expired sessions and reset tokens. */
export const ACCOUNT_CLEANUP_QUEUE = 'account-cleanup';

/**
 * A forgotten-password request, done after the answer: the answer then takes the same time whether
 * or not the e-mail has an account (the work, a transaction and an e-mail, is only done for one).
 */
export const PASSWORD_RESET_REQUEST_QUEUE = 'password-reset-request';

/** What an e-mail job carries: the outbox row to deliver (kind and key to read dead letters by). */
export interface EmailJob {
  emailId: string;
  kind: OutboxEmailKind;
  dedupeKey: string;
  /**
   * The row's `attempts` when this job was queued: each failed attempt queues the next job with the
   * count it leaves, so a job whose row has moved on (one run again after its completion was lost) is
   * stale and sends nothing.
   */
  attempts: number;
}

/** The orders service's queues and what each job carries (the runner is the service's, not only e-mail's). */
export type OrdersJobs = {
  [EMAIL_QUEUE]: EmailJob;
  [EMAIL_SWEEP_QUEUE]: Record<string, never>;
  [ACCOUNT_CLEANUP_QUEUE]: Record<string, never>;
  [PASSWORD_RESET_REQUEST_QUEUE]: { email: string };
};

/**
 * One attempt: settings read, one transport send (SMTP's own timeouts are 10-30 s) and one
 * transaction; past this pg-boss counts the attempt dead (the job fails and the sweep takes the row up).
 */
export const EMAIL_JOB_EXPIRE_SECONDS = 120;

/** The runner's settings from the orders service's environment (EMAIL_*). */
export function ordersJobsSettings(config: EmailConfig): JobsSettings<OrdersJobs> {
  return {
    workersEnabled: config.workerEnabled,
    pollIntervalMs: config.pollIntervalMs,
    queues: {
      // One retry layer and one dead-letter list, the outbox's: a failed send is recorded on its row and
      // the next attempt queued on the row's schedule (retry-schedule.ts: capped, jittered, for
      // EMAIL_RETRY_FOR_HOURS), or the row parked. A job that fails without recording (the process
      // died, the database was away for the whole attempt) is left failed, not retried by pg-boss: the
      // sweep counts it as a failed attempt on the same schedule.
      [EMAIL_QUEUE]: { retryLimit: 0, expireInSeconds: EMAIL_JOB_EXPIRE_SECONDS, deadLetters: false },
      // a missed or failed tick is the next one's work; 'stately': one waiting and one running at most
      [EMAIL_SWEEP_QUEUE]: { retryLimit: 0, expireInSeconds: 60, policy: 'stately', deadLetters: false },
      // a few DELETEs; one run at a time across replicas, and a missed tick is the next one's work
      [ACCOUNT_CLEANUP_QUEUE]: { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 300, policy: 'singleton' },
      // a lookup and one transaction; a reset link is wanted now or not at all, so few retries
      [PASSWORD_RESET_REQUEST_QUEUE]: { retryLimit: 3, retryDelaySeconds: 10, expireInSeconds: 60 },
    },
  };
}

/** The domain of the From address, lower-cased (`localhost` without a usable one): Message-IDs end in it. */
function domainOf(fromAddress: string): string {
  return /@([A-Za-z0-9.-]+)$/.exec(fromAddress.trim())?.[1]?.toLowerCase() || 'localhost';
}

/**
 * The Message-ID of an outbox e-mail, `<outbox-{row id}@{From domain}>`: stored on the row before its
 * first attempt and sent with every attempt, so a retry after an ambiguous failure (the server took
 * the message but its answer was lost) and a re-sent dead letter are recognisable as the same
 * message by the receiving side; nothing about the order or the address shows in it.
 */
export function outboxMessageId(outboxId: string, fromAddress: string): string {
  return `<outbox-${outboxId}@${domainOf(fromAddress)}>`;
}
