import { BadRequestException, Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit, ServiceUnavailableException } from '@nestjs/common';
import { FORM_MESSAGES, type FormDefinition } from '@storefront/contracts';
import { UpstreamBreaker } from '../upstream/circuit-breaker.js';
import { isUpstreamFailure } from '../upstream/upstream-failures.js';
import { CAPTCHA_CONFIG, type CaptchaConfig } from './captcha-config.js';
import { CaptchaUnavailableError, verifyRecaptcha } from './recaptcha-verifier.js';

export const CAPTCHA_UNAVAILABLE_MESSAGE = 'We could not check the reCAPTCHA right now. Please try again in a moment.';

/**
 * The server side of the spec's reCAPTCHA (§3 googleReCaptcha). With RECAPTCHA_SECRET_KEY set, a
 * form with googleReCaptcha needs a `recaptchaToken` the provider verifies before anything is stored;
 * without it the captcha is off for every form (local runs, tests; production refuses to start), said
 * once at start-up.
 */
@Injectable()
export class CaptchaService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('Captcha');
  /**
   * reCAPTCHA's breaker: while siteverify keeps failing (unreachable, slow, 5xx, 429) a
   * submission is answered 503 at once instead of waiting out RECAPTCHA_TIMEOUT_MS. A verdict, even
   * "not verified", and a refusal of our secret are answers, not failures.
   */
  private readonly breaker: UpstreamBreaker | null;

  constructor(@Inject(CAPTCHA_CONFIG) private readonly config: CaptchaConfig) {
    this.breaker = this.enabled
      ? new UpstreamBreaker({
          upstream: 'recaptcha',
          isUpstreamFailure,
          ...(config.circuit ? { settings: config.circuit } : {}),
          logger: this.logger,
        })
      : null;
  }

  onModuleDestroy(): void {
    this.breaker?.shutdown();
  }

  get enabled(): boolean {
    return this.config.secretKey !== '';
  }

  onModuleInit(): void {
    if (this.enabled) {
      this.logger.log(`reCAPTCHA is on: tokens are verified at ${this.config.verifyUrl} and must be solved on ${this.config.expectedHostname}`, {
        event: 'captcha.config',
        enabled: true,
        expectedHostname: this.config.expectedHostname,
      });
    } else {
      this.logger.warn('reCAPTCHA is OFF: RECAPTCHA_SECRET_KEY is not set, so forms with googleReCaptcha are accepted without a token', {
        event: 'captcha.config',
        enabled: false,
      });
    }
  }

  /**
   * Throws 400 (FORM_MESSAGES.captcha, also as the `recaptchaToken` field error) for a missing or
   * unverified token, 503 when the provider gives no answer; returns when the request may be stored.
   */
  async check(definition: FormDefinition, token: unknown, remoteIp: string | undefined): Promise<void> {
    if (!definition.googleReCaptcha || !this.enabled) return;
    let verdict;
    try {
      // a v3 token is run for the form's name as its action (the registration form's is `registration`)
      verdict = await verifyRecaptcha(this.config, token, remoteIp, this.breaker ?? undefined, { action: definition.name });
    } catch (error) {
      if (!(error instanceof CaptchaUnavailableError)) throw error;
      this.logger.error(error.message, { event: 'captcha.unavailable', formName: definition.name });
      throw new ServiceUnavailableException(CAPTCHA_UNAVAILABLE_MESSAGE);
    }
    if (!verdict.verified) {
      this.logger.log('reCAPTCHA not verified', { event: 'captcha.rejected', formName: definition.name, errorCodes: verdict.errorCodes });
      throw new BadRequestException({ message: FORM_MESSAGES.captcha, errors: { recaptchaToken: FORM_MESSAGES.captcha } });
    }
  }
}
