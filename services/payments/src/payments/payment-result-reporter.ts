import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PaymentResultReport } from '@storefront/contracts';
import { retryDelayMs } from '@storefront/service-kit';
import { DataSource } from 'typeorm';
import { OrdersClient } from './orders-client.js';

export const REPORTER_OPTIONS = Symbol('REPORTER_OPTIONS');

export interface ReporterOptions {
  /** how often the worker looks for unreported results (and the first retry delay) */
  intervalMs: number;
  /** the longest wait between two tries for one attempt */
  maxBackoffMs: number;
}

interface UnreportedRow {
  id: string;
  order_id: string;
  report: PaymentResultReport;
  report_tries: number;
}

/**
 * Gets every verified payment result to the orders service. The first try happens inline; when the
 * orders service is down, the attempt stays unreported (reported_at null) and a small interval
 * worker retries with exponential backoff until it is accepted. Reports are idempotent per
 * attemptId on the orders side, so a retry racing another replica is harmless.
 */
@Injectable()
export class PaymentResultReporter implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('payment-results');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = false;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrdersClient,
    @Inject(REPORTER_OPTIONS) private readonly options: ReporterOptions,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(() => {
      if (!this.running) this.running = this.retryDue().finally(() => (this.running = undefined));
    }, this.options.intervalMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  /** Tries to report one attempt now; a failure only schedules the retry. */
  async reportNow(attemptId: string): Promise<boolean> {
    const [row] = (await this.db.query(
      'SELECT id, order_id, report, report_tries FROM payment_attempt WHERE id = $1 AND report IS NOT NULL AND reported_at IS NULL',
      [attemptId],
    )) as UnreportedRow[];
    return row ? this.send(row) : true;
  }

  /** One pass of the worker: claims due rows (SKIP LOCKED, so replicas split them) and sends them. */
  async retryDue(): Promise<void> {
    const leaseSeconds = Math.max(5, Math.ceil((this.options.intervalMs * 4) / 1000));
    const rows = (await this.db
      .query(
        `UPDATE payment_attempt SET next_report_at = now() + make_interval(secs => $1)
          WHERE id IN (SELECT id FROM payment_attempt
                        WHERE report IS NOT NULL AND reported_at IS NULL AND (next_report_at IS NULL OR next_report_at <= now())
                        ORDER BY next_report_at NULLS FIRST LIMIT 20 FOR UPDATE SKIP LOCKED)
          RETURNING id, order_id, report, report_tries`,
        [leaseSeconds],
      )
      .catch((error: Error) => {
        this.logger.warn(`Could not look for unreported payment results: ${error.message}`);
        return [[]];
      })) as [UnreportedRow[], number] | [UnreportedRow[]];
    for (const row of rows[0] ?? []) {
      if (this.stopped) return;
      await this.send(row);
    }
  }

  private async send(row: UnreportedRow): Promise<boolean> {
    try {
      await this.orders.reportPaymentResult(row.order_id, row.report);
    } catch (error) {
      const tries = row.report_tries + 1;
      const delayMs = retryDelayMs(tries, this.options.intervalMs, this.options.maxBackoffMs);
      this.logger.warn(`Payment result not accepted by orders yet; retrying in ${delayMs} ms`, {
        attemptId: row.id,
        orderId: row.order_id,
        tries,
        reason: error instanceof Error ? error.message : String(error),
      });
      await this.db
        .query(
          'UPDATE payment_attempt SET report_tries = $2, next_report_at = now() + make_interval(secs => $3) WHERE id = $1 AND reported_at IS NULL',
          [row.id, tries, delayMs / 1000],
        )
        .catch(() => undefined);
      return false;
    }
    // Only this report is marked: a newer one (verify after 3-D Secure) still has to go out.
    await this.db.query('UPDATE payment_attempt SET reported_at = now() WHERE id = $1 AND report = $2::jsonb', [
      row.id,
      JSON.stringify(row.report),
    ]);
    this.logger.log('Payment result reported to orders', { attemptId: row.id, orderId: row.order_id, status: row.report.status });
    return true;
  }
}
