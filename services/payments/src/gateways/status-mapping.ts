import { type CardIntentStatus, PAYMENT_MESSAGES, type PaymentStatus } from '@storefront/contracts';

/**
 * The spec's gateway status table (section 4). Anything a table does not name is treated as not
 * paid: money is only ever "completed" on a status the table says is.
 */
const AUTHORIZE_CODES: Record<string, PaymentStatus> = { '1': 'completed', '2': 'pending', '3': 'failed', '4': 'on_hold' };

const CARD_INTENT_STATUSES: Record<CardIntentStatus, PaymentStatus> = {
  succeeded: 'completed',
  requires_payment_method: 'pending',
  processing: 'pending',
  requires_capture: 'pending',
  requires_confirmation: 'pending',
  canceled: 'failed',
  requires_action: 'on_hold',
};

const PAYPAL_STATUSES: Record<string, PaymentStatus> = { COMPLETED: 'completed', PENDING: 'pending', processing: 'pending' };

/** Authorize-style response codes 1..4; an unknown code failed. */
export function mapAuthorizeResponseCode(code: string | number): PaymentStatus {
  return AUTHORIZE_CODES[String(code).trim()] ?? 'failed';
}

export function isCardIntentStatus(value: unknown): value is CardIntentStatus {
  return typeof value === 'string' && Object.hasOwn(CARD_INTENT_STATUSES, value);
}

/** Card intent statuses; an unknown status failed. */
export function mapCardIntentStatus(status: string): PaymentStatus {
  return isCardIntentStatus(status) ? CARD_INTENT_STATUSES[status] : 'failed';
}

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

/** What the card intent handling (section 4) does next with an intent in `status`. */
export type CardIntentStep =
  | { kind: 'confirm' }
  | { kind: 'capture' }
  /** the shopper must authenticate: send the browser to the gateway's page */
  | { kind: 'redirect' }
  /** succeeded: retrieve the intent once more and record it */
  | { kind: 'retrieve' }
  /** stop here: the payment is not completed, with the spec's message */
  | { kind: 'stop'; message: string };

export function nextCardIntentStep(status: string, hasRedirect: boolean): CardIntentStep {
  switch (status) {
    case 'requires_payment_method':
    case 'requires_confirmation':
      return { kind: 'confirm' };
    case 'requires_capture':
      return { kind: 'capture' };
    case 'requires_action':
      return hasRedirect ? { kind: 'redirect' } : { kind: 'stop', message: PAYMENT_MESSAGES.additionalAuthentication };
    case 'succeeded':
      return { kind: 'retrieve' };
    default:
      return { kind: 'stop', message: PAYMENT_MESSAGES.unexpectedStatus(status) };
  }
}
