import type { NeutralPaymentStatus as PaymentStatus } from '../payment-gateway.js';

/** The spec's gateway status table (section 4), the Authorize-style response codes. */
const AUTHORIZE_CODES: Record<string, PaymentStatus> = { '1': 'completed', '2': 'pending', '3': 'failed', '4': 'on_hold' };

/** Authorize-style response codes 1..4; an unknown code failed. */
export function mapAuthorizeResponseCode(code: string | number): PaymentStatus {
  return AUTHORIZE_CODES[String(code).trim()] ?? 'failed';
}
