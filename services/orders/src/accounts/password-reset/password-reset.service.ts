import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES, PASSWORD_RESET_TTL_MS, type ResetPasswordRequest } from '@storefront/contracts';
import { JobRunner, integer, readEnvConfig } from '@storefront/service-kit';
import { DataSource } from 'typeorm';
import { AccountEmails } from '../../email/index.js';
import { PASSWORD_RESET_REQUEST_QUEUE, type OrdersJobs } from '../../email/index.js';
import { hashSecretToken, newSecretToken } from '../../tokens/secret-token.js';
import { Customers, normalizeEmail } from '../customers/customers.js';
import { refuseCommonPassword } from '../passwords/common-passwords.js';
import { Passwords } from '../passwords/passwords.js';
import { CustomerSessions } from '../sessions/customer-sessions.service.js';
import { SignInAttempts } from '../sign-in/sign-in-attempts.js';
import { signedInAnswer, type SignedIn } from '../sign-in/sign-in.service.js';

interface ResetRow {
  id: string;
  customer_id: string;
  usable: boolean;
}

function resetLinkInvalid(): BadRequestException {
  return new BadRequestException({ message: ACCOUNT_MESSAGES.resetLinkInvalid, errorType: 'resetLinkInvalid' });
}

/**
 * PASSWORD_RESET_EMAILS_PER_HOUR (default 3, 1..20): reset e-mails one account is sent in an hour.
 * Each request voids the previous link and mails the customer, so anyone knowing an address could
 * flood it; 3 covers a customer who asks again because the first mail was slow.
 */
export function readResetLimit(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ perHour: integer('PASSWORD_RESET_EMAILS_PER_HOUR', 3, 1, 20) }, env).perHour;
}

/**
 * Forgotten passwords (spec §2 account). A reset token is 32 random bytes (base64url) in
 * the e-mailed link; only its SHA-256 is stored, with its expiry (PASSWORD_RESET_TTL_MS, 1 hour).
 * One open reset per account: a new request ends the earlier ones. A reset is used once.
 */
@Injectable()
export class PasswordResetService {
  private readonly logger = new Logger('PasswordReset');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: Customers,
    private readonly passwords: Passwords,
    private readonly sessions: CustomerSessions,
    private readonly attempts: SignInAttempts,
    private readonly emails: AccountEmails,
    private readonly jobs: JobRunner<OrdersJobs>,
  ) {
    jobs.handle(PASSWORD_RESET_REQUEST_QUEUE, ({ email }) => this.requestReset(email));
  }

  private readonly perHour = readResetLimit();

  /**
   * POST /password/forgot: the request is queued (one INSERT, whatever the e-mail), and the job does
   * the work (requestReset). So the answer's timing says nothing about whether the e-mail has an account.
   */
  async askForReset(email: string): Promise<void> {
    await this.jobs.enqueueNow(PASSWORD_RESET_REQUEST_QUEUE, { email: normalizeEmail(email) });
  }

  /**
   * Issues a reset and queues its e-mail, in one transaction, when the e-mail has an account and it
   * was sent fewer than PASSWORD_RESET_EMAILS_PER_HOUR resets in the last hour; does nothing otherwise.
   */
  async requestReset(email: string): Promise<void> {
    const customer = await this.customers.findByEmail(normalizeEmail(email));
    if (!customer) {
      this.logger.log('Password reset asked for an e-mail without an account', { event: 'account.reset-unknown' });
      return;
    }
    const token = newSecretToken();
    const issued = await this.dataSource.transaction(async (manager) => {
      // the account's row is locked, so parallel requests count one after the other
      await this.customers.lock(manager, customer.id);
      const [recent] = (await manager.query(`SELECT count(*)::int AS n FROM password_reset WHERE customer_id = $1 AND created_at > now() - interval '1 hour'`, [
        customer.id,
      ])) as { n: number }[];
      if ((recent?.n ?? 0) >= this.perHour) return false;
      await manager.query(`UPDATE password_reset SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL`, [customer.id]);
      const [row] = (await manager.query(
        `INSERT INTO password_reset (token_hash, customer_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 millisecond') RETURNING id`,
        [hashSecretToken(token), customer.id, PASSWORD_RESET_TTL_MS],
      )) as { id: string }[];
      await this.emails.queuePasswordReset(manager, { resetId: row!.id, recipient: customer.email, firstName: customer.firstName, token });
      return true;
    });
    if (!issued) {
      this.logger.warn('Password reset not sent: the account had its resets for this hour', { event: 'account.reset-limited', customerId: customer.id });
      return;
    }
    this.logger.log('Password reset issued', { event: 'account.reset-issued', customerId: customer.id });
  }

  /**
   * Sets the new password with a reset's token: the token is spent, every session of the account
   * ends, its sign-in failures are forgotten, and a new session starts (the caller sets its cookies).
   * 400 resetLinkInvalid for an unknown, used or expired token.
   */
  async reset({ token, password }: ResetPasswordRequest, userAgent?: string): Promise<SignedIn> {
    refuseCommonPassword(password, 'password');
    const tokenHash = hashSecretToken(token);
    const usable = async (manager = this.dataSource.manager, lock = false): Promise<ResetRow | undefined> => {
      const [row] = (await manager.query(
        `SELECT id, customer_id, used_at IS NULL AND expires_at > now() AS usable FROM password_reset WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
        [tokenHash],
      )) as ResetRow[];
      return row?.usable ? row : undefined;
    };
    // checked before the (slow) hash, and again under the row's lock: two uses of one link, one wins
    if (!(await usable())) throw resetLinkInvalid();
    const passwordHash = await this.passwords.hash(password);
    const { customer, session } = await this.dataSource.transaction(async (manager) => {
      const reset = await usable(manager, true);
      if (!reset) throw resetLinkInvalid();
      const found = await this.customers.findById(reset.customer_id, manager);
      if (!found) throw resetLinkInvalid();
      await manager.query(`UPDATE password_reset SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL`, [found.id]);
      await this.customers.setPasswordHash(manager, found.id, passwordHash);
      await this.sessions.endAll(manager, found.id);
      await this.attempts.clearAccount(manager, found.email);
      // the link reached the address's mailbox: that proves the address as a verification link would
      await this.customers.markEmailVerified(manager, found.id);
      return { customer: found, session: await this.sessions.start(manager, found.id, userAgent) };
    });
    this.logger.log('Password changed with a reset link; other sessions ended', { event: 'account.password-reset', customerId: customer.id });
    return signedInAnswer(customer, session, ACCOUNT_MESSAGES.passwordChanged);
  }

  /** The clean-up job's part: resets that can no longer be used (used or expired). Returns how many. */
  async deleteSpent(): Promise<number> {
    // kept an hour after they were made even when spent: they count towards the hourly limit
    const [, count] = (await this.dataSource.query(
      `DELETE FROM password_reset WHERE (used_at IS NOT NULL OR expires_at <= now()) AND created_at < now() - interval '1 hour'`,
    )) as [unknown, number];
    return count;
  }
}
