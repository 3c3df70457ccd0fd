import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrderEmailType } from '@storefront/contracts';
import { JobRunner } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { EmailOutboxEntity, REDACTED_AFTER_SENDING, type OutboxEmailKind } from './email-outbox.entity.js';
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
export type OutboxEmail = Pick<EmailOutboxEntity, 'id' | 'orderId' | 'kind' | 'dedupeKey' | 'recipient' | 'cc' | 'subject' | 'html' | 'text' | 'status' | 'attempts'>;

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
 * for good, and its status is the record of what was sent. Claiming, retries and backoff are the
 * job runner's.
 */
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
      const rows: { id: string }[] = await manager.query(
        `INSERT INTO ${this.table} (order_id, kind, dedupe_key, recipient, cc, subject, html, text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING id`,
        [email.orderId, email.kind, email.dedupeKey, email.recipient, email.cc, email.subject, email.html, email.text],
      );
      const row = rows[0];
      if (!row) continue;
      await this.queueJob(manager, { id: row.id, kind: email.kind, dedupeKey: email.dedupeKey });
      queued.push(email.dedupeKey);
    }
    return queued;
  }

  private async queueJob(manager: EntityManager, email: { id: string; kind: OutboxEmailKind; dedupeKey: string }): Promise<void> {
    const jobId = await this.jobs.enqueue(manager, EMAIL_QUEUE, { emailId: email.id, kind: email.kind, dedupeKey: email.dedupeKey });
    await manager.query(`UPDATE ${this.table} SET job_id = $2 WHERE id = $1`, [email.id, jobId]);
  }

  /**
   * Gives a delivery job to queued rows that have none (written before the outbox ran on the job
   * runner). SKIP LOCKED: replicas starting together adopt each row once. Returns how many.
   */
  async adoptUnqueued(batch = 100): Promise<number> {
    let adopted = 0;
    for (;;) {
      const count = await this.dataSource.transaction(async (manager) => {
        const rows: { id: string; kind: OutboxEmailKind; dedupe_key: string }[] = await manager.query(
          `SELECT id, kind, dedupe_key FROM ${this.table}
            WHERE job_id IS NULL AND status = 'queued'
            ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED`,
          [batch],
        );
        for (const row of rows) await this.queueJob(manager, { id: row.id, kind: row.kind, dedupeKey: row.dedupe_key });
        return rows.length;
      });
      adopted += count;
      if (count < batch) return adopted;
    }
  }

  async find(id: string): Promise<OutboxEmail | null> {
    const row = await this.dataSource.getRepository(EmailOutboxEntity).findOne({
      where: { id },
      select: { id: true, orderId: true, kind: true, dedupeKey: true, recipient: true, cc: true, subject: true, html: true, text: true, status: true, attempts: true },
    });
    return row ?? null;
  }

  /** Marks the row sent through `manager`; false when it already was (another job sent it first). */
  async markSent(manager: EntityManager, id: string): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE ${this.table}
          SET status = 'sent', attempts = attempts + 1, sent_at = now(), last_error = NULL
        WHERE id = $1 AND status <> 'sent'`,
      [id],
    );
    return count === 1;
  }

  /** Replaces a sent e-mail's bodies by `note` (a secret-bearing kind: the token is gone from the record). */
  async redactBody(manager: EntityManager, id: string, note: string): Promise<void> {
    await manager.query(`UPDATE ${this.table} SET html = $2, text = $2 WHERE id = $1`, [id, note]);
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

  /** Records a failed attempt: still 'queued' while its job has retries left, else 'failed' (a dead letter). */
  async markAttemptFailed(id: string, error: string, final: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.table}
          SET status = $2, attempts = attempts + 1, last_error = $3
        WHERE id = $1 AND status <> 'sent'`,
      [id, final ? 'failed' : 'queued', error.slice(0, 2000)],
    );
  }
}
