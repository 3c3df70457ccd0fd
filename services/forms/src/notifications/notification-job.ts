import { Injectable, Logger } from '@nestjs/common';
import type { FormNotification, QueueFormEmailsResponse } from '@storefront/contracts';
import { JobRunner } from '@storefront/service-kit';
import { FORM_NOTIFICATION_QUEUE, type FormsJobs } from './form-jobs.js';
import { NotificationContent, staffRecipientsFor } from './notification-content.js';
import { ConfirmationQuota } from './confirmation-quota.js';
import { OrdersEmailClient } from './orders-email-client.js';
import { renderFormEmails } from './templates/form-email.js';

/**
 * The handler of the form-notification queue (service-kit's job runner): render the confirmation and
 * the staff notification, hand them to the orders outbox. Throwing fails the attempt and the runner
 * retries it later (backoff), then dead-letters it; the outbox's dedupe keys make a retry after a
 * lost answer queue nothing twice.
 */
@Injectable()
export class FormNotificationJob {
  private readonly logger = new Logger('FormNotificationJob');

  constructor(
    private readonly content: NotificationContent,
    private readonly orders: OrdersEmailClient,
    private readonly quota: ConfirmationQuota,
    jobs: JobRunner<FormsJobs>,
  ) {
    // a failed attempt is logged by the runner (event job.retry, then job.dead-letter) with the job id
    jobs.handle(FORM_NOTIFICATION_QUEUE, async (notification, job) => {
      await this.run(notification, job.signal);
    });
  }

  async run(notification: FormNotification, signal?: AbortSignal): Promise<QueueFormEmailsResponse> {
    const fields = { formName: notification.formName, submissionId: notification.submissionId };
    const settings = await this.content.settings();
    const staff = staffRecipientsFor(settings, notification.formName);
    if (staff.length === 0) {
      this.logger.warn('No staff recipients for this form in settings/notifications.json formRecipients; no staff notification', {
        event: 'form-email.no-staff-recipients',
        ...fields,
      });
    }
    const confirm = notification.submitterEmail ? await this.quota.allow(notification.submitterEmail, notification.submissionId) : false;
    if (notification.submitterEmail && !confirm) {
      // the staff e-mail still goes: the submission is real, only its address has had enough mail
      this.logger.warn(`No confirmation: the address had ${this.quota.perHour} confirmations in the last hour (FORM_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR)`, {
        event: 'form-email.confirmation-quota',
        ...fields,
      });
    }
    const emails = renderFormEmails(notification, await this.content.store(), staff, { confirmation: confirm });
    if (emails.length === 0) return { queued: [], alreadyQueued: [] };
    const result = await this.orders.queue({ emails }, signal);
    this.logger.log('Form e-mails handed to the orders outbox', { event: 'form-email.queued', ...fields, ...result });
    return result;
  }
}
