import { Injectable } from '@nestjs/common';
import type { FormDefinition, FormNotification } from '@storefront/contracts';
import { JobRunner } from '@storefront/service-kit';
import type { EntityManager } from 'typeorm';
import { FORM_NOTIFICATION_QUEUE, type FormsJobs } from './form-jobs.js';
import { formNotificationFor, wantsNotification } from './form-notification.js';

/** A stored form submission, as the notifications decide on it. */
export interface SubmissionForNotification {
  definition: FormDefinition;
  /** the request's `emailNotifications` (only its presence counts) */
  requested: unknown;
  /** this request's values: which step was sent */
  formData: unknown;
  submissionId: string;
  /** every value stored for the submission (all steps so far) */
  values: Record<string, unknown>;
}

/**
 * The seam between submissions and their e-mails. Callers pass the EntityManager of the transaction
 * that stores the submission, so the e-mail job is queued with it or not at all (service-kit's job
 * runner, which wakes the worker when that transaction commits). Estimator submissions build their
 * own FormNotification (with the server-computed estimate) and call `queue`.
 */
@Injectable()
export class FormNotifications {
  constructor(private readonly jobs: JobRunner<FormsJobs>) {}

  /** Queues the e-mails of a complete submission whose form and request ask for them; true when queued. */
  async queueForSubmission(manager: EntityManager, submission: SubmissionForNotification): Promise<boolean> {
    if (!wantsNotification(submission.definition, submission.requested, submission.formData)) return false;
    await this.queue(manager, formNotificationFor(submission.definition, submission.submissionId, submission.values));
    return true;
  }

  /** Queues a notification built by the caller (the estimator's "Email My Estimate"). */
  async queue(manager: EntityManager, notification: FormNotification): Promise<void> {
    await this.jobs.enqueue(manager, FORM_NOTIFICATION_QUEUE, notification);
  }
}
