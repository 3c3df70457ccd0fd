import { createHash, randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid, type OrderEmailType } from '@storefront/contracts';
import { failureMessage, JobRunner } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { BEARER_TOKEN_PATTERN, BEARER_TOKEN_REMOVED, EmailOutboxEntity, REDACTED_AFTER_SENDING, type OutboxEmailKind } from './email-outbox.entity.js';
import { EMAIL_QUEUE, type OrdersJobs } from './email-jobs.js';

/** An e-mail to put in the outbox. */
export interface QueuedEmail {
  orderId: string | null;
  kind: OutboxEmailKind;
  dedupeKey: string;
  recipient: string;
  cc: string[];
  subject: string;
  html: string;
  text: string;
}

/** An outbox row as its job delivers it. */
export type OutboxEmail = Pick<
  EmailOutboxEntity,
  'id' | 'orderId' | 'kind' | 'dedupeKey' | 'recipient' | 'cc' | 'subject' | 'html' | 'text' | 'status' | 'attempts' | 'messageId'
>;

/** A row's retry budget at a failed attempt: its `retry`-th failure, `elapsedMs` after the budget's first one. */
export interface RetryBudget {
  retry: number;
  elapsedMs: number;
}

/** An outbox row locked to record a failed attempt on it. */
interface BudgetRow {
  id: string;
  kind: OutboxEmailKind;
  dedupe_key: string;
  status: string;
  attempts: number;
  retry_count: number;
  elapsed_ms: number;
}

/** How long the row has been retried, in ms (0 at its first failure). */
const ELAPSED_MS = `(EXTRACT(EPOCH FROM now() - COALESCE(retrying_since, now())) * 1000)::float8`;

/** Why a lost job's row is tried again, for `last_error`: the job's own error where it stored one. */
function lostJobReason(state: string | null, output: unknown): string {
  if (state === null) return 'its delivery job is gone';
  const error = failureMessage(output);
  return error ? `its delivery job ${state === 'failed' ? 'failed' : `was ${state}`}: ${error}` : `its delivery job was ${state} without sending it`;
}

/** Where the failed attempt leaves the row, as decided from its retry budget (see recordFailedAttempt). */
export type RetryDecision = { retryInSeconds: number; error: string } | { deadLetter: string };

/** What recording a failed attempt did. */
export type FailedAttempt =
  | { outcome: 'retry'; attempts: number; retryInSeconds: number; jobId: string | null }
  | { outcome: 'dead-letter'; attempts: number }
  /** the row was sent, parked or attempted by another job meanwhile: nothing recorded */
  | { outcome: 'stale' };

/** A parked e-mail, as the back office lists it (`email dead-letters`). */
export interface DeadLetterEmail {
  id: string;
  kind: OutboxEmailKind;
  orderId: string | null;
  recipient: string;
  cc: string[];
  subject: string;
  attempts: number;
  lastError: string | null;
  /** when it was parked; null for rows parked before the outbox recorded it */
  failedAt: Date | null;
  createdAt: Date;
  messageId: string | null;
}

/** The dedupe key of an order e-mail: one of each kind per order, however often it is asked for. */
export function orderEmailKey(kind: OrderEmailType, orderId: string): string {
  return `${kind}:${orderId}`;
}

/** The dedupe key of a split-payment confirmation: one per payment entry (an instalment), however often it is reported. */
export function splitPaymentEmailKey(orderId: string, paymentEntryId: string): string {
  return `split-payment-confirmation:${orderId}:${paymentEntryId}`;
}

/**
 * The dedupe key of a quote payment-link e-mail: one per link (a new link is a new e-mail). The link
 * carries its token, a secret, so the key holds its SHA-256 rather than the link itself.
 */
export function quotePaymentLinkEmailKey(quoteId: string, paymentLink: string): string {
  return `quote-payment-link:${quoteId}:${createHash('sha256').update(paymentLink).digest('hex')}`;
}

/**
 * The outbox table's queries. A new row and the job that delivers it (queue `email` of the job
 * runner) are written in the caller's transaction; the row's dedupe key makes each e-mail once-only
 * for good, and its status is the record of what was sent. Claiming a job is the job runner's; a
 * failed attempt's retry is a new job queued here with the wait its schedule chose (recordFailedAttempt),
 * and what runs out of retries is parked on the row for the back office (deadLetters, resend).
 */
/**
 * Once an e-mail is sent or dead-lettered its links' tokens are no longer needed in the record: a
 * kind with a note (REDACTED_AFTER_SENDING, $2) loses its whole body, every other kind the token of
 * each bearer link (BEARER_TOKEN_PATTERN $3, replaced by $4), whatever kind it is, so a new kind with
 * a link is covered too. A SET clause; its parameters are forgetSecretsParams.
 */
const FORGET_SECRETS = `html = coalesce($2::text, regexp_replace(html, $3, $4, 'g')), text = coalesce($2::text, regexp_replace(text, $3, $4, 'g'))`;

function forgetSecretsParams(kind: OutboxEmailKind): [string | null, string, string] {
  return [REDACTED_AFTER_SENDING.get(kind) ?? null, BEARER_TOKEN_PATTERN, BEARER_TOKEN_REMOVED];
}

@Injectable()
export class EmailOutbox {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobRunner<OrdersJobs>,
  ) {}

  private get table(): string {
    return this.dataSource.getMetadata(EmailOutboxEntity).tablePath;
  }

  /** Is an e-mail with this dedupe key queued (or sent) already? */
  async isQueued(manager: EntityManager, dedupeKey: string): Promise<boolean> {
    const rows = (await manager.query(`SELECT 1 FROM ${this.table} WHERE dedupe_key = $1`, [dedupeKey])) as unknown[];
    return rows.length > 0;
  }

  /**
   * Inserts the e-mails through `manager` (the caller's transaction), each with its delivery job; one
   * whose dedupe key is already there is left alone (no second job). Returns the dedupe keys that were
   * newly queued.
   */
  async enqueue(manager: EntityManager, emails: readonly QueuedEmail[]): Promise<string[]> {
    const queued: string[] = [];
    for (const email of emails) {
      // the job's id is chosen here, so the row names its job as it is inserted (no UPDATE after the send)
      const jobId = randomUUID();
      const rows: { id: string }[] = await manager.query(
        `INSERT INTO ${this.table} (order_id, kind, dedupe_key, recipient, cc, subject, html, text, job_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING id`,
        [email.orderId, email.kind, email.dedupeKey, email.recipient, email.cc, email.subject, email.html, email.text, jobId],
      );
      const row = rows[0];
      if (!row) continue;
      await this.queueJob(manager, { id: row.id, kind: email.kind, dedupeKey: email.dedupeKey, attempts: 0 }, { named: jobId });
      queued.push(email.dedupeKey);
    }
    return queued;
  }

  /**
   * Queues the job that makes the row's next attempt (`attempts`: the row's count now), named on the
   * row: the one way every e-mail job is queued (first send, retries, the sweep, a resend).
   * `named`: the job id the row was inserted with (enqueue), so the row is updated only should the
   * queue answer another id. The e-mail queue keeps every job it is sent (no singleton policy); should
   * that change, the row must still never name a job that is not there.
   */
  private async queueJob(
    manager: EntityManager,
    email: { id: string; kind: OutboxEmailKind; dedupeKey: string; attempts: number },
    { startAfterSeconds, named }: { startAfterSeconds?: number; named?: string } = {},
  ): Promise<string | null> {
    const jobId = await this.jobs.enqueue(
      manager,
      EMAIL_QUEUE,
      { emailId: email.id, kind: email.kind, dedupeKey: email.dedupeKey, attempts: email.attempts },
      { ...(named === undefined ? {} : { id: named }), ...(startAfterSeconds === undefined ? {} : { startAfter: startAfterSeconds }) },
    );
    if (jobId !== named) await manager.query(`UPDATE ${this.table} SET job_id = $2 WHERE id = $1`, [email.id, jobId]);
    return jobId;
  }

  async find(id: string): Promise<OutboxEmail | null> {
    const row = await this.dataSource.getRepository(EmailOutboxEntity).findOne({
      where: { id },
      select: { id: true, orderId: true, kind: true, dedupeKey: true, recipient: true, cc: true, subject: true, html: true, text: true, status: true, attempts: true, messageId: true },
    });
    return row ?? null;
  }

  /**
   * The row's Message-ID: the stored one, else `candidate`, stored now (before the first attempt, so
   * every attempt, and every replica, sends the same one).
   */
  async fixMessageId(id: string, candidate: string): Promise<string> {
    const [rows] = (await this.dataSource.query(`UPDATE ${this.table} SET message_id = COALESCE(message_id, $2) WHERE id = $1 RETURNING message_id`, [
      id,
      candidate,
    ])) as [{ message_id: string }[], number];
    return rows[0]?.message_id ?? candidate;
  }

  /**
   * Marks the row sent through `manager` and, in the same statement, forgets its secrets
   * (FORGET_SECRETS); false when it already was sent (another job sent it first).
   */
  async markSent(manager: EntityManager, id: string, kind: OutboxEmailKind): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE ${this.table}
          SET status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = NULL, next_attempt_at = NULL, failed_at = NULL, ${FORGET_SECRETS}
        WHERE id = $1 AND status <> 'sent'`,
      [id, ...forgetSecretsParams(kind)],
    );
    return count === 1;
  }

  /** Replaces a sent e-mail's bodies by `note` (a secret-bearing kind: the token is gone from the record). */
  async redactBody(manager: EntityManager, id: string, note: string): Promise<void> {
    await manager.query(`UPDATE ${this.table} SET html = $2, text = $2 WHERE id = $1`, [id, note]);
  }

  /** A dead-lettered e-mail's secrets forgotten (FORGET_SECRETS), as a sent one's are by markSent. */
  async forgetSecrets(manager: EntityManager, id: string, kind: OutboxEmailKind): Promise<void> {
    await manager.query(`UPDATE ${this.table} SET ${FORGET_SECRETS} WHERE id = $1`, [id, ...forgetSecretsParams(kind)]);
  }

  /**
   * Redacts secret-bearing e-mails that were never sent and whose secret has expired anyway (a dead
   * letter, an address that kept failing): the clean-up job's part. Returns how many.
   */
  async redactUnsent(kind: OutboxEmailKind, olderThanMs: number): Promise<number> {
    const note = REDACTED_AFTER_SENDING.get(kind);
    if (!note) return 0;
    const [, count] = (await this.dataSource.query(
      `UPDATE ${this.table} SET html = $3, text = $3
        WHERE kind = $1 AND status <> 'sent' AND created_at <= now() - $2 * interval '1 millisecond' AND text <> $3`,
      [kind, olderThanMs, note],
    )) as [unknown, number];
    return count;
  }

  /**
   * Records a failed attempt, in one transaction with the row locked: `decide` gets the row's retry
   * budget (this is its `retry`-th failure, `elapsedMs` after the budget's first one) and answers a
   * retry, for which the next job is queued to start after the wait, or a dead letter (status
   * 'failed', `failed_at`). `expectedAttempts` (the job's `attempts`): a row that moved on meanwhile
   * is left alone ('stale'), so an old job run twice never forks a second chain of retries.
   */
  async recordFailedAttempt(
    email: Pick<OutboxEmail, 'id' | 'kind' | 'dedupeKey'>,
    expectedAttempts: number,
    decide: (budget: RetryBudget) => RetryDecision,
  ): Promise<FailedAttempt> {
    return this.dataSource.transaction(async (manager) => {
      const [row]: BudgetRow[] = await manager.query(
        `SELECT id, kind, dedupe_key, status, attempts, retry_count, ${ELAPSED_MS} AS elapsed_ms
           FROM ${this.table} WHERE id = $1 FOR UPDATE`,
        [email.id],
      );
      if (!row || row.status === 'sent' || row.attempts !== expectedAttempts) return { outcome: 'stale' };
      return this.failAttempt(manager, row, decide);
    });
  }

  /**
   * Rows still queued whose delivery job will never run them: the job failed without recording an
   * attempt (its process died and it expired, or the database was away for the whole attempt), or it
   * is gone. Each counts as a failed attempt (`decide` gets the job's error): the next job is queued on
   * the row's own schedule, or the row is parked. The only way a row's work comes back after its job
   * failed, since the e-mail queue has no retries or dead letters of pg-boss's. SKIP LOCKED: replicas
   * sweeping at once take each row once.
   */
  async redriveLostJobs(decide: (budget: RetryBudget & { jobError: string }) => RetryDecision, batch = 100): Promise<(FailedAttempt & { id: string })[]> {
    return this.dataSource.transaction(async (manager) => {
      const rows: (BudgetRow & { job_state: string | null; job_output: unknown })[] = await manager.query(
        `SELECT o.id, o.kind, o.dedupe_key, o.status, o.attempts, o.retry_count, ${ELAPSED_MS} AS elapsed_ms,
                j.state AS job_state, j.output AS job_output
           FROM ${this.table} o
           LEFT JOIN ${this.jobs.schema}.job j ON j.name = $1 AND j.id = o.job_id
          WHERE o.status = 'queued' AND (j.id IS NULL OR j.state IN ('completed', 'cancelled', 'failed'))
          ORDER BY o.created_at
          LIMIT $2
            FOR UPDATE OF o SKIP LOCKED`,
        [EMAIL_QUEUE, batch],
      );
      const outcomes: (FailedAttempt & { id: string })[] = [];
      for (const row of rows) {
        const jobError = lostJobReason(row.job_state, row.job_output);
        outcomes.push({ id: row.id, ...(await this.failAttempt(manager, row, (budget) => decide({ ...budget, jobError }))) });
      }
      return outcomes;
    });
  }

  /** Counts one failed attempt on a locked row and queues its next job or parks it, as `decide` says. */
  private async failAttempt(manager: EntityManager, row: BudgetRow, decide: (budget: RetryBudget) => RetryDecision): Promise<FailedAttempt> {
    const attempts = row.attempts + 1;
    const retry = row.retry_count + 1;
    const decision = decide({ retry, elapsedMs: row.elapsed_ms });
    if ('deadLetter' in decision) {
      await manager.query(
        `UPDATE ${this.table}
            SET status = 'failed', attempts = $2, retry_count = $3, retrying_since = COALESCE(retrying_since, now()),
                last_error = $4, next_attempt_at = NULL, failed_at = now()
          WHERE id = $1`,
        [row.id, attempts, retry, decision.deadLetter.slice(0, 2000)],
      );
      await this.forgetSecrets(manager, row.id, row.kind);
      return { outcome: 'dead-letter', attempts };
    }
    const retryInSeconds = Math.max(1, Math.ceil(decision.retryInSeconds));
    await manager.query(
      `UPDATE ${this.table}
          SET status = 'queued', attempts = $2, retry_count = $3, retrying_since = COALESCE(retrying_since, now()),
              last_error = $4, next_attempt_at = now() + $5 * interval '1 second'
        WHERE id = $1`,
      [row.id, attempts, retry, decision.error.slice(0, 2000), retryInSeconds],
    );
    const jobId = await this.queueJob(manager, { id: row.id, kind: row.kind, dedupeKey: row.dedupe_key, attempts }, { startAfterSeconds: retryInSeconds });
    return { outcome: 'retry', attempts, retryInSeconds, jobId };
  }

  /** The parked e-mails (status 'failed'), longest parked first. */
  deadLetters(): Promise<DeadLetterEmail[]> {
    return listDeadLetterEmails(this.dataSource);
  }

  /**
   * Puts parked e-mails back in the queue with a fresh retry budget: each in its own transaction, only
   * while it is still 'failed' (two resends at once: one of them queues it, the other finds nothing), with
   * a job due now. `ids` or every dead letter; answers the ones re-queued (with their jobs) and the ids
   * that were not dead letters (unknown, sent, queued, or re-sent by someone else just now).
   */
  async resend(ids: readonly string[] | 'all'): Promise<{ resent: { id: string; jobId: string | null }[]; notDeadLetters: string[] }> {
    const targets =
      ids === 'all'
        ? ((await this.dataSource.query(`SELECT id FROM ${this.table} WHERE status = 'failed' ORDER BY failed_at NULLS FIRST, created_at, id`)) as { id: string }[]).map(
            (row) => row.id,
          )
        : [...new Set(ids)];
    const resent: { id: string; jobId: string | null }[] = [];
    const notDeadLetters: string[] = [];
    for (const id of targets) {
      const jobId = await this.dataSource.transaction((manager) => this.resendIn(manager, id));
      if (jobId === undefined) notDeadLetters.push(id);
      else resent.push({ id, jobId });
    }
    return { resent, notDeadLetters };
  }

  /**
   * Puts one parked e-mail back in the queue through the caller's transaction (the back office's
   * audited write): its job (answered), or undefined when `id` is no dead letter (not an id, unknown,
   * sent, queued, or re-sent just now).
   */
  async resendIn(manager: EntityManager, id: string): Promise<string | null | undefined> {
    if (!isUuid(id)) return undefined;
    const [rows] = (await manager.query(
      `UPDATE ${this.table}
          SET status = 'queued', retry_count = 0, retrying_since = NULL, next_attempt_at = NULL, failed_at = NULL
        WHERE id = $1 AND status = 'failed'
        RETURNING id, kind, dedupe_key, attempts`,
      [id],
    )) as [{ id: string; kind: OutboxEmailKind; dedupe_key: string; attempts: number }[], number];
    const row = rows[0];
    if (!row) return undefined;
    return this.queueJob(manager, { id: row.id, kind: row.kind, dedupeKey: row.dedupe_key, attempts: row.attempts });
  }
}

/** The parked e-mails (status 'failed'), longest parked first: no job runner needed (the back office's list). */
export async function listDeadLetterEmails(dataSource: DataSource): Promise<DeadLetterEmail[]> {
  const table = dataSource.getMetadata(EmailOutboxEntity).tablePath;
  const rows: {
    id: string;
    kind: OutboxEmailKind;
    order_id: string | null;
    recipient: string;
    cc: string[];
    subject: string;
    attempts: number;
    last_error: string | null;
    failed_at: Date | null;
    created_at: Date;
    message_id: string | null;
  }[] = await dataSource.query(
    `SELECT id, kind, order_id, recipient, cc, subject, attempts, last_error, failed_at, created_at, message_id
       FROM ${table} WHERE status = 'failed'
      ORDER BY failed_at NULLS FIRST, created_at, id`,
  );
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    orderId: row.order_id,
    recipient: row.recipient,
    cc: row.cc,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    failedAt: row.failed_at,
    createdAt: row.created_at,
    messageId: row.message_id,
  }));
}
