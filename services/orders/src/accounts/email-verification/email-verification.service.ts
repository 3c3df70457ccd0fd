import { BadRequestException, HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES, EMAIL_VERIFICATION_DEFAULT_TTL_HOURS, VERIFICATION_EMAILS_PER_HOUR } from '@storefront/contracts';
import { integer, readEnvConfig } from '@storefront/service-kit';
import { DataSource, type EntityManager } from 'typeorm';
import { AccountEmails } from '../../email/index.js';
import { hashSecretToken, newSecretToken } from '../../tokens/secret-token.js';
import { Customers, type CustomerRecord } from '../customers/customers.js';

/**
 * EMAIL_VERIFICATION_TTL_HOURS (default 48, 1..168): how long a verification link works. A week at
 * most: a link lying longer in a mailbox is a bearer token nobody needs any more.
 */
export function readVerificationTtlHours(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ hours: integer('EMAIL_VERIFICATION_TTL_HOURS', EMAIL_VERIFICATION_DEFAULT_TTL_HOURS, 1, 168) }, env).hours;
}

/** What asking for a new link came to. */
export type ResendOutcome = 'sent' | 'alreadyVerified';

function verificationLinkInvalid(): BadRequestException {
  return new BadRequestException({ message: ACCOUNT_MESSAGES.verificationLinkInvalid, errorType: 'verificationLinkInvalid' });
}

/**
 * E-mail verification. A link's token is 32 random bytes (base64url); only its SHA-256 is stored,
 * with its expiry (EMAIL_VERIFICATION_TTL_HOURS); it works once, and a new link voids the earlier ones.
 *
 * What an unverified account may do: everything a verified one may. The spec lets a new customer
 * order at once, and the account holds nothing the e-mail's owner did not type in. What verification
 * guards against is someone registering another person's address first (squatting): that account is
 * taken over by the address's real owner through a password reset, which ends every session of it
 * (the squatter's too) and, since the reset link reached the mailbox, marks the address verified.
 * Staff see whether an address is verified on the account (GET /me's emailVerified).
 */
@Injectable()
export class EmailVerificationService {
  private readonly logger = new Logger('EmailVerification');
  private readonly ttlHours = readVerificationTtlHours();

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: Customers,
    private readonly emails: AccountEmails,
  ) {}

  get ttlMs(): number {
    return this.ttlHours * 60 * 60 * 1000;
  }

  /** Issues a link (voiding the earlier ones) and queues its e-mail, through the caller's transaction. */
  async issue(manager: EntityManager, customer: Pick<CustomerRecord, 'id' | 'email' | 'firstName'>): Promise<void> {
    const token = newSecretToken();
    await manager.query(`UPDATE email_verification SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL`, [customer.id]);
    const [row] = (await manager.query(
      `INSERT INTO email_verification (token_hash, customer_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 hour') RETURNING id`,
      [hashSecretToken(token), customer.id, this.ttlHours],
    )) as { id: string }[];
    await this.emails.queueEmailVerification(manager, { verificationId: row!.id, recipient: customer.email, firstName: customer.firstName, token, validHours: this.ttlHours });
  }

  /**
   * "Send the link again" for a signed-in customer: nothing to do for a verified address; at most
   * VERIFICATION_EMAILS_PER_HOUR links an hour besides the registration's (429 past that).
   */
  async resend(customerId: string): Promise<ResendOutcome> {
    return this.dataSource.transaction(async (manager) => {
      // the account's row is locked, so parallel requests count one after the other
      await this.customers.lock(manager, customerId);
      const customer = await this.customers.findById(customerId, manager);
      if (!customer || customer.emailVerified) return 'alreadyVerified';
      const [recent] = (await manager.query(
        `SELECT count(*)::int AS n FROM email_verification WHERE customer_id = $1 AND created_at > now() - interval '1 hour'`,
        [customerId],
      )) as { n: number }[];
      // the registration's own link is one of the hour's rows: allowed one more
      if ((recent?.n ?? 0) > VERIFICATION_EMAILS_PER_HOUR) {
        throw new HttpException({ message: ACCOUNT_MESSAGES.tooManyVerificationEmails, errorType: 'tooManyVerificationEmails' }, HttpStatus.TOO_MANY_REQUESTS);
      }
      await this.issue(manager, customer);
      this.logger.log('Verification link sent again', { event: 'account.verification-resent', customerId });
      return 'sent';
    });
  }

  /** Spends a link's token and marks its account's address verified; 400 for an unknown, used or expired one. */
  async verify(token: string): Promise<void> {
    const customerId = await this.dataSource.transaction(async (manager) => {
      const [row] = (await manager.query(
        `SELECT id, customer_id, used_at IS NULL AND expires_at > now() AS usable FROM email_verification WHERE token_hash = $1 FOR UPDATE`,
        [hashSecretToken(token)],
      )) as { id: string; customer_id: string; usable: boolean }[];
      if (!row?.usable) throw verificationLinkInvalid();
      await manager.query(`UPDATE email_verification SET used_at = now() WHERE customer_id = $1 AND used_at IS NULL`, [row.customer_id]);
      await this.customers.markEmailVerified(manager, row.customer_id);
      return row.customer_id;
    });
    this.logger.log('E-mail address verified', { event: 'account.email-verified', customerId });
  }

  /** The clean-up job's part: links that can no longer be used, kept an hour (they count towards the hourly limit). */
  async deleteSpent(): Promise<number> {
    const [, count] = (await this.dataSource.query(
      `DELETE FROM email_verification WHERE (used_at IS NOT NULL OR expires_at <= now()) AND created_at < now() - interval '1 hour'`,
    )) as [unknown, number];
    return count;
  }
}
