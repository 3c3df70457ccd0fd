import { Module } from '@nestjs/common';
import { ContentStore } from '@storefront/site-config';
import { DataSource } from 'typeorm';
import { CreateEmailOutbox1764000000610 } from '../migrations/1764000000610-create-email-outbox.js';
import { CreateMailboxMessage1764000000620 } from '../migrations/1764000000620-create-mailbox-message.js';
import { FormEmailKinds1764000000630 } from '../migrations/1764000000630-form-email-kinds.js';
import { LocalMailboxTransport } from '../mailbox/local-mailbox.transport.js';
import { LocalMailboxOnly, MailboxController } from '../mailbox/mailbox.controller.js';
import { MailboxMessageEntity } from '../mailbox/mailbox-message.entity.js';
import { EMAIL_CONFIG, readEmailConfig, type EmailConfig } from './email-config.js';
import { EmailOutbox } from './email-outbox.js';
import { EmailOutboxEntity } from './email-outbox.entity.js';
import { EmailSettings } from './email-settings.js';
import { EmailWorker } from './email-worker.js';
import { FormEmailsController } from './form-emails.controller.js';
import { FormEmailsService } from './form-emails.service.js';
import { MAIL_TRANSPORT } from './mail-transport.js';
import { OrderEmails } from './order-emails.js';
import { SendEmailController } from './send-email.controller.js';
import { SendEmailService } from './send-email.service.js';
import { SmtpTransport } from './smtp-transport.js';

/** For the orders service's database module (app.module.ts). */
export const EMAIL_ENTITIES = [EmailOutboxEntity, MailboxMessageEntity];
export const EMAIL_MIGRATIONS = [CreateEmailOutbox1764000000610, CreateMailboxMessage1764000000620, FormEmailKinds1764000000630];

/**
 * Order e-mails: the outbox (OrderEmails queues, EmailWorker delivers), the transport (SMTP or the
 * local mailbox), POST /api/email/send-email, the forms service's POST /internal/email/queue and /dev/mailbox. Exports OrderEmails for the orders code.
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
    EmailWorker,
    SendEmailService,
    FormEmailsService,
    LocalMailboxOnly,
  ],
  exports: [OrderEmails],
})
export class EmailModule {}
