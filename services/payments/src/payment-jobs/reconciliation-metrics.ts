import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobRunner, ServiceMetrics, withinMs } from '@storefront/service-kit';
import { DataSource } from 'typeorm';
import { OPEN_ATTEMPT_STATUSES } from '../payment-attempts/payment-attempt.entity.js';
import { RECONCILIATION_QUEUE, type PaymentJobsConfig, type PaymentsJobs } from './payment-jobs.js';
import { PAYMENT_JOBS_CONFIG } from './payment-reports.js';

/** How long a scrape waits for these numbers before leaving them out. */
export const RECONCILIATION_METRICS_TIMEOUT_MS = 1000;

/** What one scrape reads. */
export interface ReconciliationStats {
  /** seconds since a reconciliation sweep last completed; null when none is on record (pg-boss keeps completed jobs ~12 h) */
  sinceLastSweepSeconds: number | null;
  /** open attempts quiet for longer than the quiet time: what the next sweep asks the gateways about */
  dueAttempts: number;
  /** seconds since the longest-quiet open attempt last changed (0 with none open) */
  oldestOpenSeconds: number;
}

/** The open statuses as SQL literals: the same list as the partial index payment_attempt_open_idx, so the count uses it. */
const OPEN = `(${OPEN_ATTEMPT_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/**
 * The reconciliation sweep on /metrics, read on scrape (one query, bounded), never per request:
 * `storefront_payments_reconciliation_lag_seconds` (since the last completed sweep: it grows without bound
 * when the sweep stops running), `storefront_payments_reconciliation_due_attempts` and
 * `storefront_payments_open_attempt_oldest_seconds` (attempts the sweep has not settled yet).
 */
@Injectable()
export class ReconciliationMetrics {
  private pending: Promise<ReconciliationStats | undefined> | undefined;

  constructor(
    metrics: ServiceMetrics,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobRunner<PaymentsJobs>,
    @Inject(PAYMENT_JOBS_CONFIG) private readonly config: PaymentJobsConfig,
  ) {
    const stats = (): Promise<ReconciliationStats | undefined> => {
      this.pending ??= withinMs(this.read(), RECONCILIATION_METRICS_TIMEOUT_MS)
        .catch(() => undefined)
        .finally(() => {
          this.pending = undefined;
        });
      return this.pending;
    };
    const gauge = (name: string, help: string, value: (read: ReconciliationStats) => number | null): void =>
      metrics.gauge(name, help, async () => {
        const read = await stats();
        return read ? value(read) : null;
      });
    gauge('storefront_payments_reconciliation_lag_seconds', 'Seconds since the reconciliation sweep last completed.', (read) => read.sinceLastSweepSeconds);
    gauge('storefront_payments_reconciliation_due_attempts', 'Open payment attempts quiet longer than PAYMENTS_RECONCILE_QUIET_SECONDS, for the next sweep.', (read) => read.dueAttempts);
    gauge('storefront_payments_open_attempt_oldest_seconds', 'Seconds since the longest-quiet open payment attempt last changed.', (read) => read.oldestOpenSeconds);
  }

  /** The numbers, in one statement over the attempts and the job runner's tables. */
  async read(): Promise<ReconciliationStats> {
    const [row] = (await this.dataSource.query(
      `SELECT (SELECT EXTRACT(EPOCH FROM now() - max(completed_on))::float8 FROM ${this.jobs.schema}.job WHERE name = $1 AND state = 'completed') AS since_sweep,
              count(*) FILTER (WHERE updated_at < now() - make_interval(secs => $2))::int AS due,
              COALESCE(EXTRACT(EPOCH FROM now() - min(updated_at)), 0)::float8 AS oldest
         FROM payment_attempt
        WHERE status IN ${OPEN}`,
      [RECONCILIATION_QUEUE, this.config.reconcileQuietSeconds],
    )) as { since_sweep: number | null; due: number; oldest: number }[];
    return { sinceLastSweepSeconds: row?.since_sweep ?? null, dueAttempts: row?.due ?? 0, oldestOpenSeconds: row?.oldest ?? 0 };
  }
}
