import { Injectable, Logger } from '@nestjs/common';
import { ACCOUNT_PATHS, PASSWORD_RESET_TTL_MS, emailVerificationPath, passwordResetPath } from '@storefront/contracts';
import type { EntityManager } from 'typeorm';
import { EmailOutbox } from './email-outbox.js';
import { EmailSettings } from './email-settings.js';
import { renderAccountExists } from './templates/account-exists-email.js';
import { renderEmailVerification, renderPasswordChanged } from './templates/account-security-emails.js';
import { renderPasswordReset } from './templates/password-reset-email.js';

/** A password reset to e-mail. */
export interface PasswordResetEmail {
  /** the reset's row id: the dedupe key, which the token never is */
  resetId: string;
  recipient: string;
  firstName: string;
  /** the raw token, handed out only in the link */
  token: string;
}

/**
 * A customer account's e-mails. Like OrderEmails, the row and its job are written through the
 * caller's `manager`, so the e-mail goes with the reset that issued it. The rendered body holds the
 * link (with its token): EmailDelivery replaces it once sent (REDACTED_AFTER_SENDING), and the
 * accounts' clean-up job does so for one never sent whose link has expired.
 */
@Injectable()
export class AccountEmails {
  private readonly logger = new Logger('AccountEmails');

  constructor(
    private readonly settings: EmailSettings,
    private readonly outbox: EmailOutbox,
  ) {}

  /** Queues the reset e-mail; the link is PUBLIC_SITE_URL + /reset-password?token=... */
  async queuePasswordReset(manager: EntityManager, reset: PasswordResetEmail): Promise<void> {
    const rendered = renderPasswordReset({
      firstName: reset.firstName,
      resetLink: `${this.settings.siteUrl}${passwordResetPath(reset.token)}`,
      validMinutes: Math.round(PASSWORD_RESET_TTL_MS / 60_000),
      store: await this.settings.store(),
    });
    await this.outbox.enqueue(manager, [{ orderId: null, kind: 'password-reset', dedupeKey: `password-reset:${reset.resetId}`, recipient: reset.recipient, cc: [], ...rendered }]);
    this.logger.log('E-mail queued', { event: 'email.queued', kind: 'password-reset', resetId: reset.resetId });
  }

  /**
   * Tells an account's owner that someone registered with their e-mail (no second account is made).
   * At most one an hour per account (the dedupe key holds the hour), so registering again and again
   * does not flood the owner.
   */
  async queueAccountExists(manager: EntityManager, account: { customerId: string; recipient: string; firstName: string }): Promise<void> {
    const rendered = renderAccountExists({
      firstName: account.firstName,
      signInLink: `${this.settings.siteUrl}${ACCOUNT_PATHS.login}`,
      forgotPasswordLink: `${this.settings.siteUrl}${ACCOUNT_PATHS.forgotPassword}`,
      store: await this.settings.store(),
    });
    const hour = new Date().toISOString().slice(0, 13);
    await this.outbox.enqueue(manager, [
      { orderId: null, kind: 'account-exists', dedupeKey: `account-exists:${account.customerId}:${hour}`, recipient: account.recipient, cc: [], ...rendered },
    ]);
    this.logger.log('E-mail queued', { event: 'email.queued', kind: 'account-exists', customerId: account.customerId });
  }

  /** Queues the verification e-mail; the link is PUBLIC_SITE_URL + /verify-email?token=... (the dedupe key is the link's row id). */
  async queueEmailVerification(manager: EntityManager, link: { verificationId: string; recipient: string; firstName: string; token: string; validHours: number }): Promise<void> {
    const rendered = renderEmailVerification({
      firstName: link.firstName,
      verifyLink: `${this.settings.siteUrl}${emailVerificationPath(link.token)}`,
      validHours: link.validHours,
      store: await this.settings.store(),
    });
    await this.outbox.enqueue(manager, [
      { orderId: null, kind: 'email-verification', dedupeKey: `email-verification:${link.verificationId}`, recipient: link.recipient, cc: [], ...rendered },
    ]);
    this.logger.log('E-mail queued', { event: 'email.queued', kind: 'email-verification', verificationId: link.verificationId });
  }

  /** Tells the account's address that its password was changed (`changeId`: unique per change, the dedupe key). */
  async queuePasswordChanged(manager: EntityManager, change: { changeId: string; customerId: string; recipient: string; firstName: string }): Promise<void> {
    const rendered = renderPasswordChanged({
      firstName: change.firstName,
      forgotPasswordLink: `${this.settings.siteUrl}${ACCOUNT_PATHS.forgotPassword}`,
      store: await this.settings.store(),
    });
    await this.outbox.enqueue(manager, [
      { orderId: null, kind: 'password-changed', dedupeKey: `password-changed:${change.changeId}`, recipient: change.recipient, cc: [], ...rendered },
    ]);
    this.logger.log('E-mail queued', { event: 'email.queued', kind: 'password-changed', customerId: change.customerId });
  }

  /** Redacts verification e-mails never sent whose link has expired anyway; returns how many. */
  redactExpiredVerifications(ttlMs: number): Promise<number> {
    return this.outbox.redactUnsent('email-verification', ttlMs);
  }

  /** Redacts reset e-mails never sent whose link has expired anyway; returns how many. */
  redactExpiredResets(): Promise<number> {
    return this.outbox.redactUnsent('password-reset', PASSWORD_RESET_TTL_MS);
  }
}
