import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { OrderEmailType } from '@storefront/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { EmailOutboxEntity, type OutboxEmailKind } from './email-outbox.entity.js';

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

/** A row a worker has claimed: `attempts` (counted at the claim) fences the worker's later updates. */
export type ClaimedEmail = Pick<EmailOutboxEntity, 'id' | 'orderId' | 'kind' | 'recipient' | 'cc' | 'subject' | 'html' | 'text' | 'attempts'>;

/** The dedupe key of an order e-mail: one of each kind per order, however often it is asked for. */
export function orderEmailKey(kind: OrderEmailType, orderId: string): string {
  return `${kind}:${orderId}`;
}

/**
 * The outbox table's queries. Rows are claimed with FOR UPDATE SKIP LOCKED, so several replicas can
 * run workers at once and never pick the same row; a claim is a lease (locked_until), so the rows of
 * a worker that died come back when it runs out.
 */
@Injectable()
export class EmailOutbox {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get table(): string {
    return this.dataSource.getMetadata(EmailOutboxEntity).tablePath;
  }

  /**
   * Inserts the e-mails through `manager` (the caller's transaction); one whose dedupe key is already
   * there is left alone. Returns the dedupe keys that were newly queued.
   */
  async enqueue(manager: EntityManager, emails: readonly QueuedEmail[]): Promise<string[]> {
    const queued: string[] = [];
    for (const email of emails) {
      const rows: { dedupe_key: string }[] = await manager.query(
        `INSERT INTO ${this.table} (order_id, kind, dedupe_key, recipient, cc, subject, html, text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (dedupe_key) DO NOTHING
         RETURNING dedupe_key`,
        [email.orderId, email.kind, email.dedupeKey, email.recipient, email.cc, email.subject, email.html, email.text],
      );
      if (rows.length > 0) queued.push(email.dedupeKey);
    }
    return queued;
  }

  /**
   * The next due row, marked 'sending' for `leaseMs`, or null when nothing is due. `skipIds`: rows
   * this pass already tried, so a quick failure is not retried within the same pass.
   */
  async claimNext(leaseMs: number, maxAttempts: number, skipIds: readonly string[] = []): Promise<ClaimedEmail | null> {
    const [rows]: [Record<string, unknown>[], number] = await this.dataSource.query(
      `UPDATE ${this.table} AS outbox
          SET status = 'sending', attempts = outbox.attempts + 1, locked_until = now() + $1 * interval '1 millisecond'
        WHERE outbox.id = (
          SELECT id FROM ${this.table}
           WHERE attempts < $2
             AND id <> ALL($3::uuid[])
             AND ((status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND locked_until <= now()))
           ORDER BY next_attempt_at, created_at
           LIMIT 1
           FOR UPDATE SKIP LOCKED)
        RETURNING outbox.id, outbox.order_id, outbox.kind, outbox.recipient, outbox.cc, outbox.subject, outbox.html, outbox.text, outbox.attempts`,
      [leaseMs, maxAttempts, skipIds],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id as string,
      orderId: (row.order_id as string | null) ?? null,
      kind: row.kind as OutboxEmailKind,
      recipient: row.recipient as string,
      cc: (row.cc as string[] | null) ?? [],
      subject: row.subject as string,
      html: row.html as string,
      text: row.text as string,
      attempts: row.attempts as number,
    };
  }

  /**
   * Rows whose worker died during their last allowed attempt: 'failed' (nothing would ever claim
   * them again). Returns their ids for the log.
   */
  async failAbandoned(maxAttempts: number): Promise<{ id: string; kind: string; order_id: string | null }[]> {
    const [rows] = await this.dataSource.query(
      `UPDATE ${this.table}
          SET status = 'failed', locked_until = NULL,
              last_error = coalesce(last_error || '; ', '') || 'the worker stopped during the last attempt'
        WHERE status = 'sending' AND locked_until <= now() AND attempts >= $1
        RETURNING id, kind, order_id`,
      [maxAttempts],
    );
    return rows;
  }

  /** Marks the claimed row sent; false when the claim was lost (the lease ran out and another worker took it). */
  async markSent(manager: EntityManager, email: ClaimedEmail): Promise<boolean> {
    const [, count]: [unknown, number] = await manager.query(
      `UPDATE ${this.table}
          SET status = 'sent', sent_at = now(), locked_until = NULL, last_error = NULL
        WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [email.id, email.attempts],
    );
    return count === 1;
  }

  /** After a failed attempt: back to 'queued' until `retryAt`, or 'failed' for good. */
  async markAttemptFailed(email: ClaimedEmail, error: string, retryInMs: number, final: boolean): Promise<void> {
    await this.dataSource.query(
      `UPDATE ${this.table}
          SET status = $3, next_attempt_at = now() + $4 * interval '1 millisecond', locked_until = NULL, last_error = $5
        WHERE id = $1 AND status = 'sending' AND attempts = $2`,
      [email.id, email.attempts, final ? 'failed' : 'queued', retryInMs, error.slice(0, 2000)],
    );
  }
}
