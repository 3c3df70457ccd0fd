import type { ServiceName } from '@storefront/topology';

/**
 * What a service's queues carry: queue name -> payload type. Declare it as a type (or interface) per
 * service, e.g. `type OrdersJobs = { email: EmailJob }`; every runner call is then checked against it.
 */
export type JobPayloads<Q> = { [K in keyof Q]: object };

/** pg-boss 10's queue policies: how `singletonKey` limits a queue (standard: it does not). */
export type QueuePolicy = 'standard' | 'short' | 'singleton' | 'stately';

/** How one queue's jobs run, retry and give up. */
export interface QueueSettings {
  /**
   * Retries after the first attempt; when the last one fails the job moves to the queue's dead
   * letters (`<queue>.dead-letter`), where `npm run jobs -- <service> dead-letters` lists and re-drives it.
   */
  retryLimit: number;
  /**
   * The first retry waits between this and twice this many seconds; each next one doubles (pg-boss's
   * `retryBackoff`: exponential with jitter). See `retryWindowSeconds` for the whole span. Needed when
   * `retryLimit` is above 0.
   */
  retryDelaySeconds?: number;
  /**
   * false: a failed job is left failed, not moved to a dead-letter queue. For a queue whose owner keeps
   * its own record of each piece of work and retries and parks it itself (the e-mail outbox: `retryLimit`
   * 0, and a sweep that re-drives rows whose job failed), so the work has one retry schedule and one
   * dead-letter list, the owner's. Default true.
   */
  deadLetters?: boolean;
  /**
   * The bound on one attempt: the handler's signal aborts a little before it, and a job still active
   * after it (its process died) is failed by pg-boss's maintenance and retried.
   */
  expireInSeconds: number;
  /** A job not finished this many days after it was queued is archived unrun; default 14. */
  retentionDays?: number;
  /** Jobs of this queue one process runs at a time; default 1. */
  concurrency?: number;
  /** pg-boss's policy; default 'standard'. 'short' keeps one queued job per singletonKey, 'singleton' one active, 'stately' one of each. */
  policy?: QueuePolicy;
}

/** A service's runner, as the module factory reads it when the app is created. */
export interface JobsSettings<Q> {
  queues: { [K in keyof Q & string]: QueueSettings };
  /** Run the queues' workers in this process (false: other replicas, or tests calling runDue). Default true. */
  workersEnabled?: boolean;
  /** How often an idle worker looks for due jobs; default 1000. A commit that queued a job wakes it at once. */
  pollIntervalMs?: number;
  /** How long shutdown waits for running jobs before aborting them; default 10000. */
  stopTimeoutMs?: number;
  /** pg-boss's maintenance (expiry, archive) interval; default 120. Tests use 1. */
  maintenanceIntervalSeconds?: number;
  /** The runner's own connections (pg-boss's pool); default JOBS_DATABASE_POOL_SIZE, else 4. */
  poolSize?: number;
}

/** pg-boss's pool per process when JOBS_DATABASE_POOL_SIZE is unset (pg-boss's own default, 10, is sized for a runner alone). */
export const DEFAULT_JOBS_POOL_SIZE = 4;

export const DEFAULT_RETENTION_DAYS = 14;
const QUEUE_NAME = /^[a-z][a-z0-9-]{0,60}$/;
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,49}$/;
const DEAD_LETTER_SUFFIX = '.dead-letter';
/** pg-boss 10 stops doubling the delay after 16 doublings. */
const MAX_BACKOFF_EXPONENT = 16;

/** The job schema of a service: pg-boss's tables live there, in the service's own database. */
export function jobsSchemaOf(service: ServiceName): string {
  return `${service}_jobs`;
}

/** Where a queue's jobs go once their last retry failed. */
export function deadLetterQueueOf(queue: string): string {
  return `${queue}${DEAD_LETTER_SUFFIX}`;
}

/**
 * The span over which a job is retried before it is dead-lettered, from its first failure to its
 * last attempt: pg-boss waits retryDelay × 2^(n-1) × (1 + random) before retry n, so the total lies
 * between `min` (every random 0) and `max` (every random 1), in seconds.
 */
export function retryWindowSeconds(retryDelaySeconds: number | undefined, retryLimit: number): { min: number; max: number } {
  // pg-boss raises a backoff delay of 0 (or none, on a queue that is not retried) to 1 second
  const delay = Math.max(1, retryDelaySeconds ?? 1);
  let min = 0;
  for (let retry = 1; retry <= retryLimit; retry++) min += delay * 2 ** Math.min(MAX_BACKOFF_EXPONENT - 1, retry - 1);
  return { min, max: 2 * min };
}

/** The handler's own bound: a little under the job's expiry, so it gives up before pg-boss counts it dead. */
export function handlerTimeoutMs(expireInSeconds: number): number {
  const expireMs = expireInSeconds * 1000;
  return Math.max(500, expireMs - Math.min(5000, expireMs * 0.1));
}

/** Everything wrong with a runner's settings, in words (empty: fine). */
export function settingsProblems(schema: string, settings: JobsSettings<Record<string, object>>): string[] {
  const problems: string[] = [];
  if (!SCHEMA_NAME.test(schema)) problems.push(`job schema "${schema}" must match ${SCHEMA_NAME}`);
  const names = Object.keys(settings.queues);
  if (names.length === 0) problems.push('declare at least one queue');
  for (const name of names) {
    const queue = settings.queues[name]!;
    if (!QUEUE_NAME.test(name)) problems.push(`queue "${name}" must match ${QUEUE_NAME} (the dead letters get "${DEAD_LETTER_SUFFIX}")`);
    if (!Number.isInteger(queue.retryLimit) || queue.retryLimit < 0) problems.push(`queue "${name}": retryLimit must be a whole number of at least 0`);
    const delayNeeded = queue.retryLimit > 0 || queue.retryDelaySeconds !== undefined;
    if (delayNeeded && (!Number.isInteger(queue.retryDelaySeconds) || queue.retryDelaySeconds! < 1)) {
      problems.push(`queue "${name}": retryDelaySeconds must be a whole number of at least 1`);
    }
    if (!Number.isInteger(queue.expireInSeconds) || queue.expireInSeconds < 1) problems.push(`queue "${name}": expireInSeconds must be a whole number of at least 1`);
    if (queue.concurrency !== undefined && (!Number.isInteger(queue.concurrency) || queue.concurrency < 1)) problems.push(`queue "${name}": concurrency must be a whole number of at least 1`);
    const retentionDays = queue.retentionDays ?? DEFAULT_RETENTION_DAYS;
    if (!Number.isInteger(retentionDays) || retentionDays < 1) {
      problems.push(`queue "${name}": retentionDays must be a whole number of at least 1`);
    } else {
      // pg-boss archives a job still waiting for a retry once its retention is over: it would be lost, not dead-lettered
      const { max } = retryWindowSeconds(queue.retryDelaySeconds, queue.retryLimit);
      if (max >= retentionDays * 86_400) {
        problems.push(`queue "${name}": retries may go on for ${Math.ceil(max / 3600)} hours, past its retention of ${retentionDays} days; retry less or keep jobs longer`);
      }
    }
  }
  return problems;
}

/** The error pg-boss stored in a job's `output` (our serialized Error, or its own timeout note), as one line. */
export function failureMessage(output: unknown): string | null {
  if (!output || typeof output !== 'object') return null;
  const record = output as { message?: unknown; value?: unknown };
  if (typeof record.message === 'string') return record.message;
  if (record.value && typeof record.value === 'object') return failureMessage(record.value);
  if (typeof record.value === 'string') return record.value;
  return null;
}
