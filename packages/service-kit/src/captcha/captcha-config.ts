import { integer, readEnvConfig, text, url } from '../env-config.js';
import type { CircuitBreakerSettings } from '../upstream/circuit-breaker.js';

export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

export interface CaptchaConfig {
  /** empty: the captcha is off (forms with googleReCaptcha are accepted without a token) */
  secretKey: string;
  verifyUrl: string;
  timeoutMs: number;
  /** the reCAPTCHA breaker's settings; absent: the CIRCUIT_* variables */
  circuit?: CircuitBreakerSettings;
}

export const CAPTCHA_CONFIG = Symbol('CAPTCHA_CONFIG');

export function readCaptchaConfig(env: Record<string, string | undefined> = process.env): CaptchaConfig {
  return readEnvConfig(
    {
      secretKey: text('RECAPTCHA_SECRET_KEY', ''),
      verifyUrl: url('RECAPTCHA_VERIFY_URL', DEFAULT_RECAPTCHA_VERIFY_URL),
      timeoutMs: integer('RECAPTCHA_TIMEOUT_MS', 5000, 100, 60_000),
    },
    env,
  );
}
