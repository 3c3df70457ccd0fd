import { Module } from '@nestjs/common';
import { ContentStore } from '@storefront/site-config';
import { FormNotificationJob } from './notification-job.js';
import { NotificationContent } from './notification-content.js';
import { NOTIFICATIONS_CONFIG, readNotificationsConfig } from './notifications-config.js';
import { FormNotifications } from './form-notifications.js';
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
  ],
  exports: [FormNotifications],
})
export class NotificationsModule {}
