import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Housekeeping, integer, readEnvConfig, type HousekeepingTask } from '@storefront/service-kit';
import { DataSource } from 'typeorm';

export interface RetentionConfig {
  /** sent and dead-lettered e-mails are kept this many days after they were queued */
  outboxDays: number;
  /** the development mailbox's copies are kept this many days */
  mailboxDays: number;
}

/**
 * EMAIL_OUTBOX_RETENTION_DAYS (default 180, 30..3650): long enough to answer "did the customer get
 * their confirmation?" for a season, and past any retry or resend of the e-mail. An outbox row is
 * also what keeps an e-mail once-only (its dedupe key), so the bound is far beyond any repeat of the
 * payment report that queues it. MAILBOX_RETENTION_DAYS (default 7, 1..365): the development mailbox
 * is read the day it is written.
 */
export function readRetentionConfig(env: Record<string, string | undefined> = process.env): RetentionConfig {
  return readEnvConfig(
    {
      outboxDays: integer('EMAIL_OUTBOX_RETENTION_DAYS', 180, 30, 3650),
      mailboxDays: integer('MAILBOX_RETENTION_DAYS', 7, 1, 365),
    },
    env,
  );
}

/** How many rows a DELETE through `dataSource.query` removed (TypeORM answers `[rows, rowCount]`). */
function deleted(result: unknown): number {
  return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
}

/**
 * What the orders service deletes on the housekeeping schedule beside the kit's own tasks: sent and
 * dead-lettered e-mails older than the bound (their bearer links were removed when they were sent or
 * parked; a queued one is never deleted), the development mailbox's old copies, and order view
 * tokens past their expiry (they open nothing any more). Batched, so no statement holds many locks.
 */
@Injectable()
export class RetentionTasks {
  private readonly config = readRetentionConfig();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    housekeeping: Housekeeping,
  ) {
    for (const task of this.tasks()) housekeeping.add(task);
  }

  tasks(): HousekeepingTask[] {
    return [
      {
        name: 'email-outbox',
        run: (signal) =>
          this.inBatches(
            `DELETE FROM email_outbox WHERE id IN (
               SELECT id FROM email_outbox WHERE status IN ('sent', 'failed') AND created_at < now() - $1::integer * interval '1 day' LIMIT 5000)`,
            [this.config.outboxDays],
            signal,
          ),
      },
      {
        name: 'mailbox-messages',
        run: (signal) =>
          this.inBatches(
            `DELETE FROM mailbox_message WHERE id IN (SELECT id FROM mailbox_message WHERE sent_at < now() - $1::integer * interval '1 day' LIMIT 5000)`,
            [this.config.mailboxDays],
            signal,
          ),
      },
      {
        name: 'order-view-tokens',
        run: (signal) =>
          this.inBatches(
            `DELETE FROM order_view_token WHERE token_hash IN (SELECT token_hash FROM order_view_token WHERE expires_at < now() LIMIT 5000)`,
            [],
            signal,
          ),
      },
    ];
  }

  private async inBatches(statement: string, parameters: unknown[], signal: AbortSignal): Promise<number> {
    let removed = 0;
    for (;;) {
      signal.throwIfAborted();
      const count = deleted(await this.dataSource.query(statement, parameters));
      removed += count;
      if (count < 5000) return removed;
    }
  }
}
