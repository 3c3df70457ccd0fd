import type { DynamicModule, Type } from '@nestjs/common';
import { HealthModule } from './health.js';
import { HousekeepingModule } from './housekeeping/housekeeping.js';
import { DeadLettersModule } from './jobs/dead-letters.controller.js';
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
    expect(modules).toHaveLength(7);
    expect(modules).toEqual(expect.arrayContaining([JobsModule, HousekeepingModule, DeadLettersModule, HealthModule, MetricsModule]));
  });

  it("mounts the dead letters' routes for a service the route table gives them (forms, orders, payments), none for another", () => {
    const jobs = { schema: 'x_jobs', settings: () => ({ queues: {} }) };
    const controllersOf = (service: string) =>
      (createServiceModules({ database: { ...database, service }, jobs }).find((entry) => moduleOf(entry) === DeadLettersModule) as DynamicModule).controllers ?? [];
    for (const service of ['forms', 'orders', 'payments']) expect(controllersOf(service)).toHaveLength(1);
    expect(controllersOf('things')).toEqual([]);
  });

  it('names the service on /health', () => {
    const health = createServiceModules({ database }).find((entry) => moduleOf(entry) === HealthModule) as DynamicModule;
    expect(health.providers).toEqual(expect.arrayContaining([expect.objectContaining({ useValue: { service: 'things' } })]));
  });
});
