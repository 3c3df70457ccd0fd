import { Gauge, type Registry } from 'prom-client';
import type { QueueStats } from '../jobs/job-runner.js';

/** How long a scrape waits for the job tables before it reports what it has (storefront_job_stats_up 0). */
export const JOB_STATS_TIMEOUT_MS = 1000;

/** What the job metrics read: the service's JobRunner. */
export interface JobStatsSource {
  queueStats(): Promise<QueueStats[]>;
}

/** `work`, or a rejection once `ms` have passed (the query goes on; its answer is dropped). */
export function withinMs<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The job runner's queues on scrape, never per request: `storefront_job_queue_depth{queue}` (jobs waiting: queued
 * or waiting for a retry, due or not), `storefront_job_queue_active{queue}` (running), `storefront_job_dead_letters{queue}`
 * (waiting in its dead-letter queue for `npm run jobs`), and `storefront_job_stats_up` (0 when the job tables
 * did not answer within `timeoutMs`: the three are then left out rather than stale). One query per
 * scrape, shared by the gauges.
 */
export function registerJobMetrics(registry: Registry, source: JobStatsSource, timeoutMs = JOB_STATS_TIMEOUT_MS): void {
  let pending: Promise<QueueStats[] | undefined> | undefined;
  const stats = (): Promise<QueueStats[] | undefined> => {
    pending ??= withinMs(source.queueStats(), timeoutMs)
      .catch(() => undefined)
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };
  const queueGauge = (name: string, help: string, value: (queue: QueueStats) => number): void => {
    new Gauge({
      name,
      help,
      labelNames: ['queue'],
      registers: [registry],
      async collect() {
        const queues = await stats();
        this.reset();
        for (const queue of queues ?? []) this.set({ queue: queue.queue }, value(queue));
      },
    });
  };
  queueGauge('storefront_job_queue_depth', 'Jobs waiting in the queue (queued, or waiting for a retry).', (queue) => queue.waiting);
  queueGauge('storefront_job_queue_active', 'Jobs of the queue being run now.', (queue) => queue.active);
  queueGauge('storefront_job_dead_letters', "Jobs whose last retry failed, waiting in the queue's dead-letter queue.", (queue) => queue.deadLetters);
  new Gauge({
    name: 'storefront_job_stats_up',
    help: 'Whether the job tables answered this scrape in time (1) or not (0).',
    registers: [registry],
    async collect() {
      this.set((await stats()) ? 1 : 0);
    },
  });
}
