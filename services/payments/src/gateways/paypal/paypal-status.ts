import type { NeutralPaymentStatus as PaymentStatus } from '../payment-gateway.js';

/** The spec's gateway status table (section 4), PayPal's rows. */
const PAYPAL_STATUSES: Record<string, PaymentStatus> = { COMPLETED: 'completed', PENDING: 'pending', processing: 'pending' };

/**
 * PayPal order/capture statuses. Outside the table, like a card intent: an order still waiting for
 * the shopper (CREATED, PAYER_ACTION_REQUIRED) is on_hold, an approved one not yet captured is
 * pending, VOIDED or anything unknown failed.
 */
export function mapPayPalStatus(status: string): PaymentStatus {
  if (Object.hasOwn(PAYPAL_STATUSES, status)) return PAYPAL_STATUSES[status]!;
  if (status === 'CREATED' || status === 'PAYER_ACTION_REQUIRED') return 'on_hold';
  return status === 'APPROVED' ? 'pending' : 'failed';
}
