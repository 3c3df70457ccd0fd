import { array, mixed, number, object, string, type InferType } from 'yup';
import { isPlainObject } from '../rules/plain-object.js';

// A service's job dead letters (jobs whose last retry failed) as the back office sees them over HTTP:
// GET /internal/jobs/dead-letters and POST /internal/jobs/dead-letters/:id/retry, served by every
// service with a job runner (forms, orders, payments), called by orders for its staff. The same
// dead letters as `npm run -s jobs -- <service> dead-letters list | retry`, but what a job carries is
// only summarised: its top-level keys and its ids, never its values (a form e-mail's job holds the
// submitted answers, an e-mail job its recipient).

/** The services with a job runner, each serving its own dead letters. */
export const JOB_SERVICES = ['forms', 'orders', 'payments'] as const;
export type JobService = (typeof JOB_SERVICES)[number];

/** The longest error message a dead letter is answered with (longer ones are cut, with an ellipsis). */
export const DEAD_LETTER_ERROR_MAX_LENGTH = 500;

export const DEAD_LETTER_MESSAGES = {
  notFound: 'No such dead letter (re-driven already?).',
} as const;

const isStringRecord = (value: unknown): value is Record<string, string> => isPlainObject(value) && Object.values(value).every((entry) => typeof entry === 'string');

/** What a dead letter's job carried, summarised: its top-level keys, and the values of those that are ids. */
export const deadLetterDataSchema = object({
  /** the job's top-level keys, sorted (the runner's own trace key left out) */
  keys: array(string().required()).required(),
  /**
   * The top-level values whose key names an id (`id`, `…Id`, `…_id`) and that read as one (a uuid or a
   * short token of letters, digits and `-_.:`); a record keyed by the job's own keys, so left open.
   */
  ids: mixed<Record<string, string>>(isStringRecord)
    .defined()
    .meta({ jsonSchema: { type: 'object', additionalProperties: { type: 'string' }, description: "the job's ids, keyed by their key (submissionId, outboxId, attemptId, ...)" } }),
});
export type DeadLetterData = InferType<typeof deadLetterDataSchema>;

export const deadLetterSummarySchema = object({
  /** the dead letter's own job id (what retry takes) */
  id: string().required(),
  /** the queue the job failed in, and goes back to on retry */
  queue: string().required(),
  /** ISO time its last attempt failed (when it became a dead letter) */
  failedAt: string().required(),
  /** how many times it ran */
  attempts: number().integer().min(1).required(),
  /** the last attempt's error message (no stack), at most DEAD_LETTER_ERROR_MAX_LENGTH characters; null when none was recorded */
  error: string().nullable().defined(),
  data: deadLetterDataSchema.required(),
});
export type DeadLetterSummary = InferType<typeof deadLetterSummarySchema>;

/** GET /internal/jobs/dead-letters: the serving service's dead letters, oldest first. */
export const deadLettersResponseSchema = object({
  service: mixed<JobService>().oneOf([...JOB_SERVICES]).required(),
  deadLetters: array(deadLetterSummarySchema.required()).required(),
});
export type DeadLettersResponse = InferType<typeof deadLettersResponseSchema>;

/** POST /internal/jobs/dead-letters/:id/retry */
export const deadLetterParamsSchema = object({ id: string().trim().required('id is required') });
export type DeadLetterParams = InferType<typeof deadLetterParamsSchema>;

/** The dead letter sent back to its queue as a new job, with a fresh set of retries. */
export const retriedDeadLetterSchema = object({
  /** the dead letter's id (gone now) */
  id: string().required(),
  queue: string().required(),
  /** the new job; null when the queue's policy already held a job with the same singleton key */
  newJobId: string().nullable().defined(),
});
export type RetriedDeadLetter = InferType<typeof retriedDeadLetterSchema>;

export const deadLetterRetryResponseSchema = object({ retried: array(retriedDeadLetterSchema.required()).required() });
export type DeadLetterRetryResponse = InferType<typeof deadLetterRetryResponseSchema>;
