import { Module } from '@nestjs/common';
import { ContentStore } from '@storefront/site-config';
import { DataSource } from 'typeorm';
import { CreateEmailOutbox1764000000610 } from '../migrations/1764000000610-create-email-outbox.js';
import { CreateMailboxMessage1764000000620 } from '../migrations/1764000000620-create-mailbox-message.js';
import { FormEmailKinds1764000000630 } from '../migrations/1764000000630-form-email-kinds.js';
import { EmailOutboxOnJobRunner1764000000800 } from '../migrations/1764000000800-email-outbox-on-job-runner.js';
import { LocalMailboxTransport } from './mailbox/local-mailbox.transport.js';
import { LocalMailboxOnly, MailboxController } from './mailbox/mailbox.controller.js';
import { MailboxMessageEntity } from './mailbox/mailbox-message.entity.js';
import { AccountEmails } from './account-emails.js';
import { EMAIL_CONFIG, readEmailConfig, type EmailConfig } from './email-config.js';
import { EmailDelivery } from './email-delivery.js';
import { EmailOutbox } from './email-outbox.js';
import { EmailOutboxEntity } from './email-outbox.entity.js';
import { EmailSettings } from './email-settings.js';
import { FormEmailsController } from './form-emails.controller.js';
import { FormEmailsService } from './form-emails.service.js';
import { MAIL_TRANSPORT } from './mail-transport.js';
import { OrderEmails } from './order-emails.js';
import { QuoteEmails } from './quote-emails.js';
import { RetentionTasks } from './retention.js';
import { SendEmailController } from './send-email.controller.js';
import { SendEmailService } from './send-email.service.js';
import { SmtpTransport } from './smtp-transport.js';
import { OutboxMetrics } from './outbox-metrics.js';

/** For the orders service's database module (app.module.ts). */
export const EMAIL_ENTITIES = [EmailOutboxEntity, MailboxMessageEntity];
/** The e-mail migrations up to 630; 800 (the outbox on the job runner) runs after the amounts-in-cents one. */
export const EMAIL_MIGRATIONS = [CreateEmailOutbox1764000000610, CreateMailboxMessage1764000000620, FormEmailKinds1764000000630];
export const EMAIL_JOB_RUNNER_MIGRATIONS = [EmailOutboxOnJobRunner1764000000800];

/**
 * Order e-mails: the outbox (OrderEmails queues a row and its job, EmailDelivery is the `email`
 * queue's handler on the service's job runner), the transport (SMTP or the local mailbox),
 * POST /api/email/send-email, the forms service's POST /internal/email/queue and /dev/mailbox.
 * Exports OrderEmails for the orders code, QuoteEmails for the quotes' (the admin API),
 * AccountEmails for the accounts' (the password reset link) and EmailOutbox for the back office's
 * operations (its dead letters, resent).
 */
@Module({
  controllers: [SendEmailController, MailboxController, FormEmailsController],
  providers: [
    { provide: EMAIL_CONFIG, useFactory: () => readEmailConfig() },
    {
      provide: MAIL_TRANSPORT,
      inject: [EMAIL_CONFIG, DataSource],
      useFactory: (config: EmailConfig, dataSource: DataSource) =>
        config.smtpUrl ? new SmtpTransport(config.smtpUrl) : new LocalMailboxTransport(dataSource),
    },
    { provide: ContentStore, useFactory: () => new ContentStore() },
    EmailSettings,
    EmailOutbox,
    OrderEmails,
    QuoteEmails,
    AccountEmails,
    EmailDelivery,
    SendEmailService,
    FormEmailsService,
    LocalMailboxOnly,
    RetentionTasks,
    // the oldest queued e-mail's age on /metrics (the alert on stalled delivery)
    OutboxMetrics,
  ],
  exports: [OrderEmails, QuoteEmails, AccountEmails, EmailOutbox],
})
export class EmailModule {}
