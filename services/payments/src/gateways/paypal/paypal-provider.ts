import { EnvConfigError, readPublicSiteUrl } from '@storefront/service-kit';
import { paymentProviderScriptUrl } from '@storefront/topology';
import { gatewayTimeoutMs } from '../../payments/gateway-calls.js';
import type { Env, GatewayProvider } from '../payment-gateway.js';
import { isHttpsUrl as isHttps } from '../provider-urls.js';
import { PayPalGateway, type PayPalEnvironment } from './paypal-gateway.js';

const value = (env: Env, name: string) => env[name]?.trim() || undefined;

/** PAYPAL_ENVIRONMENT: sandbox (the default) or production; anything else is refused by name. */
function paypalEnvironment(env: Env): PayPalEnvironment {
  const raw = value(env, 'PAYPAL_ENVIRONMENT') ?? 'sandbox';
  if (raw !== 'sandbox' && raw !== 'production') throw new EnvConfigError(`PAYPAL_ENVIRONMENT must be "sandbox" or "production" (got "${env.PAYPAL_ENVIRONMENT}")`);
  return raw;
}

function apiBaseUrl(env: Env): string | undefined {
  const raw = value(env, 'PAYPAL_API_BASE_URL');
  if (raw === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new EnvConfigError(`PAYPAL_API_BASE_URL must be an http(s) URL (got "${raw}")`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new EnvConfigError(`PAYPAL_API_BASE_URL must be an http(s) URL (got "${raw}")`);
  return raw;
}


/** PayPal (Orders v2 on @paypal/paypal-server-sdk): PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET switch it on. */
export const PAYPAL_PROVIDER: GatewayProvider<'paypal'> = {
  name: 'paypal',
  // a redirect to PayPal's approval page, not a card form
  method: 'online-payment',
  cardEntry: 'none',
  title: 'PayPal',
  // its SDK's ApiError carries `statusCode`, and axios' / fetch's connection errors come as they are: the generic rule reads both
  keys: ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET'],
  create: (env) =>
    new PayPalGateway({
      clientId: value(env, 'PAYPAL_CLIENT_ID') ?? '',
      clientSecret: value(env, 'PAYPAL_CLIENT_SECRET') ?? '',
      environment: paypalEnvironment(env),
      apiBaseUrl: apiBaseUrl(env),
      webhookId: value(env, 'PAYPAL_WEBHOOK_ID'),
      publicSiteUrl: readPublicSiteUrl(env),
      timeoutMs: gatewayTimeoutMs(env),
    }),
  // the client id is public by PayPal's design (it is in the JS SDK's URL); the secret never leaves the server
  publicConfig: (env) => ({ clientId: value(env, 'PAYPAL_CLIENT_ID') ?? '', scriptUrl: paymentProviderScriptUrl('paypal', env) }),
  isTestEnvironment: (env) => value(env, 'PAYPAL_ENVIRONMENT') !== 'production',
  productionProblems: (env) => {
    const problems: string[] = [];
    const environment = value(env, 'PAYPAL_ENVIRONMENT');
    if (environment !== undefined && environment !== 'sandbox' && environment !== 'production') {
      problems.push(`PAYPAL_ENVIRONMENT must be "sandbox" or "production" (got "${environment}")`);
    } else if (environment !== 'production' && value(env, 'PAYMENTS_SANDBOX') !== 'allow') {
      // PayPal's sandbox moves no money: only a demo that says so (PAYMENTS_SANDBOX=allow) may run on it
      problems.push('PAYPAL_ENVIRONMENT is not "production": PayPal payments would run in PayPal\'s sandbox, where no money moves; set PAYPAL_ENVIRONMENT=production with live credentials');
    }
    if (!value(env, 'PAYPAL_WEBHOOK_ID')) {
      problems.push("PAYPAL_WEBHOOK_ID is not set: PayPal's webhooks (a capture completed, denied or refunded later) could not be verified and would all be refused");
    }
    const site = value(env, 'PUBLIC_SITE_URL') ?? '';
    if (!isHttps(site)) problems.push(`PUBLIC_SITE_URL must be the site's https address in production (got "${site}"): PayPal sends shoppers back to it after approval`);
    // PAYPAL_API_BASE_URL: service-kit's shared rule for outbound provider URLs (https, or a loopback stand-in)
    const script = paymentProviderScriptUrl('paypal', env);
    if (!isHttps(script)) problems.push(`PAYPAL_SDK_URL must be an https URL in production (got "${script}")`);
    return problems;
  },
};
