import { HttpException, HttpStatus, Injectable, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ACCOUNT_MESSAGES } from '@storefront/contracts';
import { Passwords } from '../passwords/passwords.js';
import { SignInAttempts, type AttemptKeys } from './sign-in-attempts.js';
import { retryAfterSeconds } from './sign-in-limits.js';

/** 429 past the sign-in limits; the controller turns `retryAfterSeconds` into the Retry-After header. */
export class TooManySignInAttempts extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super({ message: ACCOUNT_MESSAGES.tooManyAttempts(retryAfterSeconds), errorType: 'tooManyAttempts' }, HttpStatus.TOO_MANY_REQUESTS);
  }
}

/** `attempt`'s answer; a 429 past the sign-in limits also tells the browser when to try again (Retry-After). */
export async function withRetryAfter<T>(response: Response, attempt: Promise<T>): Promise<T> {
  try {
    return await attempt;
  } catch (error) {
    if (error instanceof TooManySignInAttempts) response.setHeader('Retry-After', String(error.retryAfterSeconds));
    throw error;
  }
}

/** A wrong password's check: the account (undefined when the e-mail has none) and whether this failure locks a key. */
export interface WrongPassword<T> {
  account: T | undefined;
  locks: boolean;
}

/**
 * A password checked under the sign-in limits (SignInAttempts), so signing in and changing a password
 * meet the same ones: past the limits 429 without a password check; a wrong password counts as a
 * failure, and the failure that crosses a limit answers 429 with the wait it caused; the right one
 * forgives the keys' failures. An unknown account costs one argon2 verify too (Passwords.verifyNobody),
 * so the answer's timing does not tell it from a wrong password.
 */
@Injectable()
export class PasswordCheck {
  private readonly logger = new Logger('SignIn');

  constructor(
    private readonly attempts: SignInAttempts,
    private readonly passwords: Passwords,
  ) {}

  /**
   * The account `load` finds (after the limits let the attempt in) when `password` is its own (and
   * `secondStep`, when given, accepts it); else throws 429, or `wrong(...)`'s answer, which the
   * caller logs and words.
   */
  async verify<T extends { passwordHash: string }>(
    keys: AttemptKeys,
    load: () => Promise<T | undefined>,
    password: string,
    wrong: (failure: WrongPassword<T>) => HttpException,
    secondStep?: (account: T) => Promise<boolean>,
  ): Promise<T> {
    const start = await this.attempts.begin(keys);
    if (!start.allowed) {
      this.logger.warn('Sign-in refused: too many failures', { event: 'account.sign-in-locked' });
      throw new TooManySignInAttempts(retryAfterSeconds(start.lockedMs));
    }
    const account = await load();
    const verified = account ? await this.passwords.verify(account.passwordHash, password) : await this.passwords.verifyNobody(password);
    // a second step (the staff's authenticator code) decides before the keys are forgiven: a right
    // password with a wrong code stays a counted failure, so codes meet the same limits as passwords
    if (!account || !verified || (secondStep && !(await secondStep(account)))) {
      const refusal = wrong({ account, locks: start.lockMs > 0 });
      if (start.lockMs > 0) throw new TooManySignInAttempts(retryAfterSeconds(start.lockMs));
      throw refusal;
    }
    await this.attempts.succeeded(keys);
    return account;
  }
}
