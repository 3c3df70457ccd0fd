import type { Order } from '@paypal/paypal-server-sdk';
import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { decimalToCents } from '@storefront/money';
import type { GatewayPayment, NeutralPaymentStatus } from '../payment-gateway.js';
import { mapPayPalStatus } from './paypal-status.js';

/*
 * A PayPal order read in our words: its status, amount and next step, and our metadata, which rides
 * in the order's custom_id (PayPal's one free field) with a mark for orders we abandoned.
 */

/** Order statuses that wait for the payer on PayPal's approval page. */
export const WAITING_FOR_PAYER = new Set(['CREATED', 'PAYER_ACTION_REQUIRED']);
/** custom_id holds 127 characters (PayPal's limit). */
const CUSTOM_ID_MAX = 127;
/** Our metadata keys, shortened to fit custom_id; `x` marks an order we abandoned (see PayPalGateway.cancel). */
const SHORT_KEYS: Record<string, string> = { orderId: 'o', orderIncrementId: 'n', paymentId: 'p', quoteId: 'q', quoteIncrementId: 'qn' };
const LONG_KEYS = Object.fromEntries(Object.entries(SHORT_KEYS).map(([long, short]) => [short, long]));
const ABANDONED = 'x';

export function encodeCustomId(metadata: Record<string, string>, abandoned: boolean): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(metadata)) {
    // the attempt id is the order's invoice_id already (our reference): not repeated here
    if (key !== 'attemptId') params.set(SHORT_KEYS[key] ?? key, value);
  }
  if (abandoned) params.set(ABANDONED, '1');
  const text = params.toString();
  if (text.length > CUSTOM_ID_MAX) throw new Error(`PayPal keeps ${CUSTOM_ID_MAX} characters of metadata (custom_id); this needs ${text.length}`);
  return text;
}

export function decodeCustomId(customId: string | undefined): { metadata: Record<string, string>; abandoned: boolean } {
  const metadata: Record<string, string> = {};
  let abandoned = false;
  for (const [key, value] of new URLSearchParams(customId ?? '')) {
    if (key === ABANDONED) abandoned = value === '1';
    else metadata[LONG_KEYS[key] ?? key] = value;
  }
  return { metadata, abandoned };
}

/** A PayPal order in neutral words: its capture's status once captured, else the order's (spec §4, paypal-status.ts). */
export function paypalOrderView(order: Order): GatewayPayment {
  const unit = order.purchaseUnits?.[0];
  const capture = unit?.payments?.captures?.[0];
  const { metadata, abandoned } = decodeCustomId(unit?.customId);
  const orderStatus = order.status ?? 'CREATED';
  const rawStatus = capture?.status ?? orderStatus;
  let status: NeutralPaymentStatus;
  if (capture) {
    // a refund does not undo the payment's completion (refunds are recorded on their own)
    status = mapPayPalStatus(capture.status === 'PARTIALLY_REFUNDED' || capture.status === 'REFUNDED' ? 'COMPLETED' : (capture.status ?? 'FAILED'));
  } else {
    status = abandoned ? 'failed' : mapPayPalStatus(orderStatus);
  }
  const waiting = !capture && !abandoned && WAITING_FOR_PAYER.has(orderStatus);
  const approve = order.links?.find((link) => link.rel === 'payer-action' || link.rel === 'approve')?.href;
  const amount = decimalToCents(capture?.amount?.value ?? unit?.amount?.value ?? '');
  if (amount === undefined) throw new Error(`PayPal order ${order.id ?? '?'} has no amount`);
  let message: string | null = null;
  if (status === 'failed') message = capture ? PAYMENT_MESSAGES.paypalCaptureFailed : PAYMENT_MESSAGES.paypalTransactionError;
  else if (waiting) message = PAYMENT_MESSAGES.paypalNoOrder;
  return {
    id: order.id!,
    rawStatus,
    status,
    amount,
    currency: 'usd',
    nextAction: waiting && approve ? { type: 'redirect', url: approve } : null,
    clientSecret: null,
    card: null,
    message,
    metadata,
    // created, never approved by the payer: nothing taken yet (reconciliation cancels one nobody was sent to)
    awaitingConfirmation: waiting,
  };
}
