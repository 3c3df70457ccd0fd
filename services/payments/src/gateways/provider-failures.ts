import { isUpstreamFailure } from '@storefront/service-kit';
import { GatewayDeclined, GatewayLookupError, WebhookSignatureError, type GatewayProvider } from './payment-gateway.js';

/**
 * Whether a gateway call's error means the provider is failing, i.e. counts toward opening its
 * breaker: no answer (connection refused or reset, DNS, the SDK's timeout), a 5xx, or a rate limit
 * (429). A provider that answered about the payment is not failing, whatever it said: a declined
 * card, an unknown id, a validation error (400), a wrong key (401: an operator's fix, and a breaker
 * would not fix it), a bad webhook signature.
 *
 * This is the rule every provider shares (`statusCode` 5xx/429, axios' / fetch's connection
 * errors); an SDK error only the provider can recognise is its own `isFailure`.
 */
export function isProviderFailure(error: unknown, provider?: Pick<GatewayProvider, 'isFailure'>): boolean {
  // a refusal the adapter read from a failing answer (PayPal turns its 4xx, 429 included, into a decline)
  if (error instanceof GatewayDeclined) return error.cause !== undefined && isProviderFailure(error.cause, provider);
  if (error instanceof GatewayLookupError || error instanceof WebhookSignatureError) return false;
  if (provider?.isFailure?.(error)) return true;
  return isUpstreamFailure(error);
}
