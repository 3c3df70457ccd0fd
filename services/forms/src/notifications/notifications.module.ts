import { Module } from '@nestjs/common';
import { Housekeeping } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { DataSource } from 'typeorm';
import { FormNotificationJob } from './notification-job.js';
import { NotificationContent } from './notification-content.js';
import { NOTIFICATIONS_CONFIG, readNotificationsConfig } from './notifications-config.js';
import { FormNotifications } from './form-notifications.js';
import { ConfirmationQuota } from './confirmation-quota.js';
import { OrdersCredentialsCheck } from './orders-credentials-check.js';
import { OrdersEmailClient } from './orders-email-client.js';

/**
 * Form e-mails: FormNotifications (the seam the submissions use) and the handler of the
 * form-notification queue (service-kit's job runner, created in app.module.ts), which renders the
 * e-mails and hands them to the orders service's outbox.
 */
@Module({
  providers: [
    { provide: NOTIFICATIONS_CONFIG, useFactory: () => readNotificationsConfig() },
    { provide: ContentStore, useFactory: () => new ContentStore() },
    NotificationContent,
    OrdersEmailClient,
    // reports at start-up when orders refuses our signature
    OrdersCredentialsCheck,
    FormNotificationJob,
    FormNotifications,
    // FORM_CONFIRMATIONS_PER_RECIPIENT_PER_HOUR, shared by the replicas; old counts go with housekeeping
    {
      provide: ConfirmationQuota,
      inject: [DataSource, Housekeeping],
      useFactory: (dataSource: DataSource, housekeeping: Housekeeping) => {
        const quota = new ConfirmationQuota(dataSource);
        housekeeping.add(quota.task());
        return quota;
      },
    },
  ],
  exports: [FormNotifications],
})
export class NotificationsModule {}
