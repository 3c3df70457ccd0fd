import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Housekeeping } from '@storefront/service-kit';
import { DataSource } from 'typeorm';

/**
 * How long a webhook event id is kept: it only stops the provider's retries of one event being
 * applied twice, and providers give up retrying within days (Stripe 3, PayPal about 3), so a month
 * is a wide margin and the table stays small.
 */
export const WEBHOOK_EVENT_RETENTION_DAYS = 30;
/**
 * How long a sandbox intent (a test card payment or PayPal order, no money) is kept after it last
 * changed: long enough to look at a test payment from the order's page, nothing more.
 */
export const SANDBOX_INTENT_RETENTION_DAYS = 30;
/** Rows deleted per statement: a tick never holds a long lock; the next tick takes the rest. */
const BATCH = 5000;

/**
 * The payments service's expiring rows, on service-kit's housekeeping job. Payment attempts are not
 * among them: each is the record of money asked for or taken (amounts, the provider's transaction
 * id, what it answered), which support, refunds, disputes and the books need for years, so they are
 * kept. Report jobs are the job runner's (pg-boss's retention of its queues), not deleted here.
 */
@Injectable()
export class PaymentsHousekeeping {
  constructor(housekeeping: Housekeeping, @InjectDataSource() private readonly dataSource: DataSource) {
    housekeeping.add({ name: 'payment-webhook-events', run: () => this.prune('payment_webhook_event', 'received_at', WEBHOOK_EVENT_RETENTION_DAYS) });
    housekeeping.add({ name: 'sandbox-intents', run: () => this.prune('sandbox_intent', 'updated_at', SANDBOX_INTENT_RETENTION_DAYS) });
  }

  private async prune(table: string, column: string, days: number): Promise<number> {
    // typeorm answers a DELETE on PostgreSQL with [rows, affected count]
    const result: unknown = await this.dataSource.query(
      `DELETE FROM ${table} WHERE ctid IN (SELECT ctid FROM ${table} WHERE ${column} < now() - make_interval(days => $1) LIMIT ${BATCH})`,
      [days],
    );
    return Array.isArray(result) && typeof result[1] === 'number' ? result[1] : 0;
  }
}
