import { ApiError } from '@paypal/paypal-server-sdk';
import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { GatewayDeclined, GatewayLookupError } from '../payment-gateway.js';

/* How PayPal's SDK errors read in our words: refused, not found, or unknown (left to the flow). */

/** The issue PayPal names in an error body (details[0].issue), or its name. */
export function issueOf(error: ApiError): string | undefined {
  const body = error.result as { name?: unknown; details?: { issue?: unknown }[] } | undefined;
  const issue = body?.details?.[0]?.issue;
  return typeof issue === 'string' ? issue : typeof body?.name === 'string' ? body.name : undefined;
}

/** A refusal in words for our records: `what (ISSUE): PayPal's description`, e.g. "PayPal refused the refund (REFUND_AMOUNT_EXCEEDED): The refund amount must be …". */
export function refusalText(what: string, error: ApiError): string {
  const body = error.result as { details?: { description?: unknown }[]; message?: unknown } | undefined;
  const description = body?.details?.[0]?.description ?? body?.message;
  const issue = issueOf(error) ?? `HTTP ${error.statusCode}`;
  return typeof description === 'string' && description.trim() ? `${what} (${issue}): ${description.trim()}` : `${what} (${issue}).`;
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
/**
 * PayPal answered and refused (4xx): it did not do what was asked. A 5xx or no answer is unknown, and
 * so are 408 and 429 (too slow, too many requests: nothing was judged). Read as a refusal, a 429 on
 * a capture would abandon an order the shopper approved and fail the payment.
 */
const NOT_JUDGED = new Set([408, 429]);
export const refused = (error: unknown): error is ApiError =>
  isApiError(error) && error.statusCode >= 400 && error.statusCode < 500 && !NOT_JUDGED.has(error.statusCode);


/** A refused change to an order (its amount, its custom_id): an unknown order, or PayPal's "could not update". Anything else is rethrown. */
export function orderUpdateError(error: unknown, id: string): unknown {
  if (isApiError(error) && error.statusCode === 404) return new GatewayLookupError(`No such PayPal order: ${id}`);
  if (refused(error)) return new GatewayDeclined(PAYMENT_MESSAGES.paypalUpdateFailed, undefined, { cause: error });
  return error;
}
