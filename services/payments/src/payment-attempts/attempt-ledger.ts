import { BadGatewayException, BadRequestException, Inject, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { PAYMENT_MESSAGES, PAYMENT_SCOPES, type PaymentResultReport } from '@storefront/contracts';
import { Repository } from 'typeorm';
import { GatewayDeclined, GatewayLookupError, type GatewayPayment, type PaymentGateway } from '../gateways/payment-gateway.js';
import { PaymentReports } from '../payment-jobs/payment-reports.js';
import { MethodRouting, methodOfGateway } from '../payment-methods/method-routing.js';
import type { MethodChoice } from '../payment-methods/offered-methods.js';
import { GatewayUnanswered, sameSecret, withinTime } from '../payments/gateway-calls.js';
import { OrdersClient } from '../payments/orders-client.js';
import { isOpenAttempt, PaymentAttempt, type AttemptStatus } from './payment-attempt.entity.js';

export const GATEWAY_TIMEOUT_MS = Symbol('GATEWAY_TIMEOUT_MS');

export const PAYMENT_NOT_FOUND = 'Payment not found.';
/** The 503 while a provider's breaker is open: nothing was sent, so the same request may simply be sent again. */
export const PROVIDER_UNAVAILABLE = 'The payment provider is unavailable right now; nothing was charged. Please try again in a moment.';

/** What a gateway call came to. */
export type Outcome =
  | { kind: 'answered'; payment: GatewayPayment }
  | { kind: 'declined'; message: string; payment: GatewayPayment | null }
  | { kind: 'unanswered'; error: unknown };

/** Who may read or change a payment: whoever holds its client secret, the order's token, or (a split-payment order) its e-mail. */
export interface PaymentProof {
  clientSecret?: string | undefined;
  orderToken?: string | undefined;
  orderEmail?: string | undefined;
}

/** The attempt status a gateway's answer leaves: waiting for the shopper, or the neutral status. */
export function attemptStatusOf(outcome: Outcome): AttemptStatus {
  if (outcome.kind === 'unanswered') return 'unknown';
  if (outcome.kind === 'declined') return 'failed';
  return outcome.payment.nextAction ? 'requires_action' : outcome.payment.status;
}

/** Why a payment did not (yet) go through, for the attempt and the shopper; null once it did or while the shopper acts. */
export function messageOf(outcome: Outcome, status: AttemptStatus): string | null {
  if (outcome.kind === 'declined') return outcome.message;
  if (outcome.kind === 'unanswered') return PAYMENT_MESSAGES.unconfirmed;
  return status === 'completed' || status === 'requires_action' ? null : outcome.payment.message;
}

/**
 * The record of every payment attempt and the one way a gateway is called for it: each call is
 * bounded in time and comes back as an outcome (answered, declined, unanswered), and what it came
 * to is stored on the attempt and, when the order should know, reported to the orders service.
 */
@Injectable()
export class AttemptLedger {
  private readonly logger = new Logger('payments');

  constructor(
    @InjectRepository(PaymentAttempt) private readonly attempts: Repository<PaymentAttempt>,
    private readonly routing: MethodRouting,
    private readonly orders: OrdersClient,
    private readonly reports: PaymentReports,
    @Inject(GATEWAY_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  /**
   * The attempt a follow-up call names (verify, capture, retrieve, update), if the caller proves it
   * is theirs, and its gateway, which must still be offered through an enabled method in the scope
   * the attempt was made in (a method switched off since takes no further steps; reconciliation and
   * webhooks still settle what the provider did).
   */
  async followUp(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<{ gateway: PaymentGateway; attempt: PaymentAttempt }> {
    const { gateway } = await this.routing.offered(choice, null);
    const attempt = await this.provenAttempt(gateway, paymentId, proof);
    const scope = (PAYMENT_SCOPES as readonly string[]).includes(attempt.scope ?? '') ? attempt.scope : null;
    const inScope = await this.routing.offered({ gateway: attempt.gateway, method: methodOfGateway(gateway.name) }, scope);
    if (inScope.gateway.name !== gateway.name) throw new BadRequestException({ message: PAYMENT_MESSAGES.methodNotAvailable, errorType: 'methodNotAvailable' });
    return { gateway, attempt };
  }

  /** The gateway outcome an attempt's stored state stands for (its status, message and the payment as last received). */
  outcomeOfAttempt(attempt: PaymentAttempt): Outcome {
    const raw = attempt.raw as GatewayPayment | null;
    const payment = raw && typeof raw === 'object' && typeof raw.id === 'string' ? { ...raw, clientSecret: null } : null;
    switch (attempt.status) {
      case 'failed':
      case 'canceled':
      case 'needs_review':
        return { kind: 'declined', message: attempt.message ?? PAYMENT_MESSAGES.failed, payment };
      case 'processing':
      case 'unknown':
        return { kind: 'unanswered', error: null };
      default:
        return payment ? { kind: 'answered', payment } : { kind: 'unanswered', error: null };
    }
  }

  /** A gateway call within its time bound, as an outcome (never throws for a provider's answer or silence). */
  async call(gateway: PaymentGateway, run: () => Promise<GatewayPayment | null>): Promise<Outcome & { payment?: unknown }> {
    try {
      const payment = await withinTime(run, this.timeoutMs);
      return { kind: 'answered', payment: payment as GatewayPayment };
    } catch (error) {
      if (error instanceof GatewayDeclined) {
        this.logger.log(`Gateway refused the payment: ${error.message}`, { gateway: gateway.name });
        return { kind: 'declined', message: error.message || PAYMENT_MESSAGES.errorWhileHandling, payment: error.payment ?? null };
      }
      if (error instanceof GatewayLookupError) throw new NotFoundException(PAYMENT_NOT_FOUND);
      this.logger.warn(`Gateway did not answer: ${error instanceof Error ? error.message : String(error)}`, {
        gateway: gateway.name,
        unanswered: error instanceof GatewayUnanswered,
      });
      return { kind: 'unanswered', error };
    }
  }

  /**
   * The payment as the provider reports it now, for reconciliation and webhooks; one the shopper
   * finished with the provider but that is not yet taken (pending, with nothing left for the shopper
   * to do: a PayPal order approved by a shopper who never came back to the return page, a card intent
   * that requires capture) is confirmed, as the return page would have done. Without this such an
   * attempt stays open, and the order can be paid neither by it nor by a new one.
   */
  async askProvider(gateway: PaymentGateway, paymentId: string): Promise<Outcome> {
    const outcome = await this.call(gateway, () => gateway.getStatus(paymentId));
    if (outcome.kind === 'answered' && outcome.payment.status === 'pending' && outcome.payment.nextAction === null) {
      return this.call(gateway, () => gateway.confirm(paymentId));
    }
    return outcome;
  }

  /** A read-only lookup: an unanswered gateway is a 502, never a guess. */
  async lookup(gateway: PaymentGateway, run: () => Promise<GatewayPayment>): Promise<GatewayPayment> {
    const outcome = await this.call(gateway, run);
    if (outcome.kind === 'answered') return outcome.payment;
    if (outcome.kind === 'declined') throw new GatewayDeclined(outcome.message, outcome.payment ?? undefined);
    throw new BadGatewayException(PAYMENT_MESSAGES.errorWhileHandling);
  }

  /**
   * Stores what the gateway said on the attempt and, for an outcome the order should know of,
   * reports it to the orders service (whose order process decides what it means for the order).
   * A final attempt is not reopened, except by a webhook about a later change (a refund, a
   * dispute, a held payment released).
   */
  async record(attempt: PaymentAttempt, gateway: PaymentGateway, outcome: Outcome, options: { response?: object; evenIfFinal?: boolean } = {}): Promise<AttemptStatus> {
    const status = attemptStatusOf(outcome);
    if (!isOpenAttempt(attempt.status) && attempt.status !== 'processing' && !options.evenIfFinal && attempt.response != null && !options.response) {
      return attempt.status;
    }
    const payment = outcome.kind === 'unanswered' ? null : outcome.payment;
    const message = messageOf(outcome, status);
    const reportable = status === 'completed' || status === 'failed' || status === 'pending' || status === 'on_hold';
    const report: PaymentResultReport | null = reportable
      ? {
          attemptId: attempt.id,
          gateway: gateway.name,
          method: methodOfGateway(gateway.name),
          methodLabel: await this.routing.methodTitle(gateway.name),
          status,
          amount: payment?.amount ?? attempt.amountCents,
          transactionId: payment?.id ?? attempt.transactionId ?? null,
          ...(message ? { message } : {}),
          additionalData: {
            ...(payment?.card ? { cardBrand: payment.card.brand, last4: payment.card.last4 } : {}),
            rawStatus: payment?.rawStatus ?? null,
            ...(gateway.sandbox ? { sandbox: true } : {}),
            ...(gateway.testMode ? { testPayment: true } : {}),
          },
        }
      : null;
    // the result and its report's delivery job are stored together, or neither
    await this.attempts.manager.transaction(async (manager) => {
      await manager.update(PaymentAttempt, attempt.id, {
        status,
        message,
        transactionId: payment?.id ?? attempt.transactionId,
        // the client secret stays out of the stored answer (support staff read it)
        raw: (payment ? { ...payment, clientSecret: undefined } : attempt.raw) as object,
        ...(options.response ? { response: options.response } : {}),
        ...(report ? { report: report as object, reportedAt: null } : {}),
      });
      if (report) await this.reports.queue(manager, attempt.id);
    });
    Object.assign(attempt, { status, message, transactionId: payment?.id ?? attempt.transactionId });
    this.logger.log('Payment attempt recorded', { attemptId: attempt.id, orderId: attempt.orderId, gateway: gateway.name, status, sandbox: gateway.sandbox });
    if (report) await this.reports.reportNow(attempt.id);
    return status;
  }

  /** The attempt behind a provider's payment id, if the caller proves it is theirs (else 404, as for an unknown id). */
  async provenAttempt(gateway: PaymentGateway, paymentId: string, proof: PaymentProof): Promise<PaymentAttempt> {
    const attempt = await this.attempts.findOneBy({ transactionId: paymentId, gateway: gateway.name });
    if (!attempt) throw new NotFoundException(PAYMENT_NOT_FOUND);
    if (proof.clientSecret) {
      const payment = await this.lookup(gateway, () => gateway.getStatus(paymentId));
      if (payment.clientSecret && sameSecret(proof.clientSecret, payment.clientSecret)) return attempt;
    } else if (proof.orderToken || proof.orderEmail) {
      // the orders service checks the token or e-mail (404 when it is not this order's)
      await this.orders.payableOrder(attempt.orderId, { orderToken: proof.orderToken, orderEmail: proof.orderEmail });
      return attempt;
    }
    throw new NotFoundException(PAYMENT_NOT_FOUND);
  }

  /**
   * Sets a payment still waiting for the shopper to the order's amount due now, if that changed;
   * false when it cannot be (the payment has moved on, the gateway cannot change amounts, or did not answer).
   */
  async bringAmountToDue(attempt: PaymentAttempt, gateway: PaymentGateway, paymentId: string, proof: PaymentProof | undefined): Promise<boolean> {
    // an instalment asks for the same part again (refused, it no longer fits the balance: the amount stays)
    const order = await this.orders
      .payableOrder(attempt.orderId, proof ? { orderToken: proof.orderToken, orderEmail: proof.orderEmail } : undefined, attempt.instalmentCents)
      .catch((error: unknown) => {
        if (error instanceof BadRequestException) return null;
        throw error;
      });
    if (!order) return false;
    if (order.amountDue === attempt.amountCents) return true;
    if (attempt.status !== 'requires_action' || !gateway.changeAmount) return false;
    const outcome = await this.call(gateway, () => gateway.changeAmount!(paymentId, order.amountDue));
    if (outcome.kind !== 'answered') return false;
    await this.attempts.update(attempt.id, { amountCents: outcome.payment.amount });
    return true;
  }
}
