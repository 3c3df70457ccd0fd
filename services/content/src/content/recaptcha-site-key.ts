import type { FormDefinition } from '@storefront/contracts';
import { readEnvConfig, text } from '@storefront/service-kit';

/** The reCAPTCHA site key the browser widget needs (RECAPTCHA_SITE_KEY); '' when the captcha is off. */
export const RECAPTCHA_SITE_KEY = Symbol('RECAPTCHA_SITE_KEY');

export function readRecaptchaSiteKey(env: Record<string, string | undefined> = process.env): string {
  return readEnvConfig({ key: text('RECAPTCHA_SITE_KEY', '') }, env).key;
}

/**
 * A form as the browser gets it: forms with googleReCaptcha carry the site key when one is configured;
 * no other form, and no form without a configured key, carries one (whatever a content file says).
 */
export function withRecaptchaSiteKey(form: FormDefinition, siteKey: string): FormDefinition {
  const { recaptchaSiteKey: _fromContent, ...definition } = form;
  return form.googleReCaptcha && siteKey ? { ...definition, recaptchaSiteKey: siteKey } : definition;
}
