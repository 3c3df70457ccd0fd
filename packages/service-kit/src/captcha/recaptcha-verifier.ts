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

/**
 * Asks the siteverify endpoint about one token (POST, form-encoded secret + response + remoteip,
 * bounded by the timeout). `verified: false` for a missing, expired, reused or wrong token;
 * CaptchaUnavailableError when there is no usable answer. With `breaker`, the call goes through it:
 * while reCAPTCHA keeps failing it is not made at all (CaptchaUnavailableError at once).
 */
export async function verifyRecaptcha(
  config: Pick<CaptchaConfig, 'secretKey' | 'verifyUrl' | 'timeoutMs'>,
  token: unknown,
  remoteIp?: string,
  breaker?: UpstreamBreaker,
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
  const body = (await res.json().catch(() => null)) as { success?: unknown; 'error-codes'?: unknown } | null;
  if (!res.ok || body === null || typeof body !== 'object') {
    throw new CaptchaUnavailableError(`reCAPTCHA verification answered ${res.status} without a verdict`);
  }
  const errorCodes = Array.isArray(body['error-codes']) ? body['error-codes'].filter((code): code is string => typeof code === 'string') : [];
  if (body.success === true) return { verified: true };
  const misconfigured = errorCodes.find((code) => CONFIGURATION_ERRORS.has(code));
  if (misconfigured) throw new CaptchaUnavailableError(`reCAPTCHA refused our request (${misconfigured}): check RECAPTCHA_SECRET_KEY`);
  return { verified: false, errorCodes };
}
