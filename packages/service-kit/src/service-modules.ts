import { type DynamicModule, type Type } from '@nestjs/common';
import { createDatabaseModule, type DatabaseModuleOptions } from './database.js';
import { HealthModule } from './health.js';
import { createHousekeepingModule, withHousekeeping, type HousekeepingJobs, type HousekeepingModuleOptions } from './housekeeping/housekeeping.js';
import { DeadLettersModule } from './jobs/dead-letters.controller.js';
import { createJobsModule } from './jobs/jobs.module.js';
import type { JobPayloads, JobsSettings } from './jobs/queue-settings.js';
import { MetricsModule } from './metrics/service-metrics.js';
import { createRateLimitModule } from './rate-limit.js';

export interface ServiceModulesOptions<Q> {
  /** The service's schema, entities and migrations; `service` also names it on /health. */
  database: DatabaseModuleOptions & { service: string };
  /**
   * The service's job runner (pg-boss in `schema`, e.g. "orders_jobs") with its queues. Housekeeping's
   * queue is added to them, and with it come housekeeping (what expires), the write rate limit, whose
   * counters housekeeping deletes, and the back office's dead-letter routes (GET
   * /internal/jobs/dead-letters, POST /internal/jobs/dead-letters/:id/retry; the route table's
   * `jobRoutes` entries of `database.service`).
   */
  jobs?: { schema: string; settings: () => JobsSettings<Q> };
  /** What housekeeping deletes beside the rate limit's counters (only with `jobs`). */
  housekeeping?: HousekeepingModuleOptions;
  /** GET /metrics (request and job metrics); a service adds its own by injecting ServiceMetrics. */
  metrics?: boolean;
}

/**
 * What every service's root module imports, in the order they depend on each other: the database
 * (TypeORM, migrations), the job runner with housekeeping, its dead letters' internal routes and the
 * write rate limit, health and readiness, and metrics. Spread into the module's imports beside its feature modules:
 *
 * ```ts
 * imports: [...createServiceModules<OrdersJobs>({ database: ORDERS_DATABASE, jobs: { schema, settings }, metrics: true }), EmailModule]
 * ```
 *
 * A list rather than one wrapping module, so what these export (ServiceMetrics, the lifecycle) stays
 * visible to the root module's own providers.
 */
export function createServiceModules<Q extends JobPayloads<Q>>(options: ServiceModulesOptions<Q>): Array<DynamicModule | Type> {
  const { database, jobs } = options;
  return [
    createDatabaseModule(database),
    ...(jobs
      ? [
          createJobsModule<Q & HousekeepingJobs>({ schema: jobs.schema, settings: () => withHousekeeping(jobs.settings()) }),
          createHousekeepingModule(options.housekeeping),
          DeadLettersModule.register(database.service),
        ]
      : []),
    HealthModule.register({ service: database.service }),
    ...(jobs ? [createRateLimitModule()] : []),
    ...(options.metrics ? [MetricsModule] : []),
  ];
}
