import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ServiceMetrics, withinMs } from '@storefront/service-kit';
import { DataSource } from 'typeorm';

/** How long a scrape waits for the outbox's numbers before leaving them out. */
export const OUTBOX_METRICS_TIMEOUT_MS = 1000;

/**
 * The e-mail outbox on /metrics, read on scrape (one bounded query), never per request:
 * `storefront_email_outbox_oldest_queued_seconds` (how long the oldest e-mail still queued has
 * waited, 0 with none: it grows when delivery stalls, which the queue depth alone does not show)
 * and `storefront_email_outbox_queued`.
 */
@Injectable()
export class OutboxMetrics {
  private pending: Promise<{ oldest: number; queued: number } | undefined> | undefined;

  constructor(metrics: ServiceMetrics, @InjectDataSource() private readonly dataSource: DataSource) {
    const stats = () => {
      this.pending ??= withinMs(this.read(), OUTBOX_METRICS_TIMEOUT_MS)
        .catch(() => undefined)
        .finally(() => {
          this.pending = undefined;
        });
      return this.pending;
    };
    metrics.gauge('storefront_email_outbox_oldest_queued_seconds', 'Seconds the oldest e-mail still queued for delivery has waited (0 with none queued).', async () => (await stats())?.oldest ?? null);
    metrics.gauge('storefront_email_outbox_queued', 'E-mails queued for delivery, retries included.', async () => (await stats())?.queued ?? null);
  }

  async read(): Promise<{ oldest: number; queued: number }> {
    const [row] = (await this.dataSource.query(
      `SELECT COALESCE(EXTRACT(EPOCH FROM now() - min(created_at)), 0)::float8 AS oldest, count(*)::int AS queued FROM email_outbox WHERE status = 'queued'`,
    )) as { oldest: number; queued: number }[];
    return { oldest: row?.oldest ?? 0, queued: row?.queued ?? 0 };
  }
}
