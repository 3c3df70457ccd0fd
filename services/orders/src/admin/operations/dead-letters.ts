import { HttpException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import {
  ADMIN_OPERATIONS_MESSAGES,
  DEAD_LETTER_MESSAGES,
  type AdminDeadLettersResponse,
  type AdminEmailDeadLetter,
  type AdminEmailResendResponse,
  type AdminJobDeadLetter,
  type AdminJobRetryResponse,
  type DeadLetterSummary,
  type DeadLettersResponse,
  type JobService,
} from '@storefront/contracts';
import { JobRunner, deadLetterSummary, isJobId, type AdminCaller } from '@storefront/service-kit';
import { DataSource } from 'typeorm';
import { EmailOutbox, type DeadLetterEmail } from '../../email/index.js';
import { audited, auditorOf } from '../audit/admin-audit.js';
import { FormsClient } from '../leads/forms-client.js';
import { PaymentsClient } from '../refunds/payments-client.js';
import { ServiceAnswerInvalid, ServiceUnavailable, serviceHttpError } from '../upstream/internal-service.js';
import type { RemoteDeadLetters } from '../upstream/remote-dead-letters.js';

/** One source of the operations page: its dead letters, or why it could not be read. */
type Source<T> = { unavailable: false; message: null; deadLetters: T[] } | { unavailable: true; message: string; deadLetters: [] };

/** A refusal the caller can act on (a 4xx), as opposed to a failure: what the audit calls it. */
const isRefusal = (error: unknown): boolean => error instanceof HttpException && error.getStatus() < 500;

function emailLetterOf(letter: DeadLetterEmail): AdminEmailDeadLetter {
  return {
    id: letter.id,
    kind: letter.kind,
    recipient: letter.recipient,
    subject: letter.subject,
    attempts: letter.attempts,
    lastError: letter.lastError,
    failedAt: letter.failedAt ? letter.failedAt.toISOString() : null,
  };
}

function jobLetterOf(service: JobService, letter: DeadLetterSummary): AdminJobDeadLetter {
  return { service, id: letter.id, queue: letter.queue, failedAt: letter.failedAt, attempts: letter.attempts, error: letter.error };
}

/**
 * What could not be done in the background, from every source, for the back office's operations:
 * the e-mail outbox's parked e-mails (this service's database), this service's job runner (in
 * process) and the job runners of forms and payments (their internal routes, signed as `orders`).
 * The sources are read at once and each answers on its own, so a service that is down is one
 * source marked unavailable, never the whole page. Resending and retrying are audited writes.
 */
@Injectable()
export class DeadLetterSources {
  private readonly logger = new Logger('admin-dead-letters');

  constructor(
    private readonly db: DataSource,
    private readonly outbox: EmailOutbox,
    private readonly jobs: JobRunner,
    private readonly forms: FormsClient,
    private readonly payments: PaymentsClient,
  ) {}

  async list(): Promise<AdminDeadLettersResponse> {
    const [emails, forms, orders, payments] = await Promise.all([
      this.read('emails', ADMIN_OPERATIONS_MESSAGES.outboxUnreadable, async () => (await this.outbox.deadLetters()).map(emailLetterOf)),
      this.read('forms', ADMIN_OPERATIONS_MESSAGES.jobsUnreadable, async () => this.remoteLetters('forms', await this.forms.deadLetters.list())),
      this.read('orders', ADMIN_OPERATIONS_MESSAGES.jobsUnreadable, async () => (await this.jobs.deadLetters()).map((letter) => jobLetterOf('orders', deadLetterSummary(letter)))),
      this.read('payments', ADMIN_OPERATIONS_MESSAGES.jobsUnreadable, async () => this.remoteLetters('payments', await this.payments.deadLetters.list())),
    ]);
    return { emails, jobs: { forms, orders, payments } };
  }

  /** Queues a parked e-mail again (fresh retries), in one transaction with its audit row; 404 when it is no dead letter. */
  resendEmail(caller: AdminCaller, id: string): Promise<AdminEmailResendResponse> {
    return audited(
      this.db,
      auditorOf(caller),
      'email.resend',
      id,
      async (manager, changes) => {
        const jobId = await this.outbox.resendIn(manager, id);
        if (jobId === undefined) throw new NotFoundException({ message: ADMIN_OPERATIONS_MESSAGES.emailNotDeadLetter, errorType: 'notDeadLetter' });
        changes.before = { status: 'failed' };
        changes.after = { status: 'queued', jobId };
        return { id, jobId };
      },
      { isRefusal },
    );
  }

  /** Sends a job runner's dead letter back to its queue as a new job, audited; 404 when it is no dead letter, 503 when its service does not answer. */
  retryJob(caller: AdminCaller, service: JobService, id: string): Promise<AdminJobRetryResponse> {
    return audited(
      this.db,
      auditorOf(caller),
      'job.retry',
      `${service}:${id}`,
      async (_manager, changes) => {
        const retried = await this.retryIn(service, id);
        changes.after = { service, queue: retried.queue, newJobId: retried.newJobId };
        return { service, ...retried };
      },
      { isRefusal },
    );
  }

  private async retryIn(service: JobService, id: string): Promise<Omit<AdminJobRetryResponse, 'service'>> {
    const notFound = () => new NotFoundException({ message: DEAD_LETTER_MESSAGES.notFound, errorType: 'notDeadLetter' });
    if (service === 'orders') {
      if (!isJobId(id)) throw notFound();
      const [job] = (await this.jobs.retryDeadLetters([id.toLowerCase()])).redriven;
      if (!job) throw notFound();
      return { id: job.deadLetterId, queue: job.queue, newJobId: job.jobId };
    }
    let answer;
    try {
      answer = await this.remote(service).retry(id);
    } catch (error) {
      throw serviceHttpError(error);
    }
    const [job] = answer.retried;
    if (!job) throw notFound();
    return { id: job.id, queue: job.queue, newJobId: job.newJobId };
  }

  private remote(service: Exclude<JobService, 'orders'>): RemoteDeadLetters {
    return service === 'forms' ? this.forms.deadLetters : this.payments.deadLetters;
  }

  /** A remote runner's answer, checked to be the service asked (a URL pointing at another service is a misconfiguration, said so). */
  private remoteLetters(service: Exclude<JobService, 'orders'>, answer: DeadLettersResponse): AdminJobDeadLetter[] {
    if (answer.service !== service) {
      const message = `The ${service} service's address answers as ${answer.service}: check ${service.toUpperCase()}_SERVICE_URL.`;
      this.logger.error(message, { event: 'admin.dead-letters-wrong-service', source: service });
      throw new ServiceAnswerInvalid(service, message);
    }
    return answer.deadLetters.map((letter) => jobLetterOf(service, letter));
  }

  /** One source read on its own: what it failed with stays its own (a called service's words, else `unreadable`). */
  private async read<T>(source: string, unreadable: string, reading: () => Promise<T[]>): Promise<Source<T>> {
    try {
      return { unavailable: false, message: null, deadLetters: await reading() };
    } catch (error) {
      // a service that answered something unusable says what to check; one that did not answer, that it did not
      if (error instanceof ServiceAnswerInvalid) return { unavailable: true, message: error.message, deadLetters: [] };
      if (error instanceof ServiceUnavailable) return { unavailable: true, message: ADMIN_OPERATIONS_MESSAGES.sourceUnavailable(error.service), deadLetters: [] };
      this.logger.error(`The dead letters of ${source} could not be read: ${error instanceof Error ? error.message : String(error)}`, { event: 'admin.dead-letters-unreadable', source });
      return { unavailable: true, message: unreadable, deadLetters: [] };
    }
  }
}
