import type { FactoryProvider } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { createJobsModule } from './jobs.module.js';

/** The JobRunner factory the module registers, called as Nest would with `env`. */
function runnerFrom(env: Record<string, string | undefined>) {
  const provider = createJobsModule({ schema: 'things_jobs', settings: () => ({ queues: { things: { retryLimit: 1, retryDelaySeconds: 15, expireInSeconds: 120 } } }), env }).providers?.[0] as FactoryProvider;
  return provider.useFactory({} as DataSource);
}

describe('createJobsModule', () => {
  const DATABASE_URL = 'postgres://storefront:secret@localhost:5432/storefront';

  it('sizes pg-boss from JOBS_DATABASE_POOL_SIZE', () => {
    // the options pg-boss hands to pg.Pool (the pool itself opens only on start)
    const poolMax = (runner: unknown) => (runner as { boss: { getDb(): { config: { max: number } } } }).boss.getDb().config.max;
    expect(poolMax(runnerFrom({ DATABASE_URL, JOBS_DATABASE_POOL_SIZE: '7' }))).toBe(7);
    expect(poolMax(runnerFrom({ DATABASE_URL }))).toBe(4);
  });

  it('refuses a pool size that is not a whole number from 1 to 50, naming the variable', () => {
    for (const value of ['0', '51', 'four']) expect(() => runnerFrom({ DATABASE_URL, JOBS_DATABASE_POOL_SIZE: value })).toThrow('JOBS_DATABASE_POOL_SIZE');
  });
});
