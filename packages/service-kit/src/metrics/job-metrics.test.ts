import { Registry } from 'prom-client';
import type { QueueStats } from '../jobs/job-runner.js';
import { registerJobMetrics } from './job-metrics.js';

const STATS: QueueStats[] = [
  { queue: 'email', waiting: 3, active: 1, deadLetters: 2 },
  { queue: 'account-cleanup', waiting: 0, active: 0, deadLetters: 0 },
];

describe('job metrics', () => {
  it('reports each queue on scrape, with one query for every gauge', async () => {
    const registry = new Registry();
    const queueStats = jest.fn(async () => STATS);
    registerJobMetrics(registry, { queueStats });
    const text = await registry.metrics();
    expect(queueStats).toHaveBeenCalledTimes(1);
    expect(text).toContain('storefront_job_queue_depth{queue="email"} 3');
    expect(text).toContain('storefront_job_queue_active{queue="email"} 1');
    expect(text).toContain('storefront_job_dead_letters{queue="email"} 2');
    expect(text).toContain('storefront_job_queue_depth{queue="account-cleanup"} 0');
    expect(text).toContain('storefront_job_stats_up 1');
    await registry.metrics();
    expect(queueStats).toHaveBeenCalledTimes(2); // every scrape asks again
  });

  it('leaves the queues out, rather than stale, when the job tables do not answer in time', async () => {
    const registry = new Registry();
    let slow = false;
    registerJobMetrics(registry, { queueStats: () => (slow ? new Promise<QueueStats[]>(() => undefined) : Promise.resolve(STATS)) }, 20);
    expect(await registry.metrics()).toContain('storefront_job_queue_depth{queue="email"} 3');
    slow = true;
    const text = await registry.metrics();
    expect(text).not.toContain('storefront_job_queue_depth{');
    expect(text).toContain('storefront_job_stats_up 0');
  });

  it('reports a failed query as down', async () => {
    const registry = new Registry();
    registerJobMetrics(registry, { queueStats: () => Promise.reject(new Error('connection refused')) });
    expect(await registry.metrics()).toContain('storefront_job_stats_up 0');
  });
});
