import { Logger, type OnApplicationBootstrap, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { DataSource, EntityManager, EntitySubscriberInterface, QueryRunner } from 'typeorm';
import { listDeadLetters, retryDeadLetters, type DeadLetter, type RedrivenJob } from './dead-letters.js';
import { deadLetterQueueOf, DEFAULT_JOBS_POOL_SIZE, DEFAULT_RETENTION_DAYS, handlerTimeoutMs, settingsProblems, type JobPayloads, type JobsSettings, type QueueSettings } from './queue-settings.js';
import { transactionExecutor } from './transaction-executor.js';
import { currentTrace, JOB_TRACE_KEY, jobTraceContext, jobTraceOf, runInTrace } from '../trace-context.js';
import { retryWhileDatabaseAway } from '../database-retry.js';
import { JobTimeoutError, UnretryableJobError } from './job-errors.js';
import { asError, settleWithin, untilAborted, withDeadlockRetry } from './job-waits.js';

export { JobTimeoutError, UnretryableJobError };

/** What a handler knows about the job it runs. */
export interface JobContext {
  id: string;
  queue: string;
  /** 1 for the first try */
  attempt: number;
  /** retries the job had when queued */
  retryLimit: number;
  /** no retry is left: if this attempt fails, the job is dead-lettered (left failed on a queue without dead letters) */
  final: boolean;
  /**
   * Aborted when the attempt runs out of time (a little before the queue's expiry) or the process
   * shuts down and stops waiting: pass it to every call that can hang.
   */
  signal: AbortSignal;
}

/**
 * Runs one job. Throwing (or rejecting) fails the attempt: pg-boss retries it, then dead-letters it
 * (at once for an UnretryableJobError).
 */
export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

export interface EnqueueOptions {
  /**
   * The job's id (a UUID) chosen by the caller, so a row that names its job is written with it in the
   * same statement, instead of an UPDATE once pg-boss has answered.
   */
  id?: string;
  /** only with a queue policy that uses it ('short', 'singleton', 'stately'); see QueueSettings.policy */
  singletonKey?: string;
  /** not before this time (a Date) or this many seconds from now */
  startAfter?: Date | number;
}

export interface ScheduleOptions {
  /** the cron expression's time zone (IANA name); default UTC */
  tz?: string;
}

/** What `runDue` did. */
export interface RunSummary {
  completed: number;
  /** failed attempts that will be retried */
  retried: number;
  /** failed last attempts: the jobs went to the dead letters (or, on a queue without them, stay failed) */
  deadLettered: number;
}

interface FetchedJob {
  id: string;
  data: unknown;
  expireInSeconds: number | string;
  retryCount: number;
  retryLimit: number;
}

type Outcome = keyof RunSummary;

/** One declared queue as `/metrics` shows it (service-kit's job metrics). */
export interface QueueStats {
  queue: string;
  /** queued or waiting for a retry, due or not */
  waiting: number;
  /** being run now */
  active: number;
  /** in the queue's dead-letter queue */
  deadLetters: number;
}

/**
 * `data` with the trace of the request (or job) queuing it, under JOB_TRACE_KEY: the job's log lines
 * and the calls it makes carry the same request id and trace-id. Outside a request: `data` as is.
 */
function withTrace<T extends object>(data: T): T {
  const trace = currentTrace();
  return trace ? { ...data, [JOB_TRACE_KEY]: jobTraceOf(trace) } : data;
}

/** A job's data as its handler gets it (without the carried trace), and that trace. */
function withoutTrace(data: unknown): { data: unknown; carried: unknown } {
  if (!data || typeof data !== 'object' || !Object.hasOwn(data, JOB_TRACE_KEY)) return { data, carried: undefined };
  const { [JOB_TRACE_KEY]: carried, ...rest } = data as Record<string, unknown>;
  return { data: rest, carried };
}

/** What JobRunner adds to pg-boss's pool options (pg-boss passes its options to pg.Pool as they are). */
export interface PgBossConnectionOptions {
  statement_timeout?: number;
  idle_in_transaction_session_timeout?: number;
}

/**
 * The service's database timeouts for pg-boss's pool: the statement timeout and the idle-in-transaction
 * one, not the lock timeout (pg-boss waits on its own advisory locks for its schema migration and
 * maintenance, a statement each, which the statement timeout bounds; its fetch skips locked rows).
 */
export function pgBossTimeoutOptions(timeouts: { statementTimeoutMs: number; idleInTransactionTimeoutMs: number }): PgBossConnectionOptions {
  return {
    ...(timeouts.statementTimeoutMs > 0 ? { statement_timeout: timeouts.statementTimeoutMs } : {}),
    ...(timeouts.idleInTransactionTimeoutMs > 0 ? { idle_in_transaction_session_timeout: timeouts.idleInTransactionTimeoutMs } : {}),
  };
}

/**
 * The one durable job runner of a service: pg-boss 10 on the service's database, in the service's
 * job schema. Queues (with retries, exponential backoff, expiry and a dead-letter queue each) are
 * declared when the module is created; the feature that owns a queue attaches its handler with
 * `handle` (in its constructor or onModuleInit). Jobs are written through the caller's transaction
 * (`enqueue`), so a job exists exactly when the caller's writes commit; the commit wakes the queue's
 * worker at once.
 *
 * Workers run in every replica that has them enabled: pg-boss hands each job to one of them (SKIP
 * LOCKED). A worker here is a small loop over pg-boss's fetch/complete/fail rather than pg-boss's
 * `work()`, because pg-boss 10's `work()` leaves complete/fail un-awaited (a database blip at that
 * moment is an unhandled rejection, which ends a Node 20 process) and does not abort a handler
 * that outlives its expiry; claiming, expiry, retries with backoff and dead-lettering stay pg-boss's.
 */
export class JobRunner<Q extends JobPayloads<Q> = Record<string, object>> implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('jobs');
  private readonly boss: PgBoss;
  private readonly handlers = new Map<string, JobHandler<unknown>>();
  private readonly loops = new Set<Promise<void>>();
  private readonly wakers = new Map<string, Set<() => void>>();
  private readonly running = new Map<string, AbortController>();
  /** queues a still-open transaction enqueued into: woken when it commits */
  private readonly pendingWakeups = new WeakMap<QueryRunner, Set<string>>();
  private readonly ready: Promise<void>;
  private markReady!: () => void;
  private failReady!: (error: Error) => void;
  private workersStarted = false;
  private stopping = false;
  private stopped = false;

  /**
   * `connectionOptions`: node-postgres options for pg-boss's own pool, the service's statement and
   * idle-in-transaction timeouts (`pgBossTimeoutOptions`); pg-boss hands them to pg unchanged.
   */
  constructor(
    readonly schema: string,
    private readonly settings: JobsSettings<Q>,
    connectionString: string,
    private readonly dataSource: DataSource,
    connectionOptions: PgBossConnectionOptions = {},
  ) {
    const problems = settingsProblems(schema, settings as JobsSettings<Record<string, object>>);
    if (problems.length > 0) throw new Error(`Job runner settings: ${problems.join('; ')}`);
    this.ready = new Promise<void>((resolve, reject) => {
      this.markReady = resolve;
      this.failReady = reject;
    });
    // a caller awaiting `ready` sees the failure; this only keeps an unobserved one from ending the process
    this.ready.catch(() => undefined);
    this.boss = new PgBoss({
      ...connectionOptions,
      connectionString,
      schema,
      max: settings.poolSize ?? DEFAULT_JOBS_POOL_SIZE,
      application_name: `storefront-${schema.replaceAll('_', '-')}`,
      // a replica without workers leaves maintenance and cron to the ones that have them
      supervise: this.workersEnabled,
      schedule: this.workersEnabled,
      maintenanceIntervalSeconds: settings.maintenanceIntervalSeconds ?? 120,
    });
    this.boss.on('error', (error: Error & { queue?: string }) =>
      this.logger.warn(`Job runner: ${error.message}`, { event: 'job.runner-error', schema, queue: error.queue }),
    );
  }

  get workersEnabled(): boolean {
    return this.settings.workersEnabled ?? true;
  }

  /** The queues declared for this runner. */
  get queueNames(): (keyof Q & string)[] {
    return Object.keys(this.settings.queues) as (keyof Q & string)[];
  }

  // --- lifecycle ------------------------------------------------------------------------------------

  /** Installs or migrates pg-boss's schema and creates (or updates) every queue and its dead-letter queue. */
  async onModuleInit(): Promise<void> {
    try {
      await this.boss.start();
      for (const name of this.queueNames) await this.declareQueue(name, this.settings.queues[name]);
      this.dataSource.subscribers.push(this.commitListener());
      this.markReady();
    } catch (error) {
      this.failReady(error as Error);
      throw error;
    }
    await this.reportWaitingDeadLetters();
  }

  /** Starts the workers once every module has attached its handlers. */
  async onApplicationBootstrap(): Promise<void> {
    await this.ready;
    const unhandled = this.queueNames.filter((name) => !this.handlers.has(name));
    if (unhandled.length > 0) {
      throw new Error(`No handler for job queue(s) ${unhandled.join(', ')} in schema ${this.schema}: call jobRunner.handle(queue, handler) in the module that owns it`);
    }
    if (this.workersEnabled) this.startWorkers();
    this.logger.log(`Jobs in schema ${this.schema}: ${this.queueNames.map((name) => this.describe(name)).join('; ')}`, {
      event: 'job.runner-started',
      schema: this.schema,
      workersEnabled: this.workersEnabled,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.stop();
  }

  /**
   * Stops the workers: no new job is taken; running ones get `stopTimeoutMs` to finish, then their
   * signals abort (their attempt fails and is retried later); then pg-boss closes its connections.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopping = true;
    this.wakeAll();
    const loops = Promise.all(this.loops);
    const finished = await settleWithin(loops, this.settings.stopTimeoutMs ?? 10_000);
    if (!finished) {
      this.logger.warn(`Stopping with ${this.running.size} job(s) still running: aborting them (they are retried later)`, {
        event: 'job.stop-aborted',
        schema: this.schema,
        jobIds: [...this.running.keys()],
      });
      for (const controller of this.running.values()) controller.abort(new JobTimeoutError('the job runner is stopping'));
      await settleWithin(loops, 2000);
    }
    await this.boss.stop({ graceful: false, wait: true }).catch((error: Error) => this.logger.warn(`Job runner stop: ${error.message}`));
    this.stopped = true;
  }

  // --- handlers and workers -------------------------------------------------------------------------

  /** Attaches the handler of a declared queue (once). Workers start at application bootstrap. */
  handle<K extends keyof Q & string>(queue: K, handler: JobHandler<Q[K]>): void {
    this.assertDeclared(queue);
    if (this.handlers.has(queue)) throw new Error(`Job queue ${queue} already has a handler`);
    this.handlers.set(queue, handler as JobHandler<unknown>);
    if (this.workersStarted) this.startQueueWorkers(queue);
  }

  /** Starts the workers (done at bootstrap when workersEnabled; tests that disabled them call it). */
  startWorkers(): void {
    if (this.workersStarted || this.stopping) return;
    this.workersStarted = true;
    for (const queue of this.handlers.keys()) this.startQueueWorkers(queue);
  }

  private startQueueWorkers(queue: string): void {
    const concurrency = this.settingsOf(queue).concurrency ?? 1;
    for (let i = 0; i < concurrency; i++) {
      const loop = this.workLoop(queue).catch((error: Error) =>
        this.logger.error(`Job worker of ${queue} stopped: ${error.message}`, { event: 'job.worker-stopped', queue }),
      );
      this.loops.add(loop);
      void loop.finally(() => this.loops.delete(loop));
    }
  }

  private async workLoop(queue: string): Promise<void> {
    while (!this.stopping) {
      const job = await this.fetchOne(queue);
      if (job) await this.runJob(queue, job);
      else await this.idle(queue);
    }
  }

  /** Wakes the queue's idle workers now instead of at their next poll. */
  nudge(queue: keyof Q & string): void {
    for (const wake of this.wakers.get(queue) ?? []) wake();
  }

  private idle(queue: string): Promise<void> {
    return new Promise((resolve) => {
      const wakers = this.wakers.get(queue) ?? new Set();
      this.wakers.set(queue, wakers);
      const wake = (): void => {
        clearTimeout(timer);
        wakers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.settings.pollIntervalMs ?? 1000);
      wakers.add(wake);
    });
  }

  private wakeAll(): void {
    for (const wakers of this.wakers.values()) for (const wake of [...wakers]) wake();
  }

  /**
   * Runs the queue's due jobs in this process, one at a time, until none is due or `limit` ran: for
   * tests (with workers disabled) and for draining by hand. Jobs waiting for a retry are not due.
   */
  async runDue(queue: keyof Q & string, limit = 100): Promise<RunSummary> {
    await this.ready;
    this.assertDeclared(queue);
    const summary: RunSummary = { completed: 0, retried: 0, deadLettered: 0 };
    for (let ran = 0; ran < limit; ran++) {
      const job = await this.fetchOne(queue);
      if (!job) break;
      summary[await this.runJob(queue, job)]++;
    }
    return summary;
  }

  private async fetchOne(queue: string): Promise<FetchedJob | undefined> {
    // pg-boss's fetch answers [] when the database cannot be reached, so a worker idles through an outage
    const [job] = await this.boss.fetch<unknown>(queue, { batchSize: 1, includeMetadata: true });
    return job as FetchedJob | undefined;
  }

  /**
   * Runs one attempt in the trace of the request that queued the job (its request id in every log
   * line of the attempt, the runner's own included; its trace-id on the calls the handler makes), or,
   * for a scheduled job, in a new trace named by the job id.
   */
  private runJob(queue: string, job: FetchedJob): Promise<Outcome> {
    const { data, carried } = withoutTrace(job.data);
    return runInTrace(jobTraceContext(carried, job.id), () => this.runAttempt(queue, job, data));
  }

  private async runAttempt(queue: string, job: FetchedJob, data: unknown): Promise<Outcome> {
    const handler = this.handlers.get(queue);
    const attempt = job.retryCount + 1;
    const final = job.retryCount >= job.retryLimit;
    const controller = new AbortController();
    const timeoutMs = handlerTimeoutMs(Number(job.expireInSeconds));
    const timer = setTimeout(() => controller.abort(new JobTimeoutError(`the job ran longer than ${timeoutMs} ms`)), timeoutMs);
    this.running.set(job.id, controller);
    try {
      if (!handler) throw new Error(`no handler for queue ${queue}`);
      await untilAborted(handler(data, { id: job.id, queue, attempt, retryLimit: job.retryLimit, final, signal: controller.signal }), controller.signal);
    } catch (error) {
      const failure = asError(error);
      const last = final || failure instanceof UnretryableJobError;
      this.logFailure(queue, job, attempt, last, failure);
      // recorded through a database restart (bounded), so the job is not left active until it expires
      await retryWhileDatabaseAway(async () => {
        // pg-boss dead-letters a failed job that has no retry left: none is left for this one
        if (last && !final) await this.boss.getDb().executeSql(`UPDATE ${this.schema}.job SET retry_limit = retry_count WHERE name = $1 AND id = $2`, [queue, job.id]);
        await this.boss.fail(queue, job.id, failure);
      }).catch((reason: Error) =>
        this.logger.warn(`Could not record the failure of job ${job.id}; it is retried once it expires: ${reason.message}`, {
          event: 'job.record-failed',
          queue,
          jobId: job.id,
        }),
      );
      return last ? 'deadLettered' : 'retried';
    } finally {
      clearTimeout(timer);
      this.running.delete(job.id);
    }
    await retryWhileDatabaseAway(() => this.boss.complete(queue, job.id)).catch((reason: Error) =>
      // the handler's work is done; the job expires and runs again, so handlers must be idempotent
      this.logger.warn(`Could not mark job ${job.id} completed; it runs again once it expires: ${reason.message}`, {
        event: 'job.record-failed',
        queue,
        jobId: job.id,
      }),
    );
    return 'completed';
  }

  private logFailure(queue: string, job: FetchedJob, attempt: number, final: boolean, error: Error): void {
    const fields = { queue, jobId: job.id, attempt, retryLimit: job.retryLimit, error: error.message || error.name };
    if (final && !(this.settingsOf(queue).deadLetters ?? true)) {
      this.logger.warn(`Job failed (attempt ${attempt}); its queue's owner takes it up again: ${fields.error}`, { event: 'job.failed', ...fields });
    } else if (final) {
      this.logger.error(`Job failed its last attempt (${attempt}); it is now a dead letter: ${fields.error}`, {
        event: 'job.dead-letter',
        deadLetterQueue: deadLetterQueueOf(queue),
        ...fields,
      });
    } else {
      this.logger.warn(`Job attempt ${attempt} failed; pg-boss retries it with backoff: ${fields.error}`, { event: 'job.retry', ...fields });
    }
  }

  // --- enqueuing and scheduling ---------------------------------------------------------------------

  /**
   * Queues a job through the caller's transaction (`manager` of dataSource.transaction): the job
   * exists if and only if that transaction commits, and the commit wakes the queue's workers. Returns
   * the job id, or null when the queue's policy already holds a job with this singletonKey.
   */
  async enqueue<K extends keyof Q & string>(manager: EntityManager, queue: K, data: Q[K], options: EnqueueOptions = {}): Promise<string | null> {
    const db = transactionExecutor(manager);
    await this.ready;
    this.assertDeclared(queue);
    const id = await this.boss.send(queue, withTrace(data), { ...this.sendOptions(options), db });
    const runner = manager.queryRunner;
    if (runner) this.pendingWakeups.set(runner, (this.pendingWakeups.get(runner) ?? new Set<string>()).add(queue));
    return id;
  }

  /** Queues a job on its own (no transaction of the caller's), committed at once. */
  async enqueueNow<K extends keyof Q & string>(queue: K, data: Q[K], options: EnqueueOptions = {}): Promise<string | null> {
    await this.ready;
    this.assertDeclared(queue);
    const id = await this.boss.send(queue, withTrace(data), this.sendOptions(options));
    this.nudge(queue);
    return id;
  }

  /**
   * Sends `data` to `queue` on a cron schedule (5 fields, minute resolution; pg-boss keeps one
   * schedule per queue, so calling again replaces it). Replicas share the schedule: each tick
   * queues one job. Runs only while some replica has workers enabled.
   */
  async schedule<K extends keyof Q & string>(queue: K, cron: string, data: Q[K], options: ScheduleOptions = {}): Promise<void> {
    await this.ready;
    this.assertDeclared(queue);
    await this.boss.schedule(queue, cron, data, { tz: options.tz ?? 'UTC' });
  }

  async unschedule(queue: keyof Q & string): Promise<void> {
    await this.ready;
    await this.boss.unschedule(queue);
  }

  private sendOptions(options: EnqueueOptions): PgBoss.SendOptions {
    return {
      ...(options.id !== undefined ? { id: options.id } : {}),
      ...(options.singletonKey !== undefined ? { singletonKey: options.singletonKey } : {}),
      ...(options.startAfter instanceof Date ? { startAfter: options.startAfter } : {}),
      ...(typeof options.startAfter === 'number' ? { startAfter: Math.max(0, Math.round(options.startAfter)) } : {}),
    };
  }

  // --- dead letters ---------------------------------------------------------------------------------

  /** Jobs whose last retry failed, oldest first (also `npm run jobs -- <service> dead-letters list`). */
  async deadLetters(): Promise<DeadLetter[]> {
    await this.ready;
    return listDeadLetters(this.boss.getDb(), this.schema);
  }

  /** Re-drives dead letters (all when `ids` is undefined) into their queues, each with fresh retries. */
  async retryDeadLetters(ids?: readonly string[]): Promise<{ redriven: RedrivenJob[]; missing: string[] }> {
    await this.ready;
    const result = await retryDeadLetters(
      this.boss,
      (work) => this.dataSource.transaction((manager) => work(transactionExecutor(manager))),
      this.schema,
      ids,
    );
    for (const job of result.redriven) this.nudge(job.queue as keyof Q & string);
    return result;
  }

  /**
   * Per declared queue: its jobs waiting, running and dead-lettered, in one query (pg-boss's partial
   * index on waiting jobs; finished jobs are not counted). For `/metrics`, on scrape.
   */
  async queueStats(): Promise<QueueStats[]> {
    await this.ready;
    const queues = this.queueNames;
    const { rows } = await this.boss.getDb().executeSql(
      `SELECT name, count(*) FILTER (WHERE state < 'active')::int AS waiting, count(*) FILTER (WHERE state = 'active')::int AS active
         FROM ${this.schema}.job
        WHERE name = ANY($1::text[]) AND state <= 'active'
        GROUP BY name`,
      [[...queues, ...queues.map(deadLetterQueueOf)]],
    );
    const counts = new Map((rows as { name: string; waiting: number; active: number }[]).map((row) => [row.name, row]));
    return queues.map((queue) => ({
      queue,
      waiting: counts.get(queue)?.waiting ?? 0,
      active: counts.get(queue)?.active ?? 0,
      deadLetters: counts.get(deadLetterQueueOf(queue))?.waiting ?? 0,
    }));
  }

  private async reportWaitingDeadLetters(): Promise<void> {
    try {
      const letters = await listDeadLetters(this.boss.getDb(), this.schema);
      if (letters.length === 0) return;
      const byQueue: Record<string, number> = {};
      for (const letter of letters) byQueue[letter.queue] = (byQueue[letter.queue] ?? 0) + 1;
      this.logger.warn(`${letters.length} dead letter(s) wait in ${this.schema}: list and re-drive them with npm run jobs`, {
        event: 'job.dead-letters-waiting',
        schema: this.schema,
        byQueue,
      });
    } catch (error) {
      this.logger.warn(`Could not count dead letters: ${(error as Error).message}`, { event: 'job.runner-error', schema: this.schema });
    }
  }

  // --- internals ------------------------------------------------------------------------------------

  private async declareQueue(name: string, queue: QueueSettings): Promise<void> {
    const withDeadLetters = queue.deadLetters ?? true;
    const deadLetter = deadLetterQueueOf(name);
    const retentionMinutes = (queue.retentionDays ?? DEFAULT_RETENTION_DAYS) * 24 * 60;
    const options: PgBoss.Queue = {
      name,
      policy: queue.policy ?? 'standard',
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelaySeconds ?? 1,
      retryBackoff: true,
      expireInSeconds: queue.expireInSeconds,
      retentionMinutes,
      ...(withDeadLetters ? { deadLetter } : {}),
    };
    // the dead letters first (the queue refers to it); createQueue leaves an existing queue alone, so
    // updateQueue applies settings changed since it was created
    await withDeadlockRetry(async () => {
      if (withDeadLetters) await this.boss.createQueue(deadLetter, { name: deadLetter, retentionMinutes });
      await this.boss.createQueue(name, options);
      await this.boss.updateQueue(name, options);
      // updateQueue keeps a dead-letter queue it is not given (COALESCE), so one declared before is dropped here
      if (!withDeadLetters) await this.boss.getDb().executeSql(`UPDATE ${this.schema}.queue SET dead_letter = NULL WHERE name = $1 AND dead_letter IS NOT NULL`, [name]);
    });
  }

  /** Wakes the queues a transaction enqueued into once it has committed (not at a savepoint's release). */
  private commitListener(): EntitySubscriberInterface {
    return {
      afterTransactionCommit: ({ queryRunner }) => {
        if (queryRunner.isTransactionActive) return;
        const queues = this.pendingWakeups.get(queryRunner);
        if (!queues) return;
        this.pendingWakeups.delete(queryRunner);
        for (const queue of queues) this.nudge(queue as keyof Q & string);
      },
      afterTransactionRollback: ({ queryRunner }) => {
        if (!queryRunner.isTransactionActive) this.pendingWakeups.delete(queryRunner);
      },
    };
  }

  private settingsOf(queue: string): QueueSettings {
    return (this.settings.queues as Record<string, QueueSettings>)[queue]!;
  }

  private assertDeclared(queue: string): void {
    if (!Object.hasOwn(this.settings.queues, queue)) throw new Error(`Job queue ${queue} is not declared in schema ${this.schema}`);
  }

  private describe(name: string): string {
    const queue = this.settingsOf(name);
    const retries = queue.retryLimit > 0 ? `${queue.retryLimit} retries from ${queue.retryDelaySeconds} s, doubling` : 'no retries';
    const deadLetters = (queue.deadLetters ?? true) ? `dead letters in ${deadLetterQueueOf(name)}` : 'failed jobs left to their owner';
    return `${name} (${retries}; ${queue.expireInSeconds} s per attempt; ${deadLetters})`;
  }
}
