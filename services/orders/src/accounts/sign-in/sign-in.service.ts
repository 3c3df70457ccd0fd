import { HttpException, HttpStatus, Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ACCOUNT_MESSAGES, type SignInRequest, type SignedInResponse } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { Customers, accountUserOf, normalizeEmail } from '../customers/customers.js';
import { Passwords } from '../passwords/passwords.js';
import { CustomerSessions, type StartedSession } from '../sessions/customer-sessions.service.js';
import { SignInAttempts } from './sign-in-attempts.js';
import { retryAfterSeconds } from './sign-in-limits.js';

/** 429 past the sign-in limits; the controller turns `retryAfterSeconds` into the Retry-After header. */
export class TooManySignInAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: ACCOUNT_MESSAGES.tooManyAttempts(retryAfterSeconds), errorType: 'tooManyAttempts' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** A signed-in answer and the session whose cookies go with it. */
export interface SignedIn {
  body: SignedInResponse;
  session: StartedSession;
}

@Injectable()
export class SignInService {
  private readonly logger = new Logger('SignIn');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly customers: Customers,
    private readonly passwords: Passwords,
    private readonly attempts: SignInAttempts,
    private readonly sessions: CustomerSessions,
  ) {}

  /**
   * E-mail and password to a new session. A wrong e-mail and a wrong password answer alike (401,
   * after one argon2 verify either way); past the limits 429 without a password check; the failure
   * that crosses a limit answers 429 too, with the wait it caused.
   */
  async signIn({ email, password }: SignInRequest, clientAddress: string | undefined, userAgent?: string): Promise<SignedIn> {
    const keys = { email: normalizeEmail(email), address: clientAddress };
    const start = await this.attempts.begin(keys);
    if (!start.allowed) {
      this.logger.warn('Sign-in refused: too many failures', { event: 'account.sign-in-locked' });
      throw new TooManySignInAttempts(retryAfterSeconds(start.lockedMs));
    }
    const customer = await this.customers.findByEmail(keys.email);
    const verified = customer ? await this.passwords.verify(customer.passwordHash, password) : await this.passwords.verifyNobody(password);
    if (!customer || !verified) {
      this.logger.log('Sign-in failed', { event: 'account.sign-in-failed', locked: start.lockMs > 0 });
      if (start.lockMs > 0) throw new TooManySignInAttempts(retryAfterSeconds(start.lockMs));
      throw new UnauthorizedException({ message: ACCOUNT_MESSAGES.invalidCredentials, errorType: 'invalidCredentials' });
    }
    await this.attempts.succeeded(keys);
    const session = await this.dataSource.transaction(async (manager) => {
      // stronger hash options since this hash was made: re-made now, while the password is at hand
      if (this.passwords.needsRehash(customer.passwordHash)) await this.customers.setPasswordHash(manager, customer.id, await this.passwords.hash(password));
      return this.sessions.start(manager, customer.id, userAgent);
    });
    this.logger.log('Signed in', { event: 'account.signed-in', customerId: customer.id });
    return { body: { success: true, data: { customerId: customer.id, user: accountUserOf(customer) } }, session };
  }
}
