import { isUpstreamFailure } from '@storefront/service-kit';
import Stripe from 'stripe';
import { AuthorizeNetTransportError } from './authorizenet/authorizenet-sdk.js';
import { GatewayDeclined, GatewayLookupError, WebhookSignatureError } from './payment-gateway.js';

/**
 * Whether a gateway call's error means the provider is failing, i.e. counts toward opening its
 * breaker: no answer (connection refused or reset, DNS, the SDK's timeout), a 5xx, or a rate limit
 * (429). A provider that answered about the payment is not failing, whatever it said: a declined
 * card, an unknown id, a validation error (400), a wrong key (401: an operator's fix, and a breaker
 * would not fix it), a bad webhook signature.
 *
 * How each SDK says it: Stripe's StripeConnectionError (no answer, its timeout included), and
 * `statusCode` on StripeAPIError (5xx) and StripeRateLimitError (429); PayPal's ApiError `statusCode`,
 * or axios' / fetch's connection errors as they are; Authorize.Net's AuthorizeNetTransportError
 * (its SDK swallows the transport error, see authorizenet-sdk.ts: always no answer or a 5xx).
 */
export function isProviderFailure(error: unknown): boolean {
  // a refusal the adapter read from a failing answer (PayPal turns its 4xx, 429 included, into a decline)
  if (error instanceof GatewayDeclined) return error.cause !== undefined && isProviderFailure(error.cause);
  if (error instanceof GatewayLookupError || error instanceof WebhookSignatureError) return false;
  if (error instanceof AuthorizeNetTransportError) return true;
  if (error instanceof Stripe.errors.StripeConnectionError) return true;
  return isUpstreamFailure(error);
}
