import { type DynamicModule, Logger, Module, type OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { EnvConfigError, readEnvConfig, text } from '../env-config.js';
import { pruneIdempotencyRecords, readIdempotencyTtlHours } from '../idempotency.js';
import { JobRunner } from '../jobs/job-runner.js';
import type { JobsSettings, QueueSettings } from '../jobs/queue-settings.js';

/** The queue of the housekeeping job, on the service's own job runner. */
export const HOUSEKEEPING_QUEUE = 'housekeeping';

/** What the housekeeping queue carries: nothing (each tick runs every task). */
export type HousekeepingJobs = { [HOUSEKEEPING_QUEUE]: Record<string, never> };

/**
 * One kind of thing that expires: `run` deletes what has and returns how many went. It must be safe
 * to run on any replica and twice at once (a DELETE with a bound, a file removal that ignores a file
 * already gone); the signal aborts when the attempt runs out of time or the process stops.
 */
export interface HousekeepingTask {
  name: string;
  run(signal: AbortSignal): Promise<number>;
}

export interface HousekeepingConfig {
  /** when the job runs (5-field cron, UTC; shared by the replicas: one run per tick) */
  cron: string;
  /** idempotency records older than this are deleted (with `idempotencyRecords`) */
  idempotencyTtlHours: number;
}

const CRON = /^(\S+\s+){4}\S+$/;

/** HOUSEKEEPING_CRON (default every 10 minutes) and IDEMPOTENCY_TTL_HOURS (default 24). */
export function readHousekeepingConfig(env: Record<string, string | undefined> = process.env): HousekeepingConfig {
  const config = { ...readEnvConfig({ cron: text('HOUSEKEEPING_CRON', '*/10 * * * *') }, env), idempotencyTtlHours: readIdempotencyTtlHours(env) };
  if (!CRON.test(config.cron.trim())) {
    throw new EnvConfigError(`Invalid configuration: HOUSEKEEPING_CRON must be a 5-field cron expression, got "${config.cron}"`, [
      { variable: 'HOUSEKEEPING_CRON', problem: 'HOUSEKEEPING_CRON must be a 5-field cron expression' },
    ]);
  }
  return { ...config, cron: config.cron.trim() };
}

/**
 * The housekeeping queue's settings: a run is a few bounded DELETEs (and, in forms, a folder listing);
 * a failed run is tried twice more, and the next tick runs anyway, so dead letters stay rare.
 */
export const HOUSEKEEPING_QUEUE_SETTINGS: QueueSettings = { retryLimit: 2, retryDelaySeconds: 30, expireInSeconds: 300 };

/**
 * A service's job settings with the housekeeping queue declared beside its own queues: what
 * `createJobsModule` gets in a service that imports `createHousekeepingModule`.
 */
export function withHousekeeping<Q>(settings: JobsSettings<Q>): JobsSettings<Q & HousekeepingJobs> {
  if (Object.hasOwn(settings.queues, HOUSEKEEPING_QUEUE)) throw new Error(`The job queue name "${HOUSEKEEPING_QUEUE}" is service-kit's`);
  return {
    ...settings,
    queues: { ...settings.queues, [HOUSEKEEPING_QUEUE]: HOUSEKEEPING_QUEUE_SETTINGS } as JobsSettings<Q & HousekeepingJobs>['queues'],
  };
}

/**
 * Deletes what has expired, on the service's job runner: a scheduled job (HOUSEKEEPING_CRON, one run
 * per tick whatever the number of replicas) runs every task added with `add` (the rate limit's
 * counters, idempotency records older than IDEMPOTENCY_TTL_HOURS, the forms service's abandoned
 * uploads). One task failing does not stop the others; the run then fails and is retried.
 */
export class Housekeeping implements OnApplicationBootstrap {
  private readonly logger = new Logger('housekeeping');
  private readonly tasks = new Map<string, HousekeepingTask>();

  constructor(
    private readonly jobs: JobRunner<HousekeepingJobs>,
    readonly config: HousekeepingConfig,
  ) {
    if (!jobs.queueNames.includes(HOUSEKEEPING_QUEUE)) {
      throw new Error(`The job runner in schema ${jobs.schema} has no "${HOUSEKEEPING_QUEUE}" queue: pass the service's job settings through withHousekeeping(...)`);
    }
    jobs.handle(HOUSEKEEPING_QUEUE, async (_data, job) => {
      await this.runAll(job.signal);
    });
  }

  /** Adds a task (in a provider's constructor or onModuleInit); names are unique. */
  add(task: HousekeepingTask): void {
    if (this.tasks.has(task.name)) throw new Error(`Housekeeping task ${task.name} is already added`);
    this.tasks.set(task.name, task);
  }

  get taskNames(): string[] {
    return [...this.tasks.keys()];
  }

  /** Runs every task once (what the job does); returns how many things each removed. */
  async runAll(signal: AbortSignal = new AbortController().signal): Promise<Record<string, number>> {
    const removed: Record<string, number> = {};
    const failed: string[] = [];
    for (const task of this.tasks.values()) {
      try {
        removed[task.name] = await task.run(signal);
      } catch (error) {
        failed.push(`${task.name}: ${(error as Error).message}`);
        this.logger.warn(`Housekeeping task ${task.name} failed: ${(error as Error).message}`, { event: 'housekeeping.task-failed', task: task.name });
      }
    }
    if (Object.values(removed).some((count) => count > 0)) {
      this.logger.log(`Housekeeping removed ${JSON.stringify(removed)}`, { event: 'housekeeping.done', removed });
    }
    if (failed.length > 0) throw new Error(`Housekeeping failed: ${failed.join('; ')}`);
    return removed;
  }

  /** Schedules the job (replicas share one schedule); a replica without workers leaves it to the others. */
  async onApplicationBootstrap(): Promise<void> {
    if (!this.jobs.workersEnabled) return;
    if (this.tasks.size === 0) {
      await this.jobs.unschedule(HOUSEKEEPING_QUEUE);
      return;
    }
    await this.jobs.schedule(HOUSEKEEPING_QUEUE, this.config.cron, {});
    this.logger.log(`Housekeeping runs on "${this.config.cron}" (UTC): ${this.taskNames.join(', ')}`, { event: 'housekeeping.scheduled' });
  }
}

export interface HousekeepingModuleOptions {
  /** delete idempotency records (IDEMPOTENCY_RECORDS_DDL) older than IDEMPOTENCY_TTL_HOURS */
  idempotencyRecords?: boolean;
  /** Defaults to process.env. */
  env?: Record<string, string | undefined>;
}

/**
 * The service's Housekeeping (global, beside createJobsModule, whose settings go through
 * withHousekeeping): createRateLimitModule adds its counters' task to it, and a feature module injects
 * it to add its own.
 *
 * ```ts
 * createJobsModule<FormsJobs & HousekeepingJobs>({ schema, settings: () => withHousekeeping(formsJobsSettings(...)) }),
 * createHousekeepingModule({ idempotencyRecords: true }),
 * ```
 */
export function createHousekeepingModule(options: HousekeepingModuleOptions = {}): DynamicModule {
  return {
    module: HousekeepingModule,
    global: true,
    providers: [
      {
        provide: Housekeeping,
        inject: [JobRunner, DataSource],
        useFactory: (jobs: JobRunner<HousekeepingJobs>, dataSource: DataSource) => {
          const housekeeping = new Housekeeping(jobs, readHousekeepingConfig(options.env ?? process.env));
          if (options.idempotencyRecords) {
            const ttlHours = housekeeping.config.idempotencyTtlHours;
            housekeeping.add({ name: 'idempotency-records', run: (signal) => pruneIdempotencyRecords(dataSource, ttlHours, undefined, signal) });
          }
          return housekeeping;
        },
      },
    ],
    exports: [Housekeeping],
  };
}

/** The module `createHousekeepingModule` configures. */
@Module({})
export class HousekeepingModule {}
