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

/** What an e-mail job carries: the outbox row to deliver (kind and key to read dead letters by). */
export interface EmailJob {
  emailId: string;
  kind: OutboxEmailKind;
  dedupeKey: string;
}

/** The orders service's queues and what each job carries (the runner is the service's, not only e-mail's). */
export type OrdersJobs = {
  [EMAIL_QUEUE]: EmailJob;
  [ACCOUNT_CLEANUP_QUEUE]: Record<string, never>;
};

/**
 * One attempt: settings read, one transport send (SMTP's own timeouts are 10-30 s) and one
 * transaction; past this pg-boss counts the attempt dead and retries it.
 */
export const EMAIL_JOB_EXPIRE_SECONDS = 120;

/** The runner's settings from the orders service's environment (EMAIL_*). */
export function ordersJobsSettings(config: EmailConfig): JobsSettings<OrdersJobs> {
  return {
    workersEnabled: config.workerEnabled,
    pollIntervalMs: config.pollIntervalMs,
    queues: {
      [EMAIL_QUEUE]: {
        retryLimit: config.retryLimit,
        retryDelaySeconds: config.retryDelaySeconds,
        expireInSeconds: EMAIL_JOB_EXPIRE_SECONDS,
      },
      // a few DELETEs; one run at a time across replicas, and a missed tick is the next one's work
      [ACCOUNT_CLEANUP_QUEUE]: { retryLimit: 1, retryDelaySeconds: 60, expireInSeconds: 300, policy: 'singleton' },
    },
  };
}

/**
 * The Message-ID of an outbox e-mail: the same for every send of one dedupe key (a retry after a
 * crash between send and record, or a re-driven dead letter), so a mail client or a person can tell
 * a repeat from a new message; nothing about the order or the address shows in it.
 */
export function messageIdFor(dedupeKey: string, fromAddress: string): string {
  const hash = createHash('sha256').update(`storefront-email:${dedupeKey}`).digest('hex').slice(0, 32);
  const domain = /@([A-Za-z0-9.-]+)$/.exec(fromAddress.trim())?.[1]?.toLowerCase() || 'localhost';
  return `<${hash}@${domain}>`;
}
