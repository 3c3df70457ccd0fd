import { createHash } from 'node:crypto';
import { jobsSchemaOf, type JobsSettings } from '@storefront/service-kit';
import type { EmailConfig } from './email-config.js';
import type { OutboxEmailKind } from './email-outbox.entity.js';

/** The orders service's job schema (pg-boss's tables, in the orders database). */
export const ORDERS_JOBS_SCHEMA = jobsSchemaOf('orders');
/** One job per outbox row: order e-mails and the forms service's alike. */
export const EMAIL_QUEUE = 'email';

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
   * count it leaves, so a job whose row has moved on (an earlier job run again by pg-boss after its
   * completion was lost, or re-driven from pg-boss's dead letters after the row was parked) is stale
   * and sends nothing. Absent on jobs queued before the outbox scheduled its own retries.
   */
  attempts?: number;
}

/** The orders service's queues and what each job carries (the runner is the service's, not only e-mail's). */
export type OrdersJobs = {
  [EMAIL_QUEUE]: EmailJob;
  [ACCOUNT_CLEANUP_QUEUE]: Record<string, never>;
  [PASSWORD_RESET_REQUEST_QUEUE]: { email: string };
};

/**
 * One attempt: settings read, one transport send (SMTP's own timeouts are 10-30 s) and one
 * transaction; past this pg-boss counts the attempt dead and retries it.
 */
export const EMAIL_JOB_EXPIRE_SECONDS = 120;

/**
 * pg-boss's own retries of an e-mail job. A failed SEND does not use them: the handler records it and
 * queues the next attempt itself, on the outbox's schedule (retry-schedule.ts: EMAIL_RETRY_FOR_HOURS,
 * full jitter, capped). These cover a run that could not finish its bookkeeping: the process died
 * mid-attempt (the job expires), the database was unreachable while recording the outcome. 30 s
 * doubling with jitter, 10 times: 8.5 to 17 hours; then the job is one of pg-boss's dead letters
 * (`npm run -s jobs -- orders dead-letters`), and the row, where it could be written, a parked e-mail.
 */
export const EMAIL_JOB_RETRIES = { retryLimit: 10, retryDelaySeconds: 30 } as const;

/** The runner's settings from the orders service's environment (EMAIL_*). */
export function ordersJobsSettings(config: EmailConfig): JobsSettings<OrdersJobs> {
  return {
    workersEnabled: config.workerEnabled,
    pollIntervalMs: config.pollIntervalMs,
    queues: {
      [EMAIL_QUEUE]: { ...EMAIL_JOB_RETRIES, expireInSeconds: EMAIL_JOB_EXPIRE_SECONDS },
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

/**
 * The Message-ID the outbox used before it was stored on the row (a hash of the dedupe key): kept for
 * rows already attempted under it when the column came (migration 2100), so their retries repeat it.
 */
export function legacyMessageIdFor(dedupeKey: string, fromAddress: string): string {
  const hash = createHash('sha256').update(`storefront-email:${dedupeKey}`).digest('hex').slice(0, 32);
  return `<${hash}@${domainOf(fromAddress)}>`;
}
