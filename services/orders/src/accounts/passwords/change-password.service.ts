import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES, type ChangePasswordRequest } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { AccountEmails } from '../../email/index.js';
import { Customers } from '../customers/customers.js';
import { CustomerSessions, type SignedInCustomer } from '../sessions/customer-sessions.service.js';
import { PasswordCheck } from '../sign-in/password-check.js';
import { signedInAnswer, type SignedIn } from '../sign-in/sign-in.service.js';
import { refuseCommonPassword } from './common-passwords.js';
import { Passwords } from './passwords.js';

function currentPasswordWrong(): BadRequestException {
  return new BadRequestException({
    message: ACCOUNT_MESSAGES.currentPasswordWrong,
    errorType: 'currentPasswordWrong',
    errors: { currentPassword: ACCOUNT_MESSAGES.currentPasswordWrong },
  });
}

/**
 * A signed-in customer changes their password (ASVS 2.1.5). The current password is required, so a
 * session left open on a shared computer cannot lock its owner out; a wrong one counts as a failed
 * sign-in (the same per-account and per-address limits), so the form is no way around them. On
 * success every other session ends, this one is replaced (new tokens), and the account's address is
 * told, with the way back (a reset) if it was not its owner.
 */
@Injectable()
export class ChangePasswordService {
  private readonly logger = new Logger('ChangePassword');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: Customers,
    private readonly passwords: Passwords,
    private readonly check: PasswordCheck,
    private readonly sessions: CustomerSessions,
    private readonly emails: AccountEmails,
  ) {}

  async change(
    signedIn: SignedInCustomer,
    { currentPassword, newPassword }: ChangePasswordRequest,
    client: { address: string | undefined; userAgent: string | undefined },
  ): Promise<SignedIn> {
    refuseCommonPassword(newPassword, 'newPassword');
    if (newPassword === currentPassword) {
      throw new BadRequestException({
        message: ACCOUNT_MESSAGES.newPasswordSameAsCurrent,
        errorType: 'newPasswordSameAsCurrent',
        errors: { newPassword: ACCOUNT_MESSAGES.newPasswordSameAsCurrent },
      });
    }
    const keys = { email: signedIn.email, address: client.address };
    const signedInCustomer = async () => {
      const found = await this.customers.findById(signedIn.customerId);
      if (!found) throw new UnauthorizedException({ message: ACCOUNT_MESSAGES.signInRequired, errorType: 'signInRequired' });
      return found;
    };
    const customer = await this.check.verify(keys, signedInCustomer, currentPassword, ({ account }) => {
      this.logger.log('Password change refused: wrong current password', { event: 'account.password-change-failed', customerId: account?.id });
      return currentPasswordWrong();
    });
    const passwordHash = await this.passwords.hash(newPassword);
    const session = await this.dataSource.transaction(async (manager) => {
      await this.customers.setPasswordHash(manager, customer.id, passwordHash);
      // this browser's session too: it gets a new one, so a token copied before the change is worthless
      await this.sessions.endAll(manager, customer.id);
      await this.emails.queuePasswordChanged(manager, { changeId: randomUUID(), customerId: customer.id, recipient: customer.email, firstName: customer.firstName });
      return this.sessions.start(manager, customer.id, client.userAgent);
    });
    this.logger.log('Password changed; other sessions ended', { event: 'account.password-changed', customerId: customer.id });
    return signedInAnswer(customer, session, ACCOUNT_MESSAGES.passwordChangedHere);
  }
}
