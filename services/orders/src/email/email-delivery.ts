import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_MESSAGES } from '@storefront/contracts';
import { JobRunner, redactUrl, type JobContext } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEntity, OrderStatusHistoryEntity } from '../entities/index.js';
import { EMAIL_CONFIG, type EmailConfig } from './email-config.js';
import { EMAIL_QUEUE, messageIdFor, type EmailJob, type OrdersJobs } from './email-jobs.js';
import { EmailOutbox, type OutboxEmail } from './email-outbox.js';
import { REDACTED_AFTER_SENDING } from './email-outbox.entity.js';
import { EmailSettings } from './email-settings.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';

/**
 * The handler of the `email` queue (service-kit's job runner): delivers one outbox row. It hands the
 * message to the transport, with a Message-ID derived from the row's dedupe key, and marks the row
 * sent right after the transport accepts it: exactly once in practice (a crash between the two
 * sends it again, under the same Message-ID, never loses it). A row already sent is never sent
 * again, whatever job runs for it. A failure is recorded on the row and thrown: the runner retries
 * the job with backoff (EMAIL_RETRY_LIMIT, EMAIL_RETRY_DELAY_SECONDS), then dead-letters it and the
 * row is 'failed' until the dead letter is re-driven. The customer's confirmation, once sent, marks
 * the order emailSent with a history note, in the transaction that marks the row sent.
 */
@Injectable()
export class EmailDelivery implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EmailDelivery');

  constructor(
    @Inject(EMAIL_CONFIG) private readonly config: EmailConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly outbox: EmailOutbox,
    private readonly settings: EmailSettings,
    private readonly jobs: JobRunner<OrdersJobs>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.handle(EMAIL_QUEUE, (job, context) => this.deliver(job, context));
    this.logger.log(
      this.transport.kind === 'smtp'
        ? `E-mail goes out through ${redactUrl(this.config.smtpUrl)}`
        : 'E-mail goes to the local mailbox (SMTP_URL is not set): read it at /dev/mailbox',
      { event: 'email.transport', transport: this.transport.kind, workerEnabled: this.config.workerEnabled },
    );
    // A missing or broken notifications file is found at start-up, not at the first paid order.
    this.settings.notifications().catch((error: Error) =>
      this.logger.warn(`Order e-mails have no admin recipients or From until this is fixed: ${error.message}`, { event: 'email.settings-unreadable' }),
    );
  }

  /** Rows queued before the outbox ran on the job runner get their job (normally there are none). */
  async onApplicationBootstrap(): Promise<void> {
    const adopted = await this.outbox.adoptUnqueued();
    if (adopted > 0) this.logger.log(`${adopted} queued e-mail(s) from before the job runner now have their job`, { event: 'email.adopted', adopted });
  }

  /** After the job runner stopped its workers (onModuleDestroy), so no send is cut off. */
  async onApplicationShutdown(): Promise<void> {
    await this.transport.close().catch(() => undefined);
  }

  /** Delivers the job's outbox row; throws to have the attempt retried. */
  async deliver(job: EmailJob, context: JobContext): Promise<void> {
    const email = await this.outbox.find(job.emailId);
    const fields = { outboxId: job.emailId, kind: job.kind, jobId: context.id, attempt: context.attempt };
    if (!email) {
      this.logger.error('E-mail job for an outbox row that does not exist; nothing to send', { event: 'email.missing', ...fields });
      return;
    }
    if (email.status === 'sent') {
      this.logger.warn('E-mail was sent already; not sending it again', { event: 'email.already-sent', orderId: email.orderId, ...fields });
      return;
    }
    let messageId: string | undefined;
    try {
      const { fromAddress, fromName } = await this.settings.notifications();
      messageId = messageIdFor(email.dedupeKey, fromAddress);
      await this.transport.send(
        {
          from: { address: fromAddress, ...(fromName ? { name: fromName } : {}) },
          to: email.recipient,
          cc: email.cc,
          subject: email.subject,
          html: email.html,
          text: email.text,
          messageId,
        },
        context.signal,
      );
    } catch (error) {
      const reason = (error as Error).message || (error as Error).name;
      await this.outbox.markAttemptFailed(email.id, reason, context.final).catch((record: Error) =>
        this.logger.warn(`Could not record the failed attempt: ${record.message}`, { event: 'email.record-failed', ...fields }),
      );
      this.logger[context.final ? 'error' : 'warn'](
        context.final ? `E-mail failed its last attempt; its job is a dead letter: ${reason}` : `E-mail attempt failed; the job runner retries it: ${reason}`,
        { event: context.final ? 'email.failed' : 'email.retry', orderId: email.orderId, error: reason, ...fields },
      );
      throw error;
    }
    // The transport has the message: record that at once, so it is not sent again. If this fails the
    // job is retried and sends it again, under the same Message-ID.
    const ours = await this.dataSource.transaction((manager) => this.recordSent(manager, email));
    if (!ours) this.logger.warn('E-mail was sent twice: another job sent it first', { event: 'email.sent-twice', messageId, ...fields });
    this.logger.log('E-mail sent', { event: 'email.sent', transport: this.transport.kind, orderId: email.orderId, messageId, ...fields });
  }

  /** Marks the row sent and, for the customer's confirmation, notes it on the order (spec §4 "On success"). */
  private async recordSent(manager: EntityManager, email: OutboxEmail): Promise<boolean> {
    if (!(await this.outbox.markSent(manager, email.id))) return false;
    const redacted = REDACTED_AFTER_SENDING.get(email.kind);
    if (redacted) await this.outbox.redactBody(manager, email.id, redacted);
    if (email.kind !== 'order-confirmation' || !email.orderId) return true;
    // Locked, so the note carries the status the order has at this moment.
    const order = await manager.findOne(OrderEntity, { where: { id: email.orderId }, select: { id: true, status: true }, lock: { mode: 'pessimistic_write' } });
    if (!order) return true;
    await manager.update(OrderEntity, { id: order.id }, { emailSent: true });
    await manager.insert(OrderStatusHistoryEntity, {
      order: { id: order.id },
      status: order.status,
      comment: EMAIL_MESSAGES.confirmationSent(email.recipient),
      isCustomerNotified: true,
    });
    return true;
  }
}
