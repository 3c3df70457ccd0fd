import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PaymentResultReport } from '@storefront/contracts';
import { JobRunner } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { OrdersClient } from '../payments/orders-client.js';
import { PAYMENT_REPORT_QUEUE, type PaymentJobsConfig, type PaymentsJobs } from './payment-jobs.js';

export const PAYMENT_JOBS_CONFIG = Symbol('PAYMENT_JOBS_CONFIG');

interface UnreportedRow {
  id: string;
  order_id: string;
  report: PaymentResultReport;
}

/**
 * Gets every verified payment result to the orders service, whose order process decides what it
 * means for the order. The report is stored on the attempt and its job queued in the same
 * transaction (so a stored result always has its delivery coming); the first delivery is tried at
 * once, inline, and the job (run `reportDelaySeconds` later, then retried with backoff until it
 * lands in the dead letters) delivers it only if that did not work. The orders service applies a
 * report once per attempt and status, so a delivery racing another replica's is harmless.
 */
@Injectable()
export class PaymentReports implements OnApplicationBootstrap {
  private readonly logger = new Logger('payment-reports');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly orders: OrdersClient,
    private readonly jobs: JobRunner<PaymentsJobs>,
    @Inject(PAYMENT_JOBS_CONFIG) private readonly config: PaymentJobsConfig,
  ) {
    jobs.handle(PAYMENT_REPORT_QUEUE, async ({ attemptId }) => {
      await this.deliver(attemptId);
    });
  }

  /** Queues the delivery of the report `manager`'s transaction stores on the attempt (one queued job per attempt). */
  async queue(manager: EntityManager, attemptId: string): Promise<void> {
    await this.jobs.enqueue(manager, PAYMENT_REPORT_QUEUE, { attemptId }, { singletonKey: attemptId, startAfter: this.config.reportDelaySeconds });
  }

  /**
   * Reports stored before their jobs existed (the interval worker this replaced) get one now; for
   * the others the queue's policy keeps the one they have.
   */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.jobs.workersEnabled) return;
    const rows = (await this.db.query('SELECT id FROM payment_attempt WHERE report IS NOT NULL AND reported_at IS NULL ORDER BY updated_at LIMIT 1000')) as { id: string }[];
    for (const { id } of rows) await this.jobs.enqueueNow(PAYMENT_REPORT_QUEUE, { attemptId: id }, { singletonKey: id });
    if (rows.length > 0) this.logger.log(`${rows.length} unreported payment result(s) queued for delivery`, { event: 'payments.reports-adopted', count: rows.length });
  }

  /** The inline first try: true when the orders service took the report (else its job retries). */
  async reportNow(attemptId: string): Promise<boolean> {
    try {
      await this.deliver(attemptId);
      return true;
    } catch (error) {
      this.logger.warn(`Payment result not accepted by orders yet; its job retries: ${error instanceof Error ? error.message : String(error)}`, {
        event: 'payments.report-deferred',
        attemptId,
      });
      return false;
    }
  }

  /** Sends the attempt's report unless the orders service already has it; throws when it was not accepted. */
  async deliver(attemptId: string): Promise<void> {
    const [row] = (await this.db.query('SELECT id, order_id, report FROM payment_attempt WHERE id = $1 AND report IS NOT NULL AND reported_at IS NULL', [
      attemptId,
    ])) as UnreportedRow[];
    if (!row) return;
    await this.orders.reportPaymentResult(row.order_id, row.report);
    // Only this report is marked: a newer one stored meanwhile (verify after 3-D Secure) still has to go out.
    await this.db.query('UPDATE payment_attempt SET reported_at = now() WHERE id = $1 AND report = $2::jsonb', [row.id, JSON.stringify(row.report)]);
    this.logger.log('Payment result reported to orders', { event: 'payments.reported', attemptId: row.id, orderId: row.order_id, status: row.report.status });
  }
}
