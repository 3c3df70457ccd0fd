import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { JOB_SERVICES, type JobService } from '../jobs/schemas.js';

// The back office's operations (GET /api/admin/dead-letters and its two writes, orders service): what
// could not be done in the background, from every source at once: the orders service's e-mail outbox
// (parked e-mails) and the job runners of forms, orders and payments (jobs whose last retry failed).
// Each source answers on its own: one that cannot be read (its service down) says so, the rest shows.
// The leads (GET /api/admin/submissions...) answer the forms service's own schemas (forms/back-office.ts).

/** The back office's wording for the operations routes. */
export const ADMIN_OPERATIONS_MESSAGES = {
  emailNotDeadLetter: 'No such e-mail dead letter (resent already?).',
  outboxUnreadable: 'The e-mail outbox could not be read right now. Try again in a moment.',
  sourceUnavailable: (service: string) => `The ${service} service did not answer: its dead letters cannot be shown right now. Try again in a moment.`,
  jobsUnreadable: "This service's job runner could not be read right now. Try again in a moment.",
} as const;

/** An e-mail the outbox gave up on (status failed: its retries ran out), as staff see it. */
export const adminEmailDeadLetterSchema = object({
  id: string().required(),
  /** what it is: order-confirmation, quote-payment-link, form-notification, ... */
  kind: string().required(),
  recipient: string().required(),
  subject: string().defined(),
  /** how many times sending it was tried */
  attempts: number().integer().min(0).required(),
  /** the last attempt's error (null when none was recorded) */
  lastError: string().nullable().defined(),
  /** ISO time it was parked; null for e-mails parked before the outbox recorded it */
  failedAt: string().nullable().defined(),
});
export type AdminEmailDeadLetter = InferType<typeof adminEmailDeadLetterSchema>;

/** A job whose last retry failed, in one service's job runner (what it carried stays in that service). */
export const adminJobDeadLetterSchema = object({
  service: mixed<JobService>().oneOf([...JOB_SERVICES]).required(),
  /** the dead letter's job id (what retry takes) */
  id: string().required(),
  /** the queue it failed in, and goes back to on retry */
  queue: string().required(),
  /** ISO time its last attempt failed */
  failedAt: string().required(),
  attempts: number().integer().min(1).required(),
  /** the last attempt's message, at most 500 characters; null when none was recorded */
  error: string().nullable().defined(),
});
export type AdminJobDeadLetter = InferType<typeof adminJobDeadLetterSchema>;

/**
 * One source's dead letters: `unavailable` false with its list, or `unavailable` true with a
 * message saying why (its service did not answer) and an empty list.
 */
const sourceFields = {
  unavailable: boolean().required(),
  /** why the source could not be read; null when it was */
  message: string().nullable().defined(),
};

export const adminEmailDeadLettersSourceSchema = object({ ...sourceFields, deadLetters: array(adminEmailDeadLetterSchema.required()).required() });
export type AdminEmailDeadLettersSource = InferType<typeof adminEmailDeadLettersSourceSchema>;
export const adminJobDeadLettersSourceSchema = object({ ...sourceFields, deadLetters: array(adminJobDeadLetterSchema.required()).required() });
export type AdminJobDeadLettersSource = InferType<typeof adminJobDeadLettersSourceSchema>;

/** GET /api/admin/dead-letters: the outbox's parked e-mails (longest parked first) and each job runner's dead letters (oldest first). */
export const adminDeadLettersResponseSchema = object({
  emails: adminEmailDeadLettersSourceSchema.required(),
  jobs: object({
    forms: adminJobDeadLettersSourceSchema.required(),
    orders: adminJobDeadLettersSourceSchema.required(),
    payments: adminJobDeadLettersSourceSchema.required(),
  }).required(),
});
export type AdminDeadLettersResponse = InferType<typeof adminDeadLettersResponseSchema>;

/** POST /api/admin/dead-letters/emails/:id/resend */
export const adminEmailDeadLetterParamsSchema = object({ id: string().trim().required('id is required') });
export type AdminEmailDeadLetterParams = InferType<typeof adminEmailDeadLetterParamsSchema>;

/** The e-mail queued again with a fresh set of retries, and the job that sends it. */
export const adminEmailResendResponseSchema = object({
  id: string().required(),
  jobId: string().nullable().defined(),
});
export type AdminEmailResendResponse = InferType<typeof adminEmailResendResponseSchema>;

/** POST /api/admin/dead-letters/jobs/:service/:id/retry */
export const adminJobDeadLetterParamsSchema = object({
  service: mixed<JobService>()
    .oneOf([...JOB_SERVICES], `service must be one of ${JOB_SERVICES.join(', ')}`)
    .required('service is required'),
  id: string().trim().required('id is required'),
});
export type AdminJobDeadLetterParams = InferType<typeof adminJobDeadLetterParamsSchema>;

/** The dead letter sent back to its queue as a new job, with a fresh set of retries. */
export const adminJobRetryResponseSchema = object({
  service: mixed<JobService>().oneOf([...JOB_SERVICES]).required(),
  /** the dead letter's id (gone now) */
  id: string().required(),
  queue: string().required(),
  /** the new job; null when the queue's policy already held one like it */
  newJobId: string().nullable().defined(),
});
export type AdminJobRetryResponse = InferType<typeof adminJobRetryResponseSchema>;
