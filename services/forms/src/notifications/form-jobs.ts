import type { FormNotification } from '@storefront/contracts';
import { jobsSchemaOf, type JobsSettings } from '@storefront/service-kit';
import type { NotificationsConfig } from './notifications-config.js';

/** The forms service's job schema (pg-boss's tables, in the forms database). */
export const FORMS_JOBS_SCHEMA = jobsSchemaOf('forms');
/** One job per complete submission that asked for e-mails: render them, hand them to orders. */
export const FORM_NOTIFICATION_QUEUE = 'form-notification';

/** The forms service's queues and what each job carries. */
export type FormsJobs = {
  [FORM_NOTIFICATION_QUEUE]: FormNotification;
};

/**
 * A job running longer than this counts as failed and is retried; one attempt is a content read and
 * one call to orders, bounded by FORM_EMAIL_REQUEST_TIMEOUT_MS (at most 120 s).
 */
const JOB_EXPIRE_SECONDS = 150;

/** The runner's settings from the forms service's environment (FORM_EMAIL_*). */
export function formsJobsSettings(config: NotificationsConfig): JobsSettings<FormsJobs> {
  return {
    workersEnabled: config.workerEnabled,
    pollIntervalMs: config.pollIntervalMs,
    queues: {
      [FORM_NOTIFICATION_QUEUE]: {
        retryLimit: config.retryLimit,
        retryDelaySeconds: config.retryDelaySeconds,
        expireInSeconds: JOB_EXPIRE_SECONDS,
      },
    },
  };
}
