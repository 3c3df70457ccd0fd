import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_MESSAGES } from '@storefront/contracts';
import { redactUrl, retryDelayMs } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEntity, OrderStatusHistoryEntity } from '../entities/index.js';
import { MAX_RETRY_DELAY_MS } from './backoff.js';
import { EMAIL_CONFIG, type EmailConfig } from './email-config.js';
import { EmailOutbox, type ClaimedEmail } from './email-outbox.js';
import { EmailSettings } from './email-settings.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';

/** One send may take this long before it counts as failed (SMTP timeouts are shorter still). */
export const SEND_TIMEOUT_MS = 60_000;
/** A claimed row's lease: well above SEND_TIMEOUT_MS, so a live worker never loses its row mid-send. */
export const LEASE_MS = 2 * SEND_TIMEOUT_MS;
/** Rows one pass delivers at most; a full pass schedules the next one at once. */
export const PASS_SIZE = 20;

export interface PassResult {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Delivers the outbox. Every EMAIL_POLL_INTERVAL_MS it claims due rows one at a time (SKIP LOCKED, so
 * replicas share the work), hands each to the transport and marks it sent right after the transport
 * accepts it: exactly once in practice (a crash between the two would send it again after the lease,
 * never lose it). A failed attempt waits EMAIL_RETRY_BASE_MS × 2^(attempts-1), capped; after
 * EMAIL_MAX_ATTEMPTS the row is 'failed' and logged as an error. The customer's confirmation, once
 * sent, marks the order emailSent with a history note, in the transaction that marks the row sent.
 */
@Injectable()
export class EmailWorker implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('EmailWorker');
  private timer: NodeJS.Timeout | undefined;
  private pass: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    @Inject(EMAIL_CONFIG) private readonly config: EmailConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly outbox: EmailOutbox,
    private readonly settings: EmailSettings,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
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
    if (this.config.workerEnabled) this.schedule(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.pass?.catch(() => undefined);
    await this.transport.close().catch(() => undefined);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tick(), delayMs);
  }

  private async tick(): Promise<void> {
    let full = false;
    try {
      const pass = this.runOnce();
      this.pass = pass;
      const result = await pass;
      full = result.sent + result.retried + result.failed >= PASS_SIZE;
    } catch (error) {
      // The database may be down for a moment: try again at the next interval.
      this.logger.warn(`E-mail pass failed: ${(error as Error).message}`, { event: 'email.pass-failed' });
    }
    this.schedule(full ? 0 : this.config.pollIntervalMs);
  }

  /** One pass: delivers up to PASS_SIZE due e-mails. Tests call it to run the worker deterministically. */
  async runOnce(): Promise<PassResult> {
    const result: PassResult = { sent: 0, retried: 0, failed: 0 };
    for (const row of await this.outbox.failAbandoned(this.config.maxAttempts)) {
      result.failed++;
      this.logger.error('E-mail failed for good: its worker stopped during the last attempt', {
        event: 'email.failed',
        outboxId: row.id,
        kind: row.kind,
        orderId: row.order_id,
      });
    }
    const tried: string[] = [];
    while (tried.length < PASS_SIZE && !this.stopped) {
      const email = await this.outbox.claimNext(LEASE_MS, this.config.maxAttempts, tried);
      if (!email) break;
      tried.push(email.id);
      result[await this.deliver(email)]++;
    }
    return result;
  }

  /** Runs passes until nothing is due (failed attempts wait for their retry time, so this ends). */
  async drain(maxPasses = 50): Promise<PassResult> {
    const total: PassResult = { sent: 0, retried: 0, failed: 0 };
    for (let pass = 0; pass < maxPasses; pass++) {
      const result = await this.runOnce();
      total.sent += result.sent;
      total.retried += result.retried;
      total.failed += result.failed;
      if (result.sent + result.retried + result.failed === 0) break;
    }
    return total;
  }

  private async deliver(email: ClaimedEmail): Promise<keyof PassResult> {
    const fields = { outboxId: email.id, kind: email.kind, orderId: email.orderId, attempt: email.attempts };
    try {
      const { fromAddress, fromName } = await this.settings.notifications();
      await this.transport.send(
        { from: { address: fromAddress, ...(fromName ? { name: fromName } : {}) }, to: email.recipient, cc: email.cc, subject: email.subject, html: email.html, text: email.text },
        AbortSignal.timeout(SEND_TIMEOUT_MS),
      );
    } catch (error) {
      return this.attemptFailed(email, error as Error);
    }
    // The transport has the message: record that at once, so it is not sent again.
    try {
      const ours = await this.dataSource.transaction((manager) => this.recordSent(manager, email));
      if (!ours) {
        this.logger.warn('E-mail was sent after its lease ran out; another worker may send it again', { event: 'email.lease-lost', ...fields });
      }
    } catch (error) {
      this.logger.error(`E-mail was sent but could not be marked sent; it will be sent again after the lease: ${(error as Error).message}`, {
        event: 'email.mark-sent-failed',
        ...fields,
      });
      return 'retried';
    }
    this.logger.log('E-mail sent', { event: 'email.sent', transport: this.transport.kind, ...fields });
    return 'sent';
  }

  /** Marks the row sent and, for the customer's confirmation, notes it on the order (spec §4 "On success"). */
  private async recordSent(manager: EntityManager, email: ClaimedEmail): Promise<boolean> {
    if (!(await this.outbox.markSent(manager, email))) return false;
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

  private async attemptFailed(email: ClaimedEmail, error: Error): Promise<keyof PassResult> {
    const final = email.attempts >= this.config.maxAttempts;
    const delay = retryDelayMs(email.attempts, this.config.retryBaseMs, MAX_RETRY_DELAY_MS);
    const reason = error.message || error.name;
    await this.outbox.markAttemptFailed(email, reason, delay, final);
    const fields = { outboxId: email.id, kind: email.kind, orderId: email.orderId, attempt: email.attempts, error: reason };
    if (final) {
      this.logger.error(`E-mail failed for good after ${email.attempts} attempts: ${reason}`, { event: 'email.failed', ...fields });
      return 'failed';
    }
    this.logger.warn(`E-mail attempt failed; next try in ${Math.round(delay / 1000)} s`, { event: 'email.retry', retryInMs: delay, ...fields });
    return 'retried';
  }
}
