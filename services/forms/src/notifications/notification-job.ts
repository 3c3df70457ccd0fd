import { Injectable, Logger } from '@nestjs/common';
import type { FormNotification, QueueFormEmailsResponse } from '@storefront/contracts';
import { NotificationContent, staffRecipientsFor } from './notification-content.js';
import { OrdersEmailClient } from './orders-email-client.js';
import { renderFormEmails } from './templates/form-email.js';

/**
 * One notification job: render the confirmation and the staff notification, hand them to the orders
 * outbox. Throwing fails the attempt and pg-boss retries it later (backoff); the outbox's dedupe keys
 * make a retry after a lost answer queue nothing twice.
 */
@Injectable()
export class FormNotificationJob {
  private readonly logger = new Logger('FormNotificationJob');

  constructor(
    private readonly content: NotificationContent,
    private readonly orders: OrdersEmailClient,
  ) {}

  async run(notification: FormNotification): Promise<QueueFormEmailsResponse> {
    const fields = { formName: notification.formName, submissionId: notification.submissionId };
    const settings = await this.content.settings();
    const staff = staffRecipientsFor(settings, notification.formName);
    if (staff.length === 0) {
      this.logger.warn('No staff recipients for this form in settings/notifications.json formRecipients; no staff notification', {
        event: 'form-email.no-staff-recipients',
        ...fields,
      });
    }
    const emails = renderFormEmails(notification, await this.content.store(), staff);
    if (emails.length === 0) return { queued: [], alreadyQueued: [] };
    const result = await this.orders.queue({ emails });
    this.logger.log('Form e-mails handed to the orders outbox', { event: 'form-email.queued', ...fields, ...result });
    return result;
  }
}
