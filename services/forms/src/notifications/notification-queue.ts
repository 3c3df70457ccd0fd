import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import type { FormNotification } from '@storefront/contracts';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import { FormNotificationJob } from './notification-job.js';
import { NOTIFICATIONS_CONFIG, type NotificationsConfig } from './notifications-config.js';

/** pg-boss's tables (job, queue, archive, ...) live in their own schema of the forms database. */
export const JOB_SCHEMA = 'forms_jobs';
export const NOTIFICATION_QUEUE = 'form-notification';
/** A job running longer than this (the orders call is bounded far below it) counts as failed and is retried. */
const JOB_EXPIRE_SECONDS = 120;

/**
 * pg-boss's `db` option: it runs its own SQL through this executor, here the submission's TypeORM
 * transaction, so the job row commits or rolls back with the submission. The query runner's
 * structured result gives pg's rows for any command (plain `query` reshapes UPDATE/DELETE answers).
 */
export function transactionExecutor(manager: EntityManager): PgBoss.Db {
  const runner = manager.queryRunner;
  if (!runner || !runner.isTransactionActive) {
    throw new Error('A form notification is queued inside the submission transaction (EntityManager of dataSource.transaction)');
  }
  return {
    async executeSql(text: string, values: unknown[]) {
      const result = await runner.query(text, values, true);
      return { rows: result.records ?? [] };
    },
  };
}

/**
 * The durable queue of form notifications (pg-boss 10 on the forms database). `queue` writes the job
 * in the caller's transaction; the worker (this process and every replica, SKIP LOCKED) runs
 * FormNotificationJob, and a failed attempt is retried FORM_EMAIL_RETRY_LIMIT times with exponential
 * backoff from FORM_EMAIL_RETRY_DELAY_SECONDS, so an orders service that is down only delays e-mails.
 */
@Injectable()
export class FormNotificationQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('FormNotificationQueue');
  private readonly boss: PgBoss;
  private workerId: string | undefined;

  constructor(
    @Inject(NOTIFICATIONS_CONFIG) private readonly config: NotificationsConfig,
    private readonly job: FormNotificationJob,
  ) {
    this.boss = new PgBoss({
      connectionString: config.databaseUrl,
      schema: JOB_SCHEMA,
      max: 2,
      application_name: 'storefront-forms-notifications',
    });
    this.boss.on('error', (error) => this.logger.warn(`Form e-mail queue: ${error.message}`, { event: 'form-email.queue-error' }));
  }

  async onModuleInit(): Promise<void> {
    await this.boss.start();
    // idempotent: replicas starting together create it once
    await this.boss.createQueue(NOTIFICATION_QUEUE);
    if (this.config.workerEnabled) await this.startWorker();
    this.logger.log(`Form e-mails go to the orders service at ${this.config.ordersServiceUrl}`, {
      event: 'form-email.config',
      workerEnabled: this.config.workerEnabled,
    });
  }

  async onModuleDestroy(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch(() => undefined);
  }

  /** Starts the worker (tests that disabled it at start call this). */
  async startWorker(): Promise<void> {
    if (this.workerId) return;
    this.workerId = await this.boss.work<FormNotification>(
      NOTIFICATION_QUEUE,
      { pollingIntervalSeconds: this.config.pollIntervalMs / 1000, batchSize: 1 },
      async ([job]) => {
        if (!job) return;
        try {
          await this.job.run(job.data);
        } catch (error) {
          this.logger.warn(`Form e-mails not handed over yet; pg-boss retries: ${(error as Error).message}`, {
            event: 'form-email.retry',
            jobId: job.id,
            formName: job.data.formName,
            submissionId: job.data.submissionId,
          });
          throw error;
        }
      },
    );
  }

  /**
   * Queues the notification through `manager` (the submission's transaction): the submission and its
   * e-mails are stored together or not at all. Returns the job id.
   */
  async queue(manager: EntityManager, notification: FormNotification): Promise<string | null> {
    return this.boss.send(NOTIFICATION_QUEUE, notification, {
      db: transactionExecutor(manager),
      retryLimit: this.config.retryLimit,
      retryDelay: this.config.retryDelaySeconds,
      retryBackoff: true,
      expireInSeconds: JOB_EXPIRE_SECONDS,
    });
  }

  /** Wakes the worker at once (after the submission's commit) instead of at its next poll. */
  nudge(): void {
    if (this.workerId) this.boss.notifyWorker(this.workerId);
  }
}
