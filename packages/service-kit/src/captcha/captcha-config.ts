import { EnvConfigError, integer, readEnvConfig, text, url, type EnvReader } from '../env-config.js';
import { isProduction, productionOutboundUrl, requiredInProduction, type ProductionRules } from '../production-safety.js';
import { DEFAULT_PUBLIC_SITE_URL } from '../public-site-url.js';
import type { CircuitBreakerSettings } from '../upstream/circuit-breaker.js';

export const DEFAULT_RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** Google's suggested threshold for reCAPTCHA v3 scores (0.0 a bot, 1.0 a human). */
export const DEFAULT_RECAPTCHA_MIN_SCORE = 0.5;

export interface CaptchaConfig {
  /** empty: the captcha is off (forms with googleReCaptcha are accepted without a token); production refuses that */
  secretKey: string;
  verifyUrl: string;
  timeoutMs: number;
  /** the site's hostname: a token solved on another site (the same site key used elsewhere) is refused */
  expectedHostname: string;
  /** a v3 answer (one with a score) below this is refused; v2 answers carry no score */
  minScore: number;
  /** the reCAPTCHA breaker's settings; absent: the CIRCUIT_* variables */
  circuit?: CircuitBreakerSettings;
}

export const CAPTCHA_CONFIG = Symbol('CAPTCHA_CONFIG');

type Env = Record<string, string | undefined>;

/** A fraction 0..1 (a v3 score). */
function score(variable: string, fallback: number): EnvReader<number> {
  return {
    variable,
    read(raw) {
      const trimmed = raw?.trim();
      if (!trimmed) return { value: fallback };
      const value = Number(trimmed);
      if (!Number.isFinite(value) || value < 0 || value > 1) return { problem: `${variable} must be a number from 0 to 1 (got "${raw}")` };
      return { value };
    },
  };
}

/** A bare hostname (no scheme, port or path), compared case-insensitively. */
function hostname(variable: string, fallback: string): EnvReader<string> {
  return {
    variable,
    read(raw) {
      const trimmed = raw?.trim().toLowerCase();
      if (!trimmed) return { value: fallback };
      if (!/^[a-z0-9.-]+$/.test(trimmed)) return { problem: `${variable} must be a hostname such as shop.example.com, without scheme, port or path (got "${raw}")` };
      return { value: trimmed };
    },
  };
}

/** PUBLIC_SITE_URL's hostname, or the default site's when it is unset or unreadable (its own reader reports that). */
function publicSiteHostname(env: Env): string {
  try {
    return new URL(env.PUBLIC_SITE_URL?.trim() || DEFAULT_PUBLIC_SITE_URL).hostname.toLowerCase();
  } catch {
    return new URL(DEFAULT_PUBLIC_SITE_URL).hostname;
  }
}

/**
 * The captcha's production rules (each message names its variable): the secret is required (without
 * it every googleReCaptcha form and registration is open to bots). RECAPTCHA_VERIFY_URL is every
 * service's outbound-URL rule (productionSafety applies it), so it is not repeated here.
 */
export function captchaProductionRules(): ProductionRules {
  return {
    recaptchaSecretKey: requiredInProduction(
      text('RECAPTCHA_SECRET_KEY', ''),
      'production verifies the reCAPTCHA of registration and of every form with googleReCaptcha (without it bots submit them freely)',
    ),
  };
}

export function readCaptchaConfig(env: Env = process.env): CaptchaConfig {
  if (isProduction(env)) {
    try {
      // read on its own (a test, a tool) the captcha config still refuses what productionSafety would
      readEnvConfig({ ...captchaProductionRules(), recaptchaVerifyUrl: productionOutboundUrl('RECAPTCHA_VERIFY_URL') }, env);
    } catch (error) {
      if (error instanceof EnvConfigError) throw new EnvConfigError(`unsafe for production (NODE_ENV=production): ${error.problems.map((entry) => entry.problem).join('; ')}`, error.problems);
      throw error;
    }
  }
  return readEnvConfig(
    {
      secretKey: text('RECAPTCHA_SECRET_KEY', ''),
      verifyUrl: url('RECAPTCHA_VERIFY_URL', DEFAULT_RECAPTCHA_VERIFY_URL),
      timeoutMs: integer('RECAPTCHA_TIMEOUT_MS', 5000, 100, 60_000),
      expectedHostname: hostname('RECAPTCHA_EXPECTED_HOSTNAME', publicSiteHostname(env)),
      minScore: score('RECAPTCHA_MIN_SCORE', DEFAULT_RECAPTCHA_MIN_SCORE),
    },
    env,
  );
}
