import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { EMAIL_MESSAGES } from '@storefront/contracts';
import { JobRunner, redactUrl, retryWhileDatabaseAway, type JobContext } from '@storefront/service-kit';
import { DataSource } from 'typeorm';
import { OrderStatusHistoryEntity } from '../entities/index.js';
import { deliveryFailureOf } from './delivery-failure.js';
import { EMAIL_CONFIG, emailRetryPolicy, type EmailConfig } from './email-config.js';
import { EMAIL_QUEUE, EMAIL_SWEEP_CRON, EMAIL_SWEEP_QUEUE, outboxMessageId, type EmailJob, type OrdersJobs } from './email-jobs.js';
import { EmailOutbox, type FailedAttempt, type OutboxEmail, type RetryBudget, type RetryDecision } from './email-outbox.js';
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
 * `email resend`). Either way the job itself completes. A run that cannot finish its bookkeeping
 * (the process dies, the database stays away) fails its job, which pg-boss neither retries nor
 * dead-letters: the sweep (every minute) counts it as a failed attempt on the same schedule. So
 * e-mail has one retry schedule and one dead-letter list, the outbox's.
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
    this.jobs.handle(EMAIL_SWEEP_QUEUE, () => this.sweep().then(() => undefined));
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

  async onApplicationBootstrap(): Promise<void> {
    // the schedule lives in the database (one per queue); a replica without workers leaves it alone
    if (this.jobs.workersEnabled) await this.jobs.schedule(EMAIL_SWEEP_QUEUE, EMAIL_SWEEP_CRON, {});
  }

  /** After the job runner stopped its workers (onModuleDestroy), so no send is cut off. */
  async onApplicationShutdown(): Promise<void> {
    await this.transport.close().catch(() => undefined);
  }

  /**
   * One attempt at the job's outbox row. Throws only when the outcome could not be recorded; the job
   * then fails and the sweep takes the row up.
   */
  async deliver(job: EmailJob, context: JobContext): Promise<void> {
    await this.attempt(job, context, { outboxId: job.emailId, kind: job.kind, jobId: context.id });
  }

  /**
   * Gives the next attempt to queued rows whose job failed or vanished without recording one (see
   * EmailOutbox.redriveLostJobs), on the rows' own retry schedule. Answers what it did per row.
   */
  async sweep(): Promise<(FailedAttempt & { id: string })[]> {
    const outcomes = await this.outbox.redriveLostJobs(({ jobError, ...budget }) => this.decide({ permanent: false, reason: `Not sent: ${jobError}` }, budget));
    for (const outcome of outcomes) {
      if (outcome.outcome === 'retry') {
        this.logger.warn(`E-mail ${outcome.id}: its job ended without recording the attempt; trying again in ${outcome.retryInSeconds} s`, {
          event: 'email.redriven',
          outboxId: outcome.id,
          attempts: outcome.attempts,
          retryInSeconds: outcome.retryInSeconds,
          nextJobId: outcome.jobId,
        });
      } else if (outcome.outcome === 'dead-letter') {
        this.logger.error(`E-mail ${outcome.id}: its job ended without recording the attempt and its retries are spent; parked as a dead letter`, {
          event: 'email.failed',
          outboxId: outcome.id,
          attempts: outcome.attempts,
        });
      }
    }
    return outcomes;
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
    // a job queued before its row's last recorded attempt: another job or `email resend` carries it on
    if (job.attempts !== email.attempts) {
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
        (await retryWhileDatabaseAway(() => this.outbox.fixMessageId(email.id, outboxMessageId(email.id, fromAddress)), { signal: context.signal }));
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
   * SMTP has the message, the only thing that could send it again is this job failing and the sweep
   * queuing the row's next attempt. So the write is tried again on ANY error, not only the ones known to mean
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
        const ours = await this.recordSent(email);
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
      result = await this.outbox.recordFailedAttempt(email, job.attempts, (budget) => this.decide(failure, budget));
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

  /** What a failed attempt leads to: a permanent failure or a spent budget parks the row, else the next wait. */
  private decide(failure: { permanent: boolean; reason: string }, { retry, elapsedMs }: RetryBudget): RetryDecision {
    if (failure.permanent) return { deadLetter: `Refused for good, not retried: ${failure.reason}` };
    const waitMs = nextRetryDelayMs(this.retryPolicy, retry, elapsedMs);
    if (waitMs === null) return { deadLetter: `Still failing after ${hoursOf(elapsedMs)} of retries: ${failure.reason}` };
    return { retryInSeconds: waitMs / 1000, error: failure.reason };
  }

  /**
   * Marks the row sent and, for the customer's confirmation, notes it on the order (spec §4 "On
   * success"): that one is a transaction; any other e-mail is one statement.
   */
  private recordSent(email: OutboxEmail): Promise<boolean> {
    const orderId = email.kind === 'order-confirmation' ? email.orderId : null;
    if (!orderId) return this.outbox.markSent(this.dataSource.manager, email.id, email.kind);
    return this.dataSource.transaction(async (manager) => {
      if (!(await this.outbox.markSent(manager, email.id, email.kind))) return false;
      // The UPDATE locks the row, so the note carries the status the order has at this moment.
      const [rows] = (await manager.query(`UPDATE orders SET email_sent = true, updated_at = CURRENT_TIMESTAMP WHERE id = $1 RETURNING status`, [orderId])) as [
        { status: string }[],
        number,
      ];
      const order = rows[0];
      if (!order) return true;
      await manager.insert(OrderStatusHistoryEntity, {
        order: { id: orderId },
        status: order.status,
        comment: EMAIL_MESSAGES.confirmationSent(email.recipient),
        isCustomerNotified: true,
      });
      return true;
    });
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
