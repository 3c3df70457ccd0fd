import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  PAYMENT_ATTEMPT_STATUSES,
  isPayableMethodName,
  PAYMENT_MESSAGES,
  type AuthorizeNetTransactionResponse,
  type PaymentAttemptResponse,
  type PaymentAttemptStatus,
  type PaymentIntentCaptureResponse,
  type PaymentIntentResponse,
  type PaymentIntentRetrieveResponse,
  type PaymentIntentUpdateResponse,
  type PaymentVerifyResponse,
  type PayPalOrderResponse,
  type PayPalOrderUpdateResponse,
} from '@storefront/contracts';
import { BadRequestException } from '@nestjs/common';
import { Repository } from 'typeorm';
import { AuthorizeNetAnswers } from '../gateways/authorizenet/authorizenet-answers.js';
import { CardIntentAnswers } from '../gateways/card-intents/card-intent-answers.js';
import type { PaymentGateway, WebhookRequest } from '../gateways/payment-gateway.js';
import { PayPalAnswers } from '../gateways/paypal/paypal-answers.js';
import { attemptStatusOf, messageOf, type Outcome, type PaymentProof } from '../payment-attempts/attempt-ledger.js';
import { AttemptStart, type AttemptRequest } from '../payment-attempts/attempt-start.js';
import { PaymentAttempt } from '../payment-attempts/payment-attempt.entity.js';
import { Settlement, type ReconcileOptions } from '../payment-attempts/settlement.js';
import { MethodRouting, methodOfGateway } from '../payment-methods/method-routing.js';
import type { MethodChoice } from '../payment-methods/offered-methods.js';

type CardRequest = { orderId: string; orderToken: string | undefined; paymentToken: string; key: string };

/**
 * Takes payments for orders, on whichever gateway a method runs, and is the only place that does:
 * the amount always comes from the orders service; every try is a payment_attempt row written
 * before the gateway is called (one Idempotency-Key never charges twice, and one order has at most
 * one open attempt at a time); the result the gateway gave is recorded and reported to the orders
 * service, whose order process decides what it means for the order. A gateway that does not answer
 * leaves the attempt unknown, which reconciliation and webhooks settle by asking the gateway again.
 *
 * This is the one door the controllers use: the neutral attempt is answered here, the spec's
 * provider-shaped calls by their provider's answers, and settling by Settlement.
 */
@Injectable()
export class PaymentFlow {
  constructor(
    @InjectRepository(PaymentAttempt) private readonly attempts: Repository<PaymentAttempt>,
    private readonly routing: MethodRouting,
    private readonly attempt: AttemptStart,
    private readonly settlement: Settlement,
    private readonly cards: CardIntentAnswers,
    private readonly authorizeNet: AuthorizeNetAnswers,
    private readonly paypal: PayPalAnswers,
  ) {}

  choiceOf(name: string): MethodChoice {
    return this.routing.choiceOf(name);
  }

  /** POST /api/payment/attempts: pays an order with one of its methods, in neutral words. */
  async start(request: AttemptRequest): Promise<PaymentAttemptResponse> {
    if (!isPayableMethodName(request.paymentMethod)) throw new BadRequestException({ message: PAYMENT_MESSAGES.methodNotAvailable, errorType: 'methodNotAvailable' });
    return this.attempt.once({ method: request.paymentMethod }, request, (gateway, method) => ({
      returnUrl: `/payment/${methodOfGateway(gateway.name)}/verify`,
      ...(method.availableMethods?.length ? { availableMethods: [...method.availableMethods] } : {}),
      current: (attempt) => this.currentAnswer(attempt, gateway),
      answer: (outcome, order, attemptId) => this.attemptAnswer(attemptId, gateway, outcome, order.orderIncrementId),
    }));
  }

  payByCard(gatewayName: string, request: CardRequest): Promise<PaymentIntentResponse> {
    return this.cards.payByCard(gatewayName, request);
  }

  processAuthorizeNetTransaction(request: CardRequest): Promise<AuthorizeNetTransactionResponse> {
    return this.authorizeNet.processAuthorizeNetTransaction(request);
  }

  createPayPalOrder(request: { orderId: string; orderToken: string | undefined; key: string }): Promise<PayPalOrderResponse> {
    return this.paypal.createPayPalOrder(request);
  }

  verify(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentVerifyResponse> {
    return this.settlement.verify(choice, paymentId, proof);
  }

  retrieveIntent(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentIntentRetrieveResponse> {
    return this.cards.retrieveIntent(choice, paymentId, proof);
  }

  captureIntent(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentIntentCaptureResponse> {
    return this.cards.captureIntent(choice, paymentId, proof);
  }

  updateIntent(choice: MethodChoice, paymentId: string, metadata: Record<string, string>, proof: PaymentProof): Promise<PaymentIntentUpdateResponse> {
    return this.cards.updateIntent(choice, paymentId, metadata, proof);
  }

  changeAmountToDue(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PayPalOrderUpdateResponse> {
    return this.paypal.changeAmountToDue(choice, paymentId, proof);
  }

  reconcileDue(options: ReconcileOptions = {}): Promise<{ checked: number; settled: number }> {
    return this.settlement.reconcileDue(options);
  }

  handleWebhook(gatewayName: string, request: WebhookRequest): Promise<{ received: boolean; duplicate: boolean }> {
    return this.settlement.handleWebhook(gatewayName, request);
  }

  /**
   * A retried attempt (the same Idempotency-Key: the shopper's browser never learned the outcome)
   * answers what the attempt is now, not what it was: an outcome still unknown is asked about again
   * first, so a retry after a timeout gets the first attempt's real result and never a second charge.
   */
  private async currentAnswer(attempt: PaymentAttempt, gateway: PaymentGateway): Promise<PaymentAttemptResponse> {
    const stored = attempt.response as PaymentAttemptResponse;
    const status = attempt.status === 'unknown' ? await this.settlement.reconcile(attempt) : attempt.status;
    if (status === stored.attempt.status || !(PAYMENT_ATTEMPT_STATUSES as readonly string[]).includes(status)) return stored;
    return {
      attempt: {
        id: attempt.id,
        status: status as PaymentAttemptStatus,
        nextAction: null,
        message: status === 'completed' ? null : attempt.message,
        transactionId: (await this.attempts.findOneBy({ id: attempt.id }))?.transactionId ?? attempt.transactionId,
      },
      orderIncrementId: stored.orderIncrementId,
      testPayment: gateway.testMode,
    };
  }

  private attemptAnswer(attemptId: string, gateway: PaymentGateway, outcome: Outcome, orderIncrementId: string): PaymentAttemptResponse {
    const status = attemptStatusOf(outcome) as PaymentAttemptStatus;
    const payment = outcome.kind === 'answered' ? outcome.payment : null;
    const message = messageOf(outcome, status);
    const nextAction = payment?.nextAction
      ? payment.nextAction.type === 'redirect'
        ? { type: 'redirect' as const, url: payment.nextAction.url, paymentId: payment.id }
        : { type: 'confirm' as const, clientSecret: payment.nextAction.clientSecret }
      : null;
    return { attempt: { id: attemptId, status, nextAction, message, transactionId: outcome.kind === 'unanswered' ? null : (outcome.payment?.id ?? null) }, orderIncrementId, testPayment: gateway.testMode };
  }
}
