import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES, type SignInRequest, type SignedInResponse } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { Customers, accountUserOf, normalizeEmail, type CustomerRecord } from '../customers/customers.js';
import { Passwords } from '../passwords/passwords.js';
import { CustomerSessions, type StartedSession } from '../sessions/customer-sessions.service.js';
import { PasswordCheck } from './password-check.js';

/** A signed-in answer and the session whose cookies go with it. */
export interface SignedIn {
  body: SignedInResponse;
  session: StartedSession;
}

/** The answer of every way into an account (sign-in, a reset, a password change): who is signed in, and the session. */
export function signedInAnswer(customer: Pick<CustomerRecord, 'id' | 'email' | 'firstName' | 'lastName' | 'phone'>, session: StartedSession, message?: string): SignedIn {
  return { body: { success: true, ...(message !== undefined && { message }), data: { customerId: customer.id, user: accountUserOf(customer) } }, session };
}

@Injectable()
export class SignInService {
  private readonly logger = new Logger('SignIn');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: Customers,
    private readonly passwords: Passwords,
    private readonly check: PasswordCheck,
    private readonly sessions: CustomerSessions,
  ) {}

  /**
   * E-mail and password to a new session. A wrong e-mail and a wrong password answer alike (401,
   * after one argon2 verify either way); past the limits 429 without a password check; the failure
   * that crosses a limit answers 429 too, with the wait it caused.
   */
  async signIn({ email, password }: SignInRequest, clientAddress: string | undefined, userAgent?: string): Promise<SignedIn> {
    const keys = { email: normalizeEmail(email), address: clientAddress };
    const customer = await this.check.verify(keys, () => this.customers.findByEmail(keys.email), password, ({ locks }) => {
      this.logger.log('Sign-in failed', { event: 'account.sign-in-failed', locked: locks });
      return new UnauthorizedException({ message: ACCOUNT_MESSAGES.invalidCredentials, errorType: 'invalidCredentials' });
    });
    const session = await this.dataSource.transaction(async (manager) => {
      // stronger hash options since this hash was made: re-made now, while the password is at hand
      if (this.passwords.needsRehash(customer.passwordHash)) await this.customers.setPasswordHash(manager, customer.id, await this.passwords.hash(password));
      return this.sessions.start(manager, customer.id, userAgent);
    });
    this.logger.log('Signed in', { event: 'account.signed-in', customerId: customer.id });
    return signedInAnswer(customer, session);
  }
}
