import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobRunner } from '@storefront/service-kit';
import { AccountEmails } from '../email/index.js';
import { ACCOUNT_CLEANUP_QUEUE, type OrdersJobs } from '../email/index.js';
import { EmailVerificationService } from './email-verification/email-verification.service.js';
import { PasswordResetService } from './password-reset/password-reset.service.js';
import { CustomerSessions } from './sessions/customer-sessions.service.js';
import { SignInAttempts } from './sign-in/sign-in-attempts.js';

/** Every hour, at minute 17 (UTC): off the hour, when other schedules run. */
export const ACCOUNT_CLEANUP_CRON = '17 * * * *';

/**
 * The accounts' clean-up, a scheduled job on the orders job runner (one replica at a time): expired
 * sessions (also deleted when met), spent or expired reset tokens, sign-in failures with nothing
 * left to count, and the bodies of reset e-mails that were never sent and whose link has expired.
 */
@Injectable()
export class AccountCleanupJob implements OnApplicationBootstrap {
  private readonly logger = new Logger('AccountCleanup');

  constructor(
    private readonly jobs: JobRunner<OrdersJobs>,
    private readonly sessions: CustomerSessions,
    private readonly resets: PasswordResetService,
    private readonly attempts: SignInAttempts,
    private readonly emails: AccountEmails,
    private readonly verifications: EmailVerificationService,
  ) {
    jobs.handle(ACCOUNT_CLEANUP_QUEUE, () => this.run().then(() => undefined));
  }

  async onApplicationBootstrap(): Promise<void> {
    // the schedule lives in the database (one per queue); a replica without workers leaves it alone
    if (!this.jobs.workersEnabled) return;
    await this.jobs.schedule(ACCOUNT_CLEANUP_QUEUE, ACCOUNT_CLEANUP_CRON, {});
  }

  async run(): Promise<{ sessions: number; resets: number; verifications: number; failures: number; redactedEmails: number }> {
    const done = {
      sessions: await this.sessions.deleteExpired(),
      resets: await this.resets.deleteSpent(),
      verifications: await this.verifications.deleteSpent(),
      failures: await this.attempts.deleteForgotten(),
      redactedEmails: (await this.emails.redactExpiredResets()) + (await this.emails.redactExpiredVerifications(this.verifications.ttlMs)),
    };
    this.logger.log('Account clean-up done', { event: 'account.cleanup', ...done });
    return done;
  }
}
