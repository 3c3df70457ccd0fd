import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_MESSAGES } from '@storefront/contracts';
import { JobRunner, redactUrl, retryWhileDatabaseAway, type JobContext } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEntity, OrderStatusHistoryEntity } from '../entities/index.js';
import { deliveryFailureOf } from './delivery-failure.js';
import { EMAIL_CONFIG, emailRetryPolicy, type EmailConfig } from './email-config.js';
import { EMAIL_QUEUE, legacyMessageIdFor, outboxMessageId, type EmailJob, type OrdersJobs } from './email-jobs.js';
import { EmailOutbox, type FailedAttempt, type OutboxEmail } from './email-outbox.js';
import { EmailSettings } from './email-settings.js';
import { MAIL_TRANSPORT, type MailTransport } from './mail-transport.js';
import { nextRetryDelayMs, typicalRetries, type RetryPolicy } from './retry-schedule.js';

/**
 * The handler of the `email` queue (service-kit's job runner): makes one attempt at one outbox row. It
 * hands the message to the transport, with the row's Message-ID (stored before the first attempt,
 * the same on every one), and marks the row sent right after the transport accepts it: exactly once
 * in practice (a crash between the two sends it again, under the same Message-ID, never loses it). A
 * row already sent is never sent again, whatever job runs for it; a job whose row has moved on since
 * it was queued (EmailJob.attempts) sends nothing.
 *
 * A failed send is sorted (delivery-failure.ts): a transient one (connection refused, timeouts, a 4xx
 * reply) is recorded on the row and the next attempt queued as a new job after a wait from the retry
 * schedule (retry-schedule.ts: full jitter, capped by EMAIL_RETRY_MAX_DELAY_SECONDS, for
 * EMAIL_RETRY_FOR_HOURS from the first failure); a permanent one (a 5xx reply, e.g. 550 mailbox
 * unknown), or one still failing when the time is up, parks the row as a dead letter (status
 * 'failed', `failed_at`, the reason in `last_error`) for the back office (`email dead-letters`,
 * `email resend`). Either way the job itself completes. Only a run that cannot finish its
 * bookkeeping (the database unreachable) throws, and pg-boss retries it (EMAIL_JOB_RETRIES).
 * The customer's confirmation, once sent, marks the order emailSent with a history note, in the
 * transaction that marks the row sent.
 */
@Injectable()
export class EmailDelivery implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('EmailDelivery');
  private readonly retryPolicy: RetryPolicy;

  constructor(
    @Inject(EMAIL_CONFIG) private readonly config: EmailConfig,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly outbox: EmailOutbox,
    private readonly settings: EmailSettings,
    private readonly jobs: JobRunner<OrdersJobs>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.retryPolicy = emailRetryPolicy(config);
  }

  onModuleInit(): void {
    this.jobs.handle(EMAIL_QUEUE, (job, context) => this.deliver(job, context));
    this.logger.log(
      this.transport.kind === 'smtp'
        ? `E-mail goes out through ${redactUrl(this.config.smtpUrl)}`
        : 'E-mail goes to the local mailbox (SMTP_URL is not set): read it at /dev/mailbox',
      {
        event: 'email.transport',
        transport: this.transport.kind,
        workerEnabled: this.config.workerEnabled,
        retryForHours: this.config.retryForHours,
        retryDelaySeconds: this.config.retryDelaySeconds,
        retryMaxDelaySeconds: this.config.retryMaxDelaySeconds,
        typicalAttempts: typicalRetries(this.retryPolicy) + 1,
      },
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

  /**
   * One attempt at the job's outbox row. Throws only when the outcome could not be recorded (pg-boss
   * retries the run); when that was its last retry the row is parked as a dead letter if it can be.
   */
  async deliver(job: EmailJob, context: JobContext): Promise<void> {
    const fields = { outboxId: job.emailId, kind: job.kind, jobId: context.id, jobAttempt: context.attempt };
    try {
      await this.attempt(job, context, fields);
    } catch (error) {
      if (context.final) {
        const reason = `The delivery job failed its last run: ${(error as Error).message || (error as Error).name}`;
        const parked = await this.outbox.parkAfterJobFailure(job.emailId, job.attempts, reason).catch(() => false);
        this.logger.error(`${reason}; ${parked ? 'the e-mail is parked as a dead letter (email resend)' : 'the row could not be parked (npm run jobs)'}`, {
          event: 'email.job-failed',
          parked,
          ...fields,
        });
      }
      throw error;
    }
  }

  private async attempt(job: EmailJob, context: JobContext, fields: Record<string, unknown>): Promise<void> {
    // a job that starts while PostgreSQL restarts waits for it (bounded) rather than failing over to
    // pg-boss's retry, 30 s or more away: nothing has been sent yet
    const email = await retryWhileDatabaseAway(() => this.outbox.find(job.emailId), { signal: context.signal });
    if (!email) {
      this.logger.error('E-mail job for an outbox row that does not exist; nothing to send', { event: 'email.missing', ...fields });
      return;
    }
    if (email.status === 'sent') {
      this.logger.warn('E-mail was sent already; not sending it again', { event: 'email.already-sent', orderId: email.orderId, ...fields });
      return;
    }
    // a job queued before its row's last recorded attempt (or, from before the outbox scheduled its own
    // retries, one re-driven for a parked row): another job or `email resend` carries it on
    if (job.attempts === undefined ? email.status === 'failed' : job.attempts !== email.attempts) {
      this.logger.warn('E-mail job is stale (its row moved on since it was queued); nothing sent', {
        event: 'email.stale-job',
        status: email.status,
        attempts: email.attempts,
        ...fields,
      });
      return;
    }
    let messageId: string | undefined;
    try {
      const { fromAddress, fromName } = await this.settings.notifications();
      messageId =
        email.messageId ??
        (await retryWhileDatabaseAway(() => this.outbox.fixMessageId(email.id, email.attempts > 0 ? legacyMessageIdFor(email.dedupeKey, fromAddress) : outboxMessageId(email.id, fromAddress)), { signal: context.signal }));
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
      await this.recordFailure(email, job, error, { ...fields, orderId: email.orderId, messageId });
      return;
    }
    const ours = await this.recordAccepted(email, context.signal, { ...fields, messageId });
    if (!ours) this.logger.warn('E-mail was sent twice: another job sent it first', { event: 'email.sent-twice', messageId, ...fields });
    this.logger.log('E-mail sent', { event: 'email.sent', transport: this.transport.kind, orderId: email.orderId, messageId, attempt: email.attempts + 1, ...fields });
  }

  /**
   * Records that the transport accepted the row's message. Exactly-once rests on this write: once
   * SMTP has the message, the only thing that could send it again is this job failing and pg-boss
   * running it again. So the write is tried again on ANY error, not only the ones known to mean
   * "database away" (a restart surfaces under many names: dropped connections, released query
   * runners, timeouts), waiting 250 ms doubling to 4 s, for as long as the attempt may run (until
   * its signal aborts, a little under EMAIL_JOB_EXPIRE_SECONDS, far longer than a restart). The
   * guarantee: an e-mail SMTP accepted is never sent again unless the database refuses the record
   * for that whole time or the process dies between the two; then it goes again under the row's
   * Message-ID (stored before the first attempt), which the receiving side reads as the same
   * message. Resolves whether this job marked it (false: another run had already).
   */
  private async recordAccepted(email: OutboxEmail, signal: AbortSignal, fields: Record<string, unknown>): Promise<boolean> {
    let marked: boolean | undefined;
    for (let waitMs = 250, tries = 1; ; waitMs = Math.min(waitMs * 2, 4000), tries++) {
      try {
        const ours = await this.dataSource.transaction((manager) => this.recordSent(manager, email));
        // a try whose commit reached the server but whose answer was lost finds the row sent next time
        return marked ?? ours;
      } catch (error) {
        if (signal.aborted) throw error;
        if (tries === 1) marked = true;
        this.logger.warn(`E-mail accepted by the transport, but marking it sent failed (try ${tries}); trying again in ${waitMs} ms: ${(error as Error).message}`, {
          event: 'email.record-retry',
          ...fields,
        });
        await pause(waitMs, signal);
        if (signal.aborted) throw error;
      }
    }
  }

  /** Records the failed send on the row: the next attempt queued after its wait, or parked as a dead letter. */
  private async recordFailure(email: OutboxEmail, job: EmailJob, error: unknown, fields: Record<string, unknown>): Promise<void> {
    const failure = deliveryFailureOf(error);
    let result: FailedAttempt;
    try {
      result = await this.outbox.recordFailedAttempt(email, job.attempts, ({ retry, elapsedMs }) => {
        if (failure.permanent) return { deadLetter: `Refused for good, not retried: ${failure.reason}` };
        const waitMs = nextRetryDelayMs(this.retryPolicy, retry, elapsedMs);
        if (waitMs === null) return { deadLetter: `Still failing after ${hoursOf(elapsedMs)} of retries: ${failure.reason}` };
        return { retryInSeconds: waitMs / 1000, error: failure.reason };
      });
    } catch (recordError) {
      throw new Error(`${failure.reason} (and the attempt could not be recorded: ${(recordError as Error).message})`, { cause: recordError });
    }
    if (result.outcome === 'retry') {
      this.logger.warn(`E-mail attempt ${result.attempts} failed; trying again in ${result.retryInSeconds} s: ${failure.reason}`, {
        event: 'email.retry',
        error: failure.reason,
        attempts: result.attempts,
        retryInSeconds: result.retryInSeconds,
        nextJobId: result.jobId,
        ...fields,
      });
    } else if (result.outcome === 'dead-letter') {
      this.logger.error(
        `${failure.permanent ? 'E-mail refused for good' : 'E-mail still failing after its retries'}; parked as a dead letter (npm run -s backoffice -- email dead-letters): ${failure.reason}`,
        { event: 'email.failed', error: failure.reason, permanent: failure.permanent, attempts: result.attempts, ...fields },
      );
    } else {
      this.logger.warn('E-mail attempt failed, but its row moved on meanwhile; nothing recorded', { event: 'email.stale-job', error: failure.reason, ...fields });
    }
  }

  /** Marks the row sent and, for the customer's confirmation, notes it on the order (spec §4 "On success"). */
  private async recordSent(manager: EntityManager, email: OutboxEmail): Promise<boolean> {
    if (!(await this.outbox.markSent(manager, email.id))) return false;
    await this.outbox.forgetSecrets(manager, email.id, email.kind);
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

/** Waits `ms`, or less if `signal` aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/** "72 h", "1.5 h": how long an e-mail was retried, for its dead letter's reason. */
function hoursOf(ms: number): string {
  return `${Math.round((ms / 3_600_000) * 10) / 10} h`;
}
