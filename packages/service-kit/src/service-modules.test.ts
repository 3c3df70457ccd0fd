import type { DynamicModule, Type } from '@nestjs/common';
import { HealthModule } from './health.js';
import { HousekeepingModule } from './housekeeping/housekeeping.js';
import { JobsModule } from './jobs/jobs.module.js';
import { MetricsModule } from './metrics/service-metrics.js';
import { createServiceModules } from './service-modules.js';

const database = { schema: 'things', entities: [], migrations: [], service: 'things' };
const moduleOf = (entry: DynamicModule | Type): Type => ('module' in entry ? entry.module : entry);

describe('createServiceModules', () => {
  it('gives a service without jobs its database and health only', () => {
    const modules = createServiceModules({ database }).map(moduleOf);
    expect(modules).toHaveLength(2);
    expect(modules[1]).toBe(HealthModule);
  });

  it('brings housekeeping and the rate limit with the job runner, and metrics when asked', () => {
    const modules = createServiceModules<{ things: object }>({
      database,
      jobs: { schema: 'things_jobs', settings: () => ({ queues: { things: { retryLimit: 1, retryDelaySeconds: 15, expireInSeconds: 120 } } }) },
      metrics: true,
    }).map(moduleOf);
    expect(modules).toHaveLength(6);
    expect(modules).toEqual(expect.arrayContaining([JobsModule, HousekeepingModule, HealthModule, MetricsModule]));
  });

  it('names the service on /health', () => {
    const health = createServiceModules({ database }).find((entry) => moduleOf(entry) === HealthModule) as DynamicModule;
    expect(health.providers).toEqual(expect.arrayContaining([expect.objectContaining({ useValue: { service: 'things' } })]));
  });
});
