import { EnvConfigError, readPublicSiteUrl } from '@storefront/service-kit';
import { PAYMENT_PROVIDERS_BROWSER, paymentProviderScriptUrl } from '@storefront/topology';
import type { Env, PublicGatewayConfig } from '../payment-gateway.js';
import { isHttpsUrl as isHttps } from '../provider-urls.js';
import { gatewayTimeoutMs } from '../../payments/gateway-calls.js';

/** The variables that switch the stripe gateway from the sandbox to Stripe (README: Payments). */
export const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const;

/** Where the shopper comes back from Stripe's pages (3-D Secure): the spec's return address (section 4). */
export const STRIPE_RETURN_PATH = '/payment/verify/stripe';

export interface StripeConfig {
  secretKey: string;
  publishableKey: string;
  /** whsec_…: the endpoint's signing secret; without it no webhook is accepted */
  webhookSecret: string | null;
  /** a stand-in's address instead of api.stripe.com (tests) */
  api: { host: string; port: number; protocol: 'http' | 'https' } | null;
  /** absolute: Stripe only takes an absolute return_url */
  returnUrl: string;
  /** the SDK's own bound per request, the flow's gateway bound (PAYMENTS_GATEWAY_TIMEOUT_MS) */
  timeoutMs: number;
}

const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/;
const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9_]+$/;

/** test or live, from a Stripe key's prefix (sk_/rk_/pk_); null for anything else. */
export const stripeKeyMode = (key: string | undefined): 'test' | 'live' | null => (key ? ((/^(?:sk|rk|pk)_(test|live)_/.exec(key.trim())?.[1] as 'test' | 'live' | undefined) ?? null) : null);

function apiAddress(raw: string | undefined): StripeConfig['api'] | string {
  const value = raw?.trim();
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `STRIPE_API_BASE_URL must be a URL such as https://api.stripe.com (got "${value}")`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `STRIPE_API_BASE_URL must use http: or https: (got "${url.protocol}")`;
  // the SDK puts /v1/… on the host itself: a path here would be silently dropped
  if (url.pathname !== '/' || url.search) return `STRIPE_API_BASE_URL must be an origin without a path, such as https://api.stripe.com (got "${value}")`;
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return { host: url.hostname, port: Number(url.port || (protocol === 'https' ? 443 : 80)), protocol };
}

/** Stripe's settings from the environment; EnvConfigError naming each variable it cannot use. */
export function readStripeConfig(env: Env): StripeConfig {
  const problems: { variable: string; problem: string }[] = [];
  const secretKey = env.STRIPE_SECRET_KEY?.trim() ?? '';
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY?.trim() ?? '';
  if (!SECRET_KEY.test(secretKey)) {
    problems.push({ variable: 'STRIPE_SECRET_KEY', problem: 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…, or a restricted rk_… key)' });
  }
  if (!PUBLISHABLE_KEY.test(publishableKey)) {
    problems.push({ variable: 'STRIPE_PUBLISHABLE_KEY', problem: 'STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)' });
  }
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET?.trim() || null;
  if (webhookSecret && !webhookSecret.startsWith('whsec_')) {
    problems.push({ variable: 'STRIPE_WEBHOOK_SECRET', problem: "STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret (whsec_…)" });
  }
  const api = apiAddress(env.STRIPE_API_BASE_URL);
  if (typeof api === 'string') problems.push({ variable: 'STRIPE_API_BASE_URL', problem: api });
  if (problems.length > 0) throw new EnvConfigError(`Invalid configuration: ${problems.map((entry) => entry.problem).join('; ')}`, problems);
  return {
    secretKey,
    publishableKey,
    webhookSecret,
    api: typeof api === 'string' ? null : api,
    returnUrl: `${readPublicSiteUrl(env)}${STRIPE_RETURN_PATH}`,
    timeoutMs: gatewayTimeoutMs(env),
  };
}

/** What the browser needs for Stripe Elements (spec section 3): the publishable key and Stripe.js's URL. Never the secret. */
export function stripePublicConfig(env: Env): PublicGatewayConfig {
  return { publishableKey: env.STRIPE_PUBLISHABLE_KEY?.trim() ?? '', scriptUrl: paymentProviderScriptUrl('stripe', env) };
}

/** Stripe's test mode: no money moves (test keys). */
export function isStripeTestEnvironment(env: Env): boolean {
  return stripeKeyMode(env.STRIPE_SECRET_KEY) === 'test';
}


/** What production refuses in Stripe's settings, each naming its variable. */
export function stripeProductionProblems(env: Env): string[] {
  const problems: string[] = [];
  if (!env.STRIPE_WEBHOOK_SECRET?.trim()) {
    problems.push(
      'STRIPE_WEBHOOK_SECRET is not set: without the endpoint signing secret no Stripe webhook is accepted, and a payment Stripe settles later (3-D Secure, processing, refunds) waits for reconciliation',
    );
  }
  // STRIPE_API_BASE_URL: service-kit's shared rule for outbound provider URLs (https, or a loopback stand-in)
  const scriptUrl = paymentProviderScriptUrl('stripe', env);
  if (!isHttps(scriptUrl)) {
    problems.push(`${PAYMENT_PROVIDERS_BROWSER.stripe.scriptUrlEnv} must be https in production (got "${scriptUrl}"); unset it to load Stripe.js from js.stripe.com`);
  }
  if (!isHttps(env.PUBLIC_SITE_URL)) {
    problems.push(
      `PUBLIC_SITE_URL must be the site's https address in production (got "${env.PUBLIC_SITE_URL?.trim() ?? ''}"): Stripe sends shoppers back to it after 3-D Secure (${STRIPE_RETURN_PATH})`,
    );
  }
  const secretMode = stripeKeyMode(env.STRIPE_SECRET_KEY);
  const publishableMode = stripeKeyMode(env.STRIPE_PUBLISHABLE_KEY);
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    problems.push(
      `STRIPE_SECRET_KEY is a ${secretMode} key but STRIPE_PUBLISHABLE_KEY is a ${publishableMode} key: cards tokenised in one mode cannot be charged in the other; use keys of the same mode`,
    );
  }
  return problems;
}
