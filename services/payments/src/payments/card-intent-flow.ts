import { PAYMENT_MESSAGES, type PaymentStatus } from '@storefront/contracts';
import {
  type CreatePaymentInput,
  GatewayError,
  GatewayLookupError,
  type GatewayPayment,
  type PaymentGateway,
} from '../gateways/payment-gateway.js';
import { nextCardIntentStep } from '../gateways/status-mapping.js';

/** The outcome of running a payment through a gateway, before it is stored and reported. */
export interface GatewayOutcome {
  payment: GatewayPayment | null;
  status: PaymentStatus;
  message: string | null;
  /** the shopper is on the way to the gateway's page (3-D Secure): nothing final to report yet */
  awaitingShopper: boolean;
  /** the error a gateway call threw, for the log (never shown to the shopper as is) */
  failure?: unknown;
}

/** The spec's message for a payment left in a status that is not completed. */
export function statusMessage(payment: GatewayPayment): string {
  if (payment.rawStatus === 'requires_action') return PAYMENT_MESSAGES.additionalAuthentication;
  return PAYMENT_MESSAGES.unexpectedStatus(payment.rawStatus);
}

/** A gateway may not keep asking for the same step forever. */
const MAX_STEPS = 4;

/**
 * Card intent handling (spec section 4): create the intent, then confirm / capture as the intent
 * asks, hand a 3-D Secure redirect to the browser, and retrieve a succeeded intent once more so
 * the recorded state is the gateway's. Never throws: a refusal (GatewayError) fails the payment
 * with the gateway's message ('Error while handling Payment' when it has none); an unreachable
 * or broken gateway fails it with 'Payment failed'.
 */
export async function runCardIntent(gateway: PaymentGateway, input: CreatePaymentInput & { paymentMethodId: string }): Promise<GatewayOutcome> {
  let payment: GatewayPayment | null = null;
  try {
    payment = await gateway.create(input);
    for (let step = 0; step < MAX_STEPS; step++) {
      const next = nextCardIntentStep(payment.rawStatus, payment.nextActionUrl !== null);
      switch (next.kind) {
        case 'confirm':
          payment = await gateway.confirm(payment.id, { paymentMethodId: input.paymentMethodId, returnUrl: input.returnUrl });
          break;
        case 'capture':
          payment = await gateway.capture(payment.id);
          break;
        case 'redirect':
          return { payment, status: payment.status, message: null, awaitingShopper: true };
        case 'retrieve':
          payment = await gateway.retrieve(payment.id);
          return { payment, status: payment.status, message: payment.status === 'completed' ? null : statusMessage(payment), awaitingShopper: false };
        case 'stop':
          return { payment, status: payment.status, message: next.message, awaitingShopper: false };
      }
    }
    return { payment, status: payment.status, message: statusMessage(payment), awaitingShopper: false };
  } catch (error) {
    if (error instanceof GatewayError || error instanceof GatewayLookupError) {
      const latest = error instanceof GatewayError ? (error.payment ?? payment) : payment;
      return { payment: latest, status: 'failed', message: error.message || PAYMENT_MESSAGES.errorWhileHandling, awaitingShopper: false, failure: error };
    }
    return { payment, status: 'failed', message: PAYMENT_MESSAGES.failed, awaitingShopper: false, failure: error };
  }
}
