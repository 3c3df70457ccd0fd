import { randomUUID } from 'node:crypto';
import { BadRequestException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ACCOUNT_REGISTRATION_ACTION,
  CORRECT_FIELDS_MESSAGE,
  type FormDefinition,
  type FormSubmission,
  type SignedInResponse,
} from '@storefront/contracts';
import { validateFormSubmission } from '@storefront/form-schema';
import { CaptchaService, IdempotentWrite, parseIdempotencyKey, requestFingerprint } from '@storefront/service-kit';
import { ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { DataSource } from 'typeorm';
import { AccountEmails } from '../../email/index.js';
import { AddressesService } from '../addresses/addresses.service.js';
import { Customers, accountUserOf } from '../customers/customers.js';
import { EmailVerificationService } from '../email-verification/email-verification.service.js';
import { refuseCommonPassword } from '../passwords/common-passwords.js';
import { Passwords } from '../passwords/passwords.js';
import { CustomerSessions, type StartedSession } from '../sessions/customer-sessions.service.js';
import { registrationOf } from './registration-form.js';

export const NOT_A_REGISTRATION_FORM = (name: string) => `"${name.slice(0, 64)}" is not a form that creates an account.`;
/** The answer's message when the form has none of its own. */
export const WELCOME_MESSAGE = 'Welcome! Your account is ready.';

const SCOPE = 'account.register';

/** A registration's answer, the session to hand out (none on a replay whose password no longer verifies), and whether it is a replay. */
export interface RegistrationAnswer {
  status: number;
  body: SignedInResponse;
  session: StartedSession | undefined;
  replayed: boolean;
}

/** Thrown inside the look-ahead transaction to give back a key it claimed (see earlierAnswer). */
class NotYetAnswered extends Error {}

/**
 * POST /api/my-account/register: the /register form's submission makes an account and signs it in.
 * The form definition (content/forms/{name}.json, actions.submit 'account-registration') decides the
 * fields, rules and messages, as the forms service's would; the reCAPTCHA is checked as there.
 *
 * Why a registration with a taken e-mail answers 201 like a new account (the spec names the
 * registration form and that registered customers exist, but no answer for a taken e-mail): an
 * explicit "already exists" tells anyone which addresses are customers, undoing the care taken at
 * sign-in (the same 401, a dummy hash) and forgot-password (the same 202). The owner loses nothing:
 * they are e-mailed at once with the way in. The one visible difference is that no session cookie is
 * set; telling those apart takes a registration per guess, under the per-address write limit and the
 * form's captcha, where the former 400 was a free oracle. A new account is e-mailed a verification link
 * (what an unverified account may do: EmailVerificationService).
 */
@Injectable()
export class RegistrationService {
  private readonly logger = new Logger('Registration');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly content: ContentStore,
    private readonly captcha: CaptchaService,
    private readonly passwords: Passwords,
    private readonly customers: Customers,
    private readonly addresses: AddressesService,
    private readonly sessions: CustomerSessions,
    private readonly emails: AccountEmails,
    private readonly verification: EmailVerificationService,
  ) {}

  async register(
    submission: FormSubmission,
    idempotencyKeyHeader: string | string[] | undefined,
    clientAddress: string | undefined,
    userAgent?: string,
  ): Promise<RegistrationAnswer> {
    const key = parseIdempotencyKey(idempotencyKeyHeader);
    const definition = await this.registrationForm(submission.name);
    const result = validateFormSubmission({ fields: definition.fields }, submission.formData);
    if (!result.valid) throw new BadRequestException({ message: CORRECT_FIELDS_MESSAGE, errors: result.errors });
    const registration = registrationOf(result.values);
    if (!registration) throw new Error(`content/forms/${definition.name}.json creates accounts but has no email or password field`);
    refuseCommonPassword(registration.password, 'password');

    // The body holds a password: the key (random, stored only as its hash) is mixed into the
    // fingerprint, so the stored fingerprint cannot be used to guess it. The captcha token is not
    // part of it: a retry after a lost answer may carry a new one.
    const write = key ? new IdempotentWrite(key, SCOPE, requestFingerprint(SCOPE, { name: submission.name, formData: submission.formData }, key)) : undefined;
    // a repeat is answered before the captcha: its token was spent by the first request
    const earlier = write && (await this.earlierAnswer(write));
    if (earlier) return this.replay(earlier, registration.password);

    await this.captcha.check(definition, submission.recaptchaToken, clientAddress);
    const passwordHash = await this.passwords.hash(registration.password);

    return this.dataSource.transaction(async (manager) => {
      const claimed = await write?.claim<SignedInResponse>(manager);
      if (claimed) return this.replay(claimed, registration.password);
      const customer = await this.customers.insert(manager, { ...registration, passwordHash });
      const message = definition.messages?.success ?? WELCOME_MESSAGE;
      if (!customer) {
        // The e-mail has an account. The answer is the one a new account gets (its status, message
        // and shape, with an id that names nothing), so registering does not tell who has an
        // account; no session is started (it would sign in to someone else's account, or to
        // nothing), and the owner is e-mailed instead (why this reading: the class's comment).
        const owner = await this.customers.findByEmail(registration.email, manager);
        if (owner) await this.emails.queueAccountExists(manager, { customerId: owner.id, recipient: owner.email, firstName: owner.firstName });
        const body: SignedInResponse = { success: true, message, data: { customerId: randomUUID(), user: accountUserOf(registration) } };
        await write?.complete(manager, { status: 201, body });
        this.logger.log('Registration with an e-mail that has an account: its owner is e-mailed', { event: 'account.register-taken' });
        return { status: 201, body, session: undefined, replayed: false };
      }
      if (registration.address) await this.addresses.insert(manager, customer.id, registration.address);
      await this.verification.issue(manager, customer);
      const session = await this.sessions.start(manager, customer.id, userAgent);
      const body: SignedInResponse = { success: true, message, data: { customerId: customer.id, user: accountUserOf(customer) } };
      await write?.complete(manager, { status: 201, body });
      this.logger.log('Account created', { event: 'account.registered', customerId: customer.id, addressSaved: Boolean(registration.address) });
      return { status: 201, body, session, replayed: false };
    });
  }

  /** The definition named by the submission, if it is one that creates accounts; else 400. */
  private async registrationForm(name: string): Promise<FormDefinition> {
    let definition: FormDefinition;
    try {
      definition = await this.content.loadFormDefinition(name);
    } catch (error) {
      if (error instanceof ContentNotFoundError) throw new BadRequestException({ message: NOT_A_REGISTRATION_FORM(name), errorType: 'notRegistrationForm' });
      throw error;
    }
    if (definition.actions?.submit !== ACCOUNT_REGISTRATION_ACTION) {
      throw new BadRequestException({ message: NOT_A_REGISTRATION_FORM(name), errorType: 'notRegistrationForm' });
    }
    return definition;
  }

  /**
   * The stored answer of this Idempotency-Key, if a request with it succeeded already (waiting for
   * one still in flight). Claiming is the only way to ask, so a new key's claim is given back.
   */
  private async earlierAnswer(write: IdempotentWrite): Promise<{ status: number; body: SignedInResponse } | undefined> {
    try {
      return await this.dataSource.transaction(async (manager) => {
        const answer = await write.claim<SignedInResponse>(manager);
        if (!answer) throw new NotYetAnswered();
        return answer;
      });
    } catch (error) {
      if (error instanceof NotYetAnswered) return undefined;
      throw error;
    }
  }

  /**
   * The same answer again. The session's token was never stored, so a replay signs in afresh, and
   * only if the body's password still opens the account (it may have been reset since).
   */
  private async replay(earlier: { status: number; body: SignedInResponse }, password: string): Promise<RegistrationAnswer> {
    const customer = await this.customers.findById(earlier.body.data.customerId);
    const opens = customer ? await this.passwords.verify(customer.passwordHash, password) : false;
    const session = customer && opens ? await this.dataSource.transaction((manager) => this.sessions.start(manager, customer.id)) : undefined;
    return { status: earlier.status, body: earlier.body, session, replayed: true };
  }
}
