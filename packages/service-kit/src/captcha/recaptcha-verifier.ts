import type { UpstreamBreaker } from '../upstream/circuit-breaker.js';
import { UpstreamStatusError, failingAnswerThrown } from '../upstream/upstream-failures.js';
import type { CaptchaConfig } from './captcha-config.js';

/**
 * The provider could not give an answer (down, slow, or our secret is wrong): nothing is stored. Its
 * `cause` is the failure when the provider was unreachable or answered 5xx/429 (what the breaker counts).
 */
export class CaptchaUnavailableError extends Error {
  override readonly name = 'CaptchaUnavailableError';
}

/** Google's tokens are about 2 KB; anything far longer is not one and is not sent on. */
const MAX_TOKEN_LENGTH = 4096;

/** Error codes that mean our configuration is wrong, not the shopper's answer. */
const CONFIGURATION_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

export type CaptchaVerdict = { verified: true } | { verified: false; errorCodes: string[] };

/** What the answer must show besides `success`, beyond the configuration's hostname and minimum score. */
export interface CaptchaExpectation {
  /**
   * The action the page runs the challenge for (the form's name). A v3 answer names its action and
   * must name this one; a v2 answer names none, and none is required of it.
   */
  action?: string;
}

/** Our own refusals, in the style of Google's error codes (logged, never shown). */
export const CAPTCHA_REFUSALS = {
  hostname: 'hostname-mismatch',
  action: 'action-mismatch',
  score: 'score-too-low',
} as const;

type SiteverifyAnswer = { success?: unknown; 'error-codes'?: unknown; hostname?: unknown; action?: unknown; score?: unknown };

/**
 * A successful answer is only a human on our site doing what the page asked: the token was solved on
 * our hostname (with Google's domain check off, a token solved on any site verifies), for the expected
 * action, and, for v3, with a score at or above the minimum.
 */
function refusalOf(body: SiteverifyAnswer, config: Pick<CaptchaConfig, 'expectedHostname' | 'minScore'>, expected: CaptchaExpectation): string | null {
  const host = typeof body.hostname === 'string' ? body.hostname.toLowerCase() : '';
  if (host !== config.expectedHostname.toLowerCase()) return CAPTCHA_REFUSALS.hostname;
  if (body.action !== undefined && (typeof body.action !== 'string' || expected.action === undefined || body.action !== expected.action)) {
    return CAPTCHA_REFUSALS.action;
  }
  if (body.score !== undefined && (typeof body.score !== 'number' || !(body.score >= config.minScore))) return CAPTCHA_REFUSALS.score;
  return null;
}

/**
 * Asks the siteverify endpoint about one token (POST, form-encoded secret + response + remoteip,
 * bounded by the timeout). `verified: false` for a missing, expired, reused or wrong token, and for
 * one solved on another hostname, for another action or (v3) with too low a score;
 * CaptchaUnavailableError when there is no usable answer. With `breaker`, the call goes through it:
 * while reCAPTCHA keeps failing it is not made at all (CaptchaUnavailableError at once).
 */
export async function verifyRecaptcha(
  config: Pick<CaptchaConfig, 'secretKey' | 'verifyUrl' | 'timeoutMs' | 'expectedHostname' | 'minScore'>,
  token: unknown,
  remoteIp?: string,
  breaker?: UpstreamBreaker,
  expected: CaptchaExpectation = {},
): Promise<CaptchaVerdict> {
  if (typeof token !== 'string' || token.trim() === '' || token.length > MAX_TOKEN_LENGTH) {
    return { verified: false, errorCodes: ['missing-input-response'] };
  }
  const form = new URLSearchParams({ secret: config.secretKey, response: token });
  if (remoteIp) form.set('remoteip', remoteIp);
  const ask = async () =>
    failingAnswerThrown(
      'recaptcha',
      await fetch(config.verifyUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(config.timeoutMs),
      }),
    );
  let res: Response;
  try {
    res = breaker ? await breaker.run(ask) : await ask();
  } catch (error) {
    const why = error instanceof UpstreamStatusError ? `answered ${error.status}` : `unreachable: ${error instanceof Error ? error.message : String(error)}`;
    throw new CaptchaUnavailableError(`reCAPTCHA verification ${why}`, { cause: error });
  }
  const body = (await res.json().catch(() => null)) as SiteverifyAnswer | null;
  if (!res.ok || body === null || typeof body !== 'object') {
    throw new CaptchaUnavailableError(`reCAPTCHA verification answered ${res.status} without a verdict`);
  }
  const errorCodes = Array.isArray(body['error-codes']) ? body['error-codes'].filter((code): code is string => typeof code === 'string') : [];
  if (body.success === true) {
    const refusal = refusalOf(body, config, expected);
    return refusal ? { verified: false, errorCodes: [refusal] } : { verified: true };
  }
  const misconfigured = errorCodes.find((code) => CONFIGURATION_ERRORS.has(code));
  if (misconfigured) throw new CaptchaUnavailableError(`reCAPTCHA refused our request (${misconfigured}): check RECAPTCHA_SECRET_KEY`);
  return { verified: false, errorCodes };
}
