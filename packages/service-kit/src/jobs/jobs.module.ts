import { type DynamicModule, Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DATABASE_TIMEOUT_READERS } from '../database.js';
import { databaseUrl, integer, readEnvConfig } from '../env-config.js';
import { JobRunner, pgBossTimeoutOptions } from './job-runner.js';
import { DEFAULT_JOBS_POOL_SIZE, type JobPayloads, type JobsSettings } from './queue-settings.js';

export interface JobsModuleOptions<Q> {
  /** The service's job schema, `jobsSchemaOf(service)` (e.g. "orders_jobs"): what `npm run jobs` reads. */
  schema: string;
  /**
   * The queues and the workers' settings, read when the app is created (so tests can set the
   * environment first): usually from the service's own environment variables.
   */
  settings: () => JobsSettings<Q>;
  /** Defaults to process.env (DATABASE_URL). */
  env?: Record<string, string | undefined>;
}

/**
 * The service's JobRunner over its database (DATABASE_URL, like createDatabaseModule, which it needs
 * beside it): global, so a feature module injects `JobRunner<ServiceJobs>` without importing this.
 *
 * ```ts
 * createJobsModule<OrdersJobs>({ schema: jobsSchemaOf('orders'), settings: () => ({ queues: { email: { retryLimit: 13, retryDelaySeconds: 15, expireInSeconds: 120 } } }) })
 * ```
 */
export function createJobsModule<Q extends JobPayloads<Q>>(options: JobsModuleOptions<Q>): DynamicModule {
  return {
    module: JobsModule,
    global: true,
    providers: [
      {
        provide: JobRunner,
        inject: [DataSource],
        useFactory: (dataSource: DataSource) => {
          const settings = options.settings();
          // pg-boss's pool per process: each replica opens up to this many connections beside
          // DATABASE_POOL_SIZE, and the connection budget (deploy/k8s) counts both
          const { url, poolSize, ...timeouts } = readEnvConfig(
            {
              url: databaseUrl(),
              poolSize: integer('JOBS_DATABASE_POOL_SIZE', settings.poolSize ?? DEFAULT_JOBS_POOL_SIZE, 1, 50),
              statementTimeoutMs: DATABASE_TIMEOUT_READERS.statementTimeoutMs,
              idleInTransactionTimeoutMs: DATABASE_TIMEOUT_READERS.idleInTransactionTimeoutMs,
            },
            options.env ?? process.env,
          );
          return new JobRunner<Q>(options.schema, { ...settings, poolSize }, url, dataSource, pgBossTimeoutOptions(timeouts));
        },
      },
    ],
    exports: [JobRunner],
  };
}

/** The module `createJobsModule` configures. */
@Module({})
export class JobsModule {}
