import { BadGatewayException, Injectable } from '@nestjs/common';
import {
  PAYMENT_MESSAGES,
  type CardIntentStatus,
  type PaymentIntentCaptureResponse,
  type PaymentIntentResponse,
  type PaymentIntentRetrieveResponse,
  type PaymentIntentUpdateResponse,
  type PaymentIntentView,
} from '@storefront/contracts';
import { AttemptLedger, type Outcome, type PaymentProof } from '../../payment-attempts/attempt-ledger.js';
import { AttemptStart } from '../../payment-attempts/attempt-start.js';
import type { MethodChoice } from '../../payment-methods/offered-methods.js';
import { GatewayDeclined, type GatewayPayment } from '../payment-gateway.js';

/** The spec's Stripe-shaped card-intent calls, answered in a card intent's words whatever card gateway runs them. */
@Injectable()
export class CardIntentAnswers {
  constructor(
    private readonly start: AttemptStart,
    private readonly ledger: AttemptLedger,
  ) {}

  /** POST /api/payment/:gateway/payment-intent (the spec's Stripe-shaped call): the same attempt, answered as a card intent. */
  async payByCard(gatewayName: string, request: { orderId: string; orderToken: string | undefined; paymentToken: string; key: string }): Promise<PaymentIntentResponse> {
    // a card payment: only a card method's gateway (never PayPal's) is offered here
    return this.start.once({ method: 'credit-card', gateway: gatewayName }, { ...request, paymentMethod: 'credit-card' }, (gateway) => ({
      returnUrl: `/payment/verify/${gateway.name}`,
      answer: (outcome, order) => this.intentResponse(outcome, order.orderIncrementId),
    }));
  }

  /** POST /api/payment/stripe/payment-intent/retrieve, with proof. */
  async retrieveIntent(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentIntentRetrieveResponse> {
    const { gateway } = await this.ledger.followUp(choice, paymentId, proof);
    return { paymentIntent: this.intentView(await this.ledger.lookup(gateway, () => gateway.getStatus(paymentId))) };
  }

  /** POST /api/payment/stripe/capture-payment, with proof: capture, then record what the gateway says. */
  async captureIntent(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentIntentCaptureResponse> {
    const { gateway, attempt } = await this.ledger.followUp(choice, paymentId, proof);
    const outcome = await this.ledger.call(gateway, () => gateway.capture(paymentId));
    // a refused capture leaves the payment as it was (nothing to record); an unanswered one is unknown
    if (outcome.kind === 'declined') return { paymentIntent: outcome.payment ? this.intentView(outcome.payment) : null, message: outcome.message };
    await this.ledger.record(attempt, gateway, outcome);
    if (outcome.kind === 'answered') return { paymentIntent: this.intentView(outcome.payment) };
    throw new BadGatewayException(PAYMENT_MESSAGES.unconfirmed);
  }

  /**
   * PATCH /api/payment/stripe/payment-intent, with proof: the metadata (order ids), and, with the
   * order's token, the amount brought to the order's amount due now (the browser's amount is never
   * read: a changed cart is re-priced by the orders service first).
   */
  async updateIntent(choice: MethodChoice, paymentId: string, metadata: Record<string, string>, proof: PaymentProof): Promise<PaymentIntentUpdateResponse> {
    const { gateway, attempt } = await this.ledger.followUp(choice, paymentId, proof);
    if ((proof.orderToken || proof.orderEmail) && !(await this.ledger.bringAmountToDue(attempt, gateway, paymentId, proof))) {
      return { paymentIntent: null, error: PAYMENT_MESSAGES.errorWhileHandling };
    }
    try {
      return { paymentIntent: this.intentView(await this.ledger.lookup(gateway, () => gateway.update(paymentId, { metadata }))) };
    } catch (error) {
      if (!(error instanceof GatewayDeclined)) throw error;
      return { paymentIntent: error.payment ? this.intentView(error.payment) : null, error: error.message };
    }
  }

  intentResponse(outcome: Outcome, orderIncrementId: string): PaymentIntentResponse {
    const payment = outcome.kind === 'unanswered' ? null : outcome.payment;
    const status = outcome.kind === 'unanswered' ? 'pending' : outcome.kind === 'declined' ? 'failed' : outcome.payment.status;
    const message = outcome.kind === 'declined' ? outcome.message : outcome.kind === 'unanswered' ? PAYMENT_MESSAGES.unconfirmed : payment?.message ?? null;
    const awaitingShopper = outcome.kind === 'answered' && outcome.payment.nextAction !== null;
    return {
      paymentIntent: payment ? this.intentView(payment) : null,
      payment: { status, ...(message ? { message } : {}) },
      ...(status === 'completed' || awaitingShopper ? {} : { error: true, message: message ?? PAYMENT_MESSAGES.failed }),
      orderIncrementId,
    };
  }

  intentView(payment: GatewayPayment): PaymentIntentView {
    return {
      id: payment.id,
      status: payment.rawStatus as CardIntentStatus,
      client_secret: payment.clientSecret ?? '',
      amount: payment.amount,
      currency: 'usd',
      ...(payment.nextAction?.type === 'redirect'
        ? { next_action: { type: 'redirect_to_url', redirect_to_url: { url: payment.nextAction.url, return_url: '/payment/verify/stripe' } } }
        : {}),
    };
  }
}
