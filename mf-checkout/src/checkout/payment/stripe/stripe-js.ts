import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

/** How long Stripe.js may take to load before the card area says 'Stripe.js not ready'. */
export const STRIPE_JS_TIMEOUT_MS = 15_000;

let scriptLoading: Promise<void> | null = null;

/** Puts the configured Stripe.js (the method's config.scriptUrl) on the page once. */
function injectStripeJs(url: string): Promise<void> {
  if ((window as { Stripe?: unknown }).Stripe) return Promise.resolve();
  if (!scriptLoading) {
    scriptLoading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      const fail = (error: Error) => {
        window.clearTimeout(timer);
        script.remove();
        scriptLoading = null;
        reject(error);
      };
      const timer = window.setTimeout(() => fail(new Error(`${url} did not load within ${STRIPE_JS_TIMEOUT_MS} ms`)), STRIPE_JS_TIMEOUT_MS);
      script.src = url;
      script.async = true;
      script.addEventListener('load', () => {
        window.clearTimeout(timer);
        if ((window as { Stripe?: unknown }).Stripe) resolve();
        else fail(new Error(`${url} loaded but defined no Stripe`));
      });
      script.addEventListener('error', () => fail(new Error(`${url} could not be loaded`)));
      document.head.appendChild(script);
    });
  }
  return scriptLoading;
}

/**
 * Stripe.js from the configured URL: @stripe/stripe-js always injects js.stripe.com itself, but its
 * `pure` loadStripe takes a `window.Stripe` already on the page (its loadScript resolves to it before
 * injecting anything), so we put the configured script there first (a stand-in in e2e; js.stripe.com
 * by default).
 */
export async function loadStripeFrom(scriptUrl: string, publishableKey: string): Promise<Stripe> {
  // the payments service always names it (config.scriptUrl); without it there is nothing to load
  if (!scriptUrl || !publishableKey) throw new Error('The payment method names no Stripe.js URL or publishable key');
  await injectStripeJs(scriptUrl);
  const stripe = await loadStripe(publishableKey);
  if (!stripe) throw new Error('Stripe.js is not available here');
  return stripe;
}
