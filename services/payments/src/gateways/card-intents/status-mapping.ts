import { type CardIntentStatus, PAYMENT_MESSAGES } from '@storefront/contracts';
import type { NeutralPaymentStatus as PaymentStatus } from '../payment-gateway.js';

/**
 * The spec's gateway status table (section 4) for card intents (Stripe's vocabulary, which the
 * sandbox card gateway also speaks). Anything the table does not name is treated as not paid: money
 * is only ever "completed" on a status the table says is. PayPal's rows are in ../paypal/, the
 * Authorize-style codes in ../authorizenet/.
 */
const CARD_INTENT_STATUSES: Record<CardIntentStatus, PaymentStatus> = {
  succeeded: 'completed',
  requires_payment_method: 'pending',
  processing: 'pending',
  requires_capture: 'pending',
  requires_confirmation: 'pending',
  canceled: 'failed',
  requires_action: 'on_hold',
};

export function isCardIntentStatus(value: unknown): value is CardIntentStatus {
  return typeof value === 'string' && Object.hasOwn(CARD_INTENT_STATUSES, value);
}

/** Card intent statuses; an unknown status failed. */
export function mapCardIntentStatus(status: string): PaymentStatus {
  return isCardIntentStatus(status) ? CARD_INTENT_STATUSES[status] : 'failed';
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
