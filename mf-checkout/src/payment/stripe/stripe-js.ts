import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { loadProviderScript } from '../provider-script.js';

/** Puts the configured Stripe.js (the method's config.scriptUrl) on the page once. */
function injectStripeJs(url: string): Promise<unknown> {
  return loadProviderScript(url, 'Stripe', () => (window as { Stripe?: unknown }).Stripe);
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
