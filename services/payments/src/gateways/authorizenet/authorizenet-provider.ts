import type { PaymentMethod } from '@storefront/contracts';
import { EnvConfigError } from '@storefront/service-kit';
import { paymentProviderScriptUrl } from '@storefront/topology';
import type { Env, GatewayProvider } from '../payment-gateway.js';
import { isHttpsUrl } from '../provider-urls.js';
import { AuthorizeNetGateway } from './authorizenet-gateway.js';
import { AUTHORIZENET_API_PATH, AUTHORIZENET_ENDPOINTS, AuthorizeNetTransportError } from './authorizenet-sdk.js';

const ENVIRONMENTS = ['sandbox', 'production'] as const;
type AuthorizeNetEnvironment = (typeof ENVIRONMENTS)[number];

function environmentOf(env: Env): AuthorizeNetEnvironment | undefined {
  const value = env.AUTHORIZENET_ENVIRONMENT?.trim() || 'sandbox';
  return (ENVIRONMENTS as readonly string[]).includes(value) ? (value as AuthorizeNetEnvironment) : undefined;
}

/** The request URL: the stand-in's base URL + Authorize.Net's path, else the environment's endpoint. */
function endpointOf(env: Env, environment: AuthorizeNetEnvironment): string {
  const base = env.AUTHORIZENET_API_BASE_URL?.trim();
  if (!base) return AUTHORIZENET_ENDPOINTS[environment];
  try {
    const url = new URL(base);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new EnvConfigError(`Invalid configuration: AUTHORIZENET_API_BASE_URL must be an http(s) URL (got "${base}")`, [
      { variable: 'AUTHORIZENET_API_BASE_URL', problem: `AUTHORIZENET_API_BASE_URL must be an http(s) URL (got "${base}")` },
    ]);
  }
  return `${base.replace(/\/+$/, '')}${AUTHORIZENET_API_PATH}`;
}

/** How long one Authorize.Net call may take in the SDK (the flow bounds it too). */
const SDK_TIMEOUT_MS = 15_000;

/** Authorize.Net, when AUTHORIZENET_API_LOGIN_ID, AUTHORIZENET_TRANSACTION_KEY and AUTHORIZENET_CLIENT_KEY are set (adapters.ts). */
export const authorizeNetProvider: GatewayProvider<'authorizenet'> = {
  name: 'authorizenet',
  method: 'credit-card',
  cardEntry: 'direct',
  title: 'Credit Card',
  // its SDK swallows the transport error (authorizenet-sdk.ts): this one is always no answer or a 5xx
  isFailure: (error) => error instanceof AuthorizeNetTransportError,
  keys: ['AUTHORIZENET_API_LOGIN_ID', 'AUTHORIZENET_TRANSACTION_KEY', 'AUTHORIZENET_CLIENT_KEY'],
  create(env) {
    const environment = environmentOf(env);
    if (!environment) {
      const problem = `AUTHORIZENET_ENVIRONMENT must be sandbox or production (got "${env.AUTHORIZENET_ENVIRONMENT ?? ''}")`;
      throw new EnvConfigError(`Invalid configuration: ${problem}`, [{ variable: 'AUTHORIZENET_ENVIRONMENT', problem }]);
    }
    return new AuthorizeNetGateway({
      endpoint: endpointOf(env, environment),
      apiLoginId: env.AUTHORIZENET_API_LOGIN_ID?.trim() ?? '',
      transactionKey: env.AUTHORIZENET_TRANSACTION_KEY?.trim() ?? '',
      timeoutMs: SDK_TIMEOUT_MS,
      signatureKey: env.AUTHORIZENET_SIGNATURE_KEY?.trim() || undefined,
      testMode: environment !== 'production',
    });
  },
  publicConfig(env): NonNullable<PaymentMethod['config']> {
    const acceptJsUrl = paymentProviderScriptUrl('authorizenet', env);
    return { clientKey: env.AUTHORIZENET_CLIENT_KEY?.trim() ?? '', loginId: env.AUTHORIZENET_API_LOGIN_ID?.trim() ?? '', acceptJsUrl, scriptUrl: acceptJsUrl };
  },
  isTestEnvironment(env) {
    return environmentOf(env) !== 'production';
  },
  productionProblems(env) {
    const problems: string[] = [];
    if (!env.AUTHORIZENET_SIGNATURE_KEY?.trim()) problems.push('AUTHORIZENET_SIGNATURE_KEY is not set: Authorize.Net webhooks cannot be verified');
    // AUTHORIZENET_ENVIRONMENT=sandbox is not refused here: isTestEnvironment reports it, and the
    // payment core treats it like the local sandbox (refused in production unless PAYMENTS_SANDBOX=allow)
    // AUTHORIZENET_API_BASE_URL: service-kit's shared rule for outbound provider URLs (https, or a loopback stand-in)
    const script = paymentProviderScriptUrl('authorizenet', env);
    if (!isHttpsUrl(script)) problems.push('AUTHORIZENET_ACCEPT_JS_URL must be an https URL in production');
    return problems;
  },
};
