import { useCallback, useMemo, useRef, type ReactNode } from 'react';
import ReCAPTCHA from 'react-google-recaptcha';
import type { FormDefinition } from '@storefront/contracts';

/** An invisible challenge the shopper walks away from never calls back: give up after two minutes. */
export const CAPTCHA_TIMEOUT_MS = 120_000;

export interface FormCaptcha {
  /** the widget to render inside the form; null when the captcha is off */
  element: ReactNode;
  /**
   * Runs the challenge and resolves with its token, or null when it failed or was abandoned. Resolves
   * `undefined` at once when the captcha is off, so callers send without a token.
   */
  token(): Promise<string | null | undefined>;
  /** spec §4: the captcha resets after each submit (a token is good for one verification) */
  reset(): void;
}

/**
 * Spec §4: "With the captcha enabled and no token yet, submit triggers the challenge instead of
 * sending". An invisible reCAPTCHA v2 widget (react-google-recaptcha) does exactly that: submit runs
 * the challenge and only a token lets the request go. The captcha is on when the form asks for it
 * (googleReCaptcha) and the site has a key (the content service adds recaptchaSiteKey only when
 * RECAPTCHA_SITE_KEY is configured); the forms service verifies the token before storing.
 */
export function useFormCaptcha(definition: Pick<FormDefinition, 'googleReCaptcha' | 'recaptchaSiteKey'>): FormCaptcha {
  const widget = useRef<ReCAPTCHA>(null);
  const siteKey = definition.googleReCaptcha ? definition.recaptchaSiteKey : undefined;

  const token = useCallback(async (): Promise<string | null | undefined> => {
    if (!siteKey) return undefined;
    const recaptcha = widget.current;
    if (!recaptcha) return null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      return await Promise.race([
        recaptcha.executeAsync().then((value) => value || null),
        new Promise<null>((resolve) => {
          timer = setTimeout(() => resolve(null), CAPTCHA_TIMEOUT_MS);
        }),
      ]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }, [siteKey]);

  const reset = useCallback(() => widget.current?.reset(), []);

  const element = useMemo(
    () => (siteKey ? <ReCAPTCHA ref={widget} sitekey={siteKey} size="invisible" badge="inline" className="mf-form__captcha" /> : null),
    [siteKey],
  );
  return { element, token, reset };
}
