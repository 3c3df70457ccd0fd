import { PAYMENT_MESSAGES } from '@storefront/contracts';
import type { Cents } from '@storefront/money';
import { GatewayDeclined, type GatewayPayment, type InitiateInput } from '../payment-gateway.js';
import { mapCardIntentStatus, nextCardIntentStep } from './status-mapping.js';

/**
 * Card intents (Stripe's vocabulary, which the sandbox card gateway also speaks): the provider's
 * primitives an adapter supplies, and the spec's §4 card intent handling over them, turning an
 * intent into a neutral GatewayPayment. The Stripe adapter and the sandbox card adapter share it.
 */
export interface ProviderIntent {
  id: string;
  status: string;
  clientSecret: string;
  amount: Cents;
  /** where the shopper authenticates (3-D Secure), when the provider offers a page */
  redirectUrl: string | null;
  /** the provider's last error (a decline) */
  lastError: string | null;
  card: { brand: string; last4: string } | null;
  metadata: Record<string, string>;
}

export interface CardIntentOperations {
  create(input: InitiateInput): Promise<ProviderIntent>;
  confirm(id: string, paymentToken: string, returnUrl: string): Promise<ProviderIntent>;
  capture(id: string): Promise<ProviderIntent>;
  retrieve(id: string): Promise<ProviderIntent>;
}

/** The spec's message for an intent left in a status that is not succeeded. */
export function cardIntentMessage(status: string): string {
  return status === 'requires_action' ? PAYMENT_MESSAGES.additionalAuthentication : PAYMENT_MESSAGES.unexpectedStatus(status);
}

/** An intent in neutral words: the §4 status table, the decline as a failure, the next action. */
export function cardPayment(intent: ProviderIntent): GatewayPayment {
  // A declined card leaves the intent waiting for another card (requires_payment_method): this payment failed.
  const declined = intent.lastError !== null && intent.status === 'requires_payment_method';
  const status = declined ? 'failed' : mapCardIntentStatus(intent.status);
  const nextAction =
    intent.status === 'requires_action' && intent.redirectUrl
      ? ({ type: 'redirect', url: intent.redirectUrl } as const)
      : intent.status === 'requires_payment_method' && !declined
        ? ({ type: 'confirm', clientSecret: intent.clientSecret } as const)
        : null;
  return {
    id: intent.id,
    rawStatus: intent.status,
    status,
    amount: intent.amount,
    currency: 'usd',
    nextAction,
    clientSecret: intent.clientSecret,
    card: intent.card,
    message: status === 'completed' || nextAction ? null : (intent.lastError ?? cardIntentMessage(intent.status)),
    metadata: intent.metadata,
    awaitingConfirmation: !declined && (intent.status === 'requires_payment_method' || intent.status === 'requires_confirmation'),
  };
}

/** A provider may not keep asking for the same step forever. */
const MAX_STEPS = 4;

/**
 * Card intent handling (spec §4): create the intent; with a card token confirm it, capture it when
 * it requires capture, hand a 3-D Secure page to the shopper (nextAction redirect), and retrieve a
 * succeeded intent once more so what is recorded is the provider's. Without a token (the payment
 * element variant) the intent waits for the provider's browser script (nextAction confirm). A
 * decline throws GatewayDeclined with the provider's message; anything the provider did not answer
 * is thrown as it is (the flow records it as unknown).
 */
export async function initiateCardIntent(ops: CardIntentOperations, input: InitiateInput): Promise<GatewayPayment> {
  let intent = await ops.create(input);
  if (!input.paymentToken) return cardPayment(intent);
  for (let step = 0; step < MAX_STEPS; step++) {
    const next = nextCardIntentStep(intent.status, intent.redirectUrl !== null);
    switch (next.kind) {
      case 'confirm':
        intent = await ops.confirm(intent.id, input.paymentToken, input.returnUrl);
        if (intent.lastError && intent.status === 'requires_payment_method') throw new GatewayDeclined(intent.lastError, cardPayment(intent));
        break;
      case 'capture':
        intent = await ops.capture(intent.id);
        break;
      case 'retrieve':
        return cardPayment(await ops.retrieve(intent.id));
      case 'redirect':
      case 'stop':
        return cardPayment(intent);
    }
  }
  return cardPayment(intent);
}
