import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  PAYMENT_ATTEMPT_STATUSES,
  PAYMENT_MESSAGES,
  PAYMENT_SCOPES,
  isPayableMethodName,
  type PaymentMethod,
  type PaymentScope,
  type CardIntentStatus,
  type PayableOrder,
  type PaymentAttemptResponse,
  type PaymentAttemptStatus,
  type PaymentIntentCaptureResponse,
  type PaymentIntentResponse,
  type PaymentIntentRetrieveResponse,
  type PaymentIntentUpdateResponse,
  type PaymentIntentView,
  type PaymentResultReport,
  type PaymentVerifyResponse,
  type PayPalOrderResponse,
  type AuthorizeNetTransactionResponse,
  type PayPalOrderUpdateResponse,
} from '@storefront/contracts';
import { UpstreamCircuitOpenError } from '@storefront/service-kit';
import { ContentStore } from '@storefront/site-config';
import { QueryFailedError, Repository } from 'typeorm';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import {
  GatewayDeclined,
  GatewayLookupError,
  WebhookSignatureError,
  isGatewayName,
  type GatewayName,
  type GatewayPayment,
  type PaymentGateway,
  type WebhookRequest,
} from '../gateways/payment-gateway.js';
import { isOpenAttempt, PaymentAttempt, type AttemptStatus } from '../payment-attempts/payment-attempt.entity.js';
import { PaymentReports } from '../payment-jobs/payment-reports.js';
import { gatewayInUse, offeredMethod, type MethodChoice } from '../payment-methods/offered-methods.js';
import { GatewayUnanswered, neverReceivedAfterMs, sameSecret, withinTime } from './gateway-calls.js';
import { storedPaymentMethodId } from './idempotency-key.js';
import { OrdersClient, type ShopperProof } from './orders-client.js';
import { cancelPathFor } from './return-paths.js';

export const GATEWAY_TIMEOUT_MS = Symbol('GATEWAY_TIMEOUT_MS');

export const KEY_USED_FOR_ANOTHER_ORDER = 'This Idempotency-Key was already used for another order. Use a new key for this payment.';
export const KEY_USED_FOR_ANOTHER_PAYMENT =
  'This Idempotency-Key was already used for a payment with another card or gateway. Use a new key for this payment.';
export const KEY_STILL_IN_PROGRESS = 'A payment with this Idempotency-Key is still in progress. Please try again in a moment.';
export const ORDER_ALREADY_PAID = 'This order has already been fully paid.';
export const PAYMENT_NOT_FOUND = 'Payment not found.';
export const NEVER_REACHED_PROVIDER = 'The payment did not reach the payment provider; nothing was charged.';
/** The 503 while a provider's breaker is open: nothing was sent, so the same request may simply be sent again. */
export const PROVIDER_UNAVAILABLE = 'The payment provider is unavailable right now; nothing was charged. Please try again in a moment.';
export const CANCELED_FOR_NEW_ATTEMPT = 'The payment was canceled: the shopper started a new one.';
/** An attempt whose request died after the provider created the payment and before it was confirmed. */
export const NEVER_CONFIRMED = 'The payment was never confirmed and has been canceled; nothing was charged. Please try again.';
/** Authorize.Net's own words for response code 1, when its answer carried none. */
export const AUTHORIZE_NET_APPROVED = 'This transaction has been approved.';
/** The 404 of a webhook for a gateway no enabled payment method uses (or that has no keys and no sandbox). */
export const WEBHOOK_GATEWAY_NOT_IN_USE = 'No enabled payment method takes payments through this gateway.';
/** The 503 of a webhook whose payment the provider did not describe in time: not marked seen, so the provider sends it again. */
export const WEBHOOK_NOT_APPLIED = 'The event could not be applied yet; please send it again.';

/** How long a duplicate request waits for the first one's answer before giving up. */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 100;
/** The unique index that keeps one open attempt per order (migration 1795300000300). */
const ONE_OPEN_PER_ORDER = 'payment_attempt_one_open_per_order';

/** The method name (checkout) a gateway's payments are recorded under. */
function methodOfGateway(gateway: GatewayName): 'credit-card' | 'online-payment' {
  return gateway === 'paypal' ? 'online-payment' : 'credit-card';
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a gateway call came to. */
type Outcome =
  | { kind: 'answered'; payment: GatewayPayment }
  | { kind: 'declined'; message: string; payment: GatewayPayment | null }
  | { kind: 'unanswered'; error: unknown };

/** Who may read or change a payment: whoever holds its client secret, the order's token, or (a split-payment order) its e-mail. */
export interface PaymentProof {
  clientSecret?: string | undefined;
  orderToken?: string | undefined;
  orderEmail?: string | undefined;
}

/** What a shopper asks an attempt to pay: the order (with its proof) by a method, and for a split-payment order an instalment. */
export interface AttemptRequest {
  orderId: string;
  orderToken: string | undefined;
  /** the split-payment page's proof instead of the token */
  orderEmail?: string | undefined;
  paymentMethod: string;
  paymentToken?: string | undefined;
  /** cents: a part of the balance (checked by the orders service) */
  instalmentCents?: number | undefined;
  key: string;
}

/** How `once` starts and answers one kind of payment call, given the gateway and method it resolved. */
interface AttemptHow<T> {
  /** where the provider sends the shopper back after a redirect */
  returnUrl: string;
  /** the method's settings availableMethods (Stripe's Payment Element: which payment method types it offers) */
  availableMethods?: string[];
  /** the caller's answer for what the gateway said */
  answer: (outcome: Outcome, order: PayableOrder, attemptId: string) => T;
  /** how a replay of the key is answered; absent, the first answer as stored (the spec's gateway-shaped calls) */
  current?: (attempt: PaymentAttempt) => Promise<T>;
}

/** The attempt status a gateway's answer leaves: waiting for the shopper, or the neutral status. */
function attemptStatusOf(outcome: Outcome): AttemptStatus {
  if (outcome.kind === 'unanswered') return 'unknown';
  if (outcome.kind === 'declined') return 'failed';
  return outcome.payment.nextAction ? 'requires_action' : outcome.payment.status;
}

/** Why a payment did not (yet) go through, for the attempt and the shopper; null once it did or while the shopper acts. */
function messageOf(outcome: Outcome, status: AttemptStatus): string | null {
  if (outcome.kind === 'declined') return outcome.message;
  if (outcome.kind === 'unanswered') return PAYMENT_MESSAGES.unconfirmed;
  return status === 'completed' || status === 'requires_action' ? null : outcome.payment.message;
}

/**
 * Takes payments for orders, on whichever gateway a method runs, and is the only place that does:
 * the amount always comes from the orders service; every try is a payment_attempt row written
 * before the gateway is called (one Idempotency-Key never charges twice, and one order has at most
 * one open attempt at a time); the result the gateway gave is recorded and reported to the orders
 * service, whose order process decides what it means for the order. A gateway that does not answer
 * leaves the attempt unknown, which reconciliation and webhooks settle by asking the gateway again.
 */
@Injectable()
export class PaymentFlow {
  private readonly logger = new Logger('payments');
  /** an attempt the provider never received is given up as failed after this long */
  private readonly neverReceivedAfterMs = neverReceivedAfterMs();

  constructor(
    @InjectRepository(PaymentAttempt) private readonly attempts: Repository<PaymentAttempt>,
    private readonly gateways: GatewayRegistry,
    private readonly orders: OrdersClient,
    private readonly reports: PaymentReports,
    private readonly content: ContentStore,
    @Inject(GATEWAY_TIMEOUT_MS) private readonly timeoutMs: number,
  ) {}

  // --- which gateway ---------------------------------------------------------------------------

  /**
   * The enabled payment method a payment goes through and its gateway's adapter: a method switched
   * on in content/settings/payment-methods.json, offered in `scope` (the order's; null before the
   * order is known: offered anywhere), whose gateway has an adapter here (its keys, or the sandbox
   * where the sandbox may run). Anything else is 400 'Payment method not available', whichever
   * route named it: a disabled method's gateway takes no payment, even though its adapter exists.
   */
  async offered(choice: MethodChoice, scope: PaymentScope | null): Promise<{ gateway: PaymentGateway; method: PaymentMethod }> {
    const methods = await this.content.loadPaymentMethods().catch(() => []);
    const method = offeredMethod(methods, choice, scope);
    const gateway = method ? this.gateways.get(method.gatewayName) : undefined;
    if (!method || !gateway) throw new BadRequestException({ message: PAYMENT_MESSAGES.methodNotAvailable, errorType: 'methodNotAvailable' });
    return { gateway, method };
  }

  /** What the verify URL's `:paymentMethod` names: a gateway (stripe, paypal, ...) or a method (credit-card, online-payment). */
  choiceOf(name: string): MethodChoice {
    if (isGatewayName(name)) return { gateway: name };
    if (isPayableMethodName(name)) return { method: name };
    throw new BadRequestException({ message: PAYMENT_MESSAGES.methodNotAvailable, errorType: 'methodNotAvailable' });
  }

  /**
   * The attempt a follow-up call names (verify, capture, retrieve, update), if the caller proves it
   * is theirs, and its gateway, which must still be offered through an enabled method in the scope
   * the attempt was made in (a method switched off since takes no further steps; reconciliation and
   * webhooks still settle what the provider did).
   */
  private async followUp(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<{ gateway: PaymentGateway; attempt: PaymentAttempt }> {
    const { gateway } = await this.offered(choice, null);
    const attempt = await this.provenAttempt(gateway, paymentId, proof);
    const scope = (PAYMENT_SCOPES as readonly string[]).includes(attempt.scope ?? '') ? attempt.scope : null;
    const inScope = await this.offered({ gateway: attempt.gateway, method: methodOfGateway(gateway.name) }, scope);
    if (inScope.gateway.name !== gateway.name) throw new BadRequestException({ message: PAYMENT_MESSAGES.methodNotAvailable, errorType: 'methodNotAvailable' });
    return { gateway, attempt };
  }

  // --- paying ----------------------------------------------------------------------------------

  /** POST /api/payment/attempts: pays an order with one of its methods, in neutral words. */
  async start(request: AttemptRequest): Promise<PaymentAttemptResponse> {
    if (!isPayableMethodName(request.paymentMethod)) throw new BadRequestException({ message: PAYMENT_MESSAGES.methodNotAvailable, errorType: 'methodNotAvailable' });
    return this.once({ method: request.paymentMethod }, request, (gateway, method) => ({
      returnUrl: `/payment/${methodOfGateway(gateway.name)}/verify`,
      ...(method.availableMethods?.length ? { availableMethods: [...method.availableMethods] } : {}),
      current: (attempt) => this.currentAnswer(attempt, gateway),
      answer: (outcome, order, attemptId) => this.attemptAnswer(attemptId, gateway, outcome, order.orderIncrementId),
    }));
  }

  /** POST /api/payment/:gateway/payment-intent (the spec's Stripe-shaped call): the same attempt, answered as a card intent. */
  async payByCard(gatewayName: string, request: { orderId: string; orderToken: string | undefined; paymentToken: string; key: string }): Promise<PaymentIntentResponse> {
    // a card payment: only a card method's gateway (never PayPal's) is offered here
    return this.once({ method: 'credit-card', gateway: gatewayName }, { ...request, paymentMethod: 'credit-card' }, (gateway) => ({
      returnUrl: `/payment/verify/${gateway.name}`,
      answer: (outcome, order) => this.intentResponse(outcome, order.orderIncrementId),
    }));
  }

  /**
   * POST /api/payment/authorize-net/process-transaction (the spec's call): the same attempt, paid
   * with Accept.js' opaque data, answered in the spec's words (status 200 for a charge the provider
   * took, Authorize.Net's response code).
   */
  async processAuthorizeNetTransaction(request: { orderId: string; orderToken: string | undefined; paymentToken: string; key: string }): Promise<AuthorizeNetTransactionResponse> {
    return this.once({ method: 'credit-card', gateway: 'authorizenet' }, { ...request, paymentMethod: 'credit-card' }, () => ({
      returnUrl: '/payment/credit-card/verify',
      answer: (outcome, order): AuthorizeNetTransactionResponse => {
        const payment = outcome.kind === 'unanswered' ? null : outcome.payment;
        const responseCode = payment ? { responseCode: payment.rawStatus } : null;
        if (outcome.kind === 'answered' && outcome.payment.status !== 'failed') {
          return { status: 200, message: outcome.payment.message ?? AUTHORIZE_NET_APPROVED, transactionId: outcome.payment.id, transactionResponse: responseCode, orderIncrementId: order.orderIncrementId };
        }
        if (outcome.kind === 'unanswered') return { status: 502, message: PAYMENT_MESSAGES.unconfirmed, transactionId: null, transactionResponse: null };
        const message = outcome.kind === 'declined' ? outcome.message : (outcome.payment.message ?? PAYMENT_MESSAGES.paymentError);
        return { status: 402, message, transactionId: payment?.id ?? null, transactionResponse: responseCode };
      },
    }));
  }

  /** POST /api/payment/paypal/order (the spec's call): a PayPal order for the order's amount due, to approve at PayPal. */
  async createPayPalOrder(request: { orderId: string; orderToken: string | undefined; key: string }): Promise<PayPalOrderResponse> {
    return this.once({ method: 'online-payment', gateway: 'paypal' }, { ...request, paymentMethod: 'online-payment' }, () => ({
      returnUrl: '/payment/online-payment/verify',
      answer: (outcome): PayPalOrderResponse => {
        const approve = outcome.kind === 'answered' && outcome.payment.nextAction?.type === 'redirect' ? outcome.payment.nextAction.url : null;
        return outcome.kind === 'answered' && approve
          ? { id: outcome.payment.id, response: { links: [{ rel: 'approve', href: approve }] } }
          : { id: null, error: PAYMENT_MESSAGES.paypalCreateFailed };
      },
    }));
  }

  /**
   * Back from the provider's page (3-D Secure, PayPal): the provider's own answer decides, never the
   * browser's redirect_status. Needs the payment's client secret or the order's token.
   */
  async verify(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentVerifyResponse> {
    const { gateway, attempt } = await this.followUp(choice, paymentId, proof);
    const outcome = await this.call(gateway, () => gateway.confirm(paymentId, proof.clientSecret ? { clientSecret: proof.clientSecret } : {}));
    if (outcome.kind === 'answered' || outcome.kind === 'declined') await this.record(attempt, gateway, outcome);
    if (outcome.kind === 'unanswered') {
      await this.record(attempt, gateway, outcome);
      return {
        success: false,
        error: PAYMENT_MESSAGES.unconfirmed,
        status: null,
        transactionId: paymentId,
        transactionResponse: null,
        testPayment: gateway.testMode,
        metadata: this.attemptMetadata(attempt),
      };
    }
    const payment = outcome.payment;
    const status = outcome.kind === 'declined' ? 'failed' : payment!.status;
    const success = status === 'completed' || status === 'pending';
    const message = outcome.kind === 'declined' ? outcome.message : payment!.message;
    return {
      success,
      ...(success ? {} : { error: message ?? PAYMENT_MESSAGES.failed }),
      status,
      transactionId: paymentId,
      transactionResponse: payment ? { amount: payment.amount } : null,
      testPayment: gateway.testMode,
      metadata: this.attemptMetadata(attempt),
    };
  }

  /** POST /api/payment/stripe/payment-intent/retrieve, with proof. */
  async retrieveIntent(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentIntentRetrieveResponse> {
    const { gateway } = await this.followUp(choice, paymentId, proof);
    return { paymentIntent: this.intentView(await this.lookup(gateway, () => gateway.getStatus(paymentId))) };
  }

  /** POST /api/payment/stripe/capture-payment, with proof: capture, then record what the gateway says. */
  async captureIntent(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PaymentIntentCaptureResponse> {
    const { gateway, attempt } = await this.followUp(choice, paymentId, proof);
    const outcome = await this.call(gateway, () => gateway.capture(paymentId));
    // a refused capture leaves the payment as it was (nothing to record); an unanswered one is unknown
    if (outcome.kind === 'declined') return { paymentIntent: outcome.payment ? this.intentView(outcome.payment) : null, message: outcome.message };
    await this.record(attempt, gateway, outcome);
    if (outcome.kind === 'answered') return { paymentIntent: this.intentView(outcome.payment) };
    throw new BadGatewayException(PAYMENT_MESSAGES.unconfirmed);
  }

  /**
   * PATCH /api/payment/stripe/payment-intent, with proof: the metadata (order ids), and, with the
   * order's token, the amount brought to the order's amount due now (the browser's amount is never
   * read: a changed cart is re-priced by the orders service first).
   */
  async updateIntent(choice: MethodChoice, paymentId: string, metadata: Record<string, string>, proof: PaymentProof): Promise<PaymentIntentUpdateResponse> {
    const { gateway, attempt } = await this.followUp(choice, paymentId, proof);
    if ((proof.orderToken || proof.orderEmail) && !(await this.bringAmountToDue(attempt, gateway, paymentId, proof))) {
      return { paymentIntent: null, error: PAYMENT_MESSAGES.errorWhileHandling };
    }
    try {
      return { paymentIntent: this.intentView(await this.lookup(gateway, () => gateway.update(paymentId, { metadata }))) };
    } catch (error) {
      if (!(error instanceof GatewayDeclined)) throw error;
      return { paymentIntent: error.payment ? this.intentView(error.payment) : null, error: error.message };
    }
  }

  /**
   * PATCH /api/payment/paypal/order, with the order's token: a payment still waiting for the shopper
   * is set to the order's amount due now (its total changed), never to an amount from the browser.
   */
  async changeAmountToDue(choice: MethodChoice, paymentId: string, proof: PaymentProof): Promise<PayPalOrderUpdateResponse> {
    const { gateway, attempt } = await this.followUp(choice, paymentId, proof);
    return (await this.bringAmountToDue(attempt, gateway, paymentId, proof.orderToken || proof.orderEmail ? proof : undefined)) ? { id: paymentId } : { id: null, error: PAYMENT_MESSAGES.paypalUpdateFailed };
  }

  /**
   * Sets a payment still waiting for the shopper to the order's amount due now, if that changed;
   * false when it cannot be (the payment has moved on, the gateway cannot change amounts, or did not answer).
   */
  private async bringAmountToDue(attempt: PaymentAttempt, gateway: PaymentGateway, paymentId: string, proof: PaymentProof | undefined): Promise<boolean> {
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

  // --- settling what is open -------------------------------------------------------------------

  /**
   * Asks the gateway again about an open attempt (unknown, pending, held, or left processing by a
   * process that died between the gateway call and saving its answer) and records what it says.
   * An attempt the provider never received is given up as failed once it is old enough.
   */
  async reconcile(attempt: PaymentAttempt, { sweep = false }: { sweep?: boolean } = {}): Promise<AttemptStatus> {
    const gateway = this.gateways.get(attempt.gateway);
    if (!gateway || !isOpenAttempt(attempt.status)) return attempt.status;
    let outcome: Outcome;
    if (attempt.transactionId) {
      outcome = await this.askProvider(gateway, attempt.transactionId);
    } else {
      const found = await this.call(gateway, () => gateway.findByReference(attempt.id));
      if (found.kind === 'answered' && found.payment === null) {
        if (Date.now() - attempt.createdAt.getTime() < this.neverReceivedAfterMs) return attempt.status;
        outcome = { kind: 'declined', message: NEVER_REACHED_PROVIDER, payment: null };
      } else {
        outcome = found as Outcome;
      }
    }
    // still unanswered: leave it as it is, the next sweep asks again
    if (outcome.kind === 'unanswered') return attempt.status;
    if (outcome.kind === 'answered' && outcome.payment.awaitingConfirmation && this.neverHandedOut(attempt)) {
      return this.cancelUnconfirmed(attempt, gateway, outcome.payment, sweep);
    }
    return this.record(attempt, gateway, outcome);
  }

  /**
   * Whether no browser was ever given this attempt's payment (client secret, approval link): a
   * 'processing' row is one whose Pay request never answered (record() writes the status and the
   * answer together), and an 'unknown' one without a payment id answered "unconfirmed" with no next
   * action. Nobody can then legitimately confirm its payment: only the dead request would have.
   */
  private neverHandedOut(attempt: PaymentAttempt): boolean {
    return attempt.status === 'processing' || (attempt.status === 'unknown' && attempt.transactionId === null);
  }

  /**
   * A payment the provider created for a request that died before confirming it (killed between
   * create and confirm): nothing was charged, but recorded as 'pending' it would hold the order's one
   * open attempt for good (no later sweep confirms it), and every new Pay would get 409. Only the
   * sweep settles it, and only for an attempt quiet for PAYMENTS_RECONCILE_QUIET_SECONDS (its query)
   * and older than a gateway call (its request is over even when the sweep runs with quietMs 0): it
   * is canceled at the provider first, so it can never be confirmed later, then failed, so the
   * shopper's next Pay starts a new attempt. Elsewhere (a new Pay clearing the way, a key's replay)
   * it is left as it is for the sweep.
   */
  private async cancelUnconfirmed(attempt: PaymentAttempt, gateway: PaymentGateway, payment: GatewayPayment, sweep: boolean): Promise<AttemptStatus> {
    if (!sweep || Date.now() - attempt.updatedAt.getTime() <= this.timeoutMs) return attempt.status;
    const canceled = await this.call(gateway, () => gateway.cancel(payment.id));
    // unanswered: still open, the next sweep cancels it
    if (canceled.kind === 'unanswered') return attempt.status;
    if (canceled.kind === 'answered' && canceled.payment.status === 'failed') {
      this.logger.warn('Canceled a payment its request never confirmed', { attemptId: attempt.id, orderId: attempt.orderId, gateway: gateway.name });
      return this.record(attempt, gateway, { kind: 'declined', message: NEVER_CONFIRMED, payment: canceled.payment });
    }
    // the provider would not cancel it (it moved on meanwhile): record what it is now
    return this.record(attempt, gateway, canceled);
  }

  /** One reconciliation sweep: the open attempts not changed for `quietMs`, oldest first. */
  async reconcileDue({ quietMs = 60_000, limit = 50 }: { quietMs?: number; limit?: number } = {}): Promise<{ checked: number; settled: number }> {
    const due = await this.attempts
      .createQueryBuilder('attempt')
      .where('attempt.status IN (:...open)', { open: ['processing', 'requires_action', 'unknown', 'pending', 'on_hold'] })
      .andWhere(`attempt.updated_at < now() - make_interval(secs => :quiet)`, { quiet: quietMs / 1000 })
      .orderBy('attempt.updated_at', 'ASC')
      .limit(limit)
      .getMany();
    let settled = 0;
    for (const attempt of due) {
      const status = await this.reconcile(attempt, { sweep: true }).catch((error: unknown) => {
        this.logger.warn(`Reconciliation could not settle an attempt: ${error instanceof Error ? error.message : String(error)}`, { attemptId: attempt.id });
        return attempt.status;
      });
      if (!isOpenAttempt(status)) settled += 1;
    }
    if (due.length > 0) this.logger.log('Reconciliation sweep', { event: 'payments.reconcile', checked: due.length, settled });
    return { checked: due.length, settled };
  }

  /**
   * POST /api/payment/webhooks/:gateway: a provider's signed event, applied once per event id. The
   * event only says which payment changed; its state is asked of the gateway and recorded like any
   * other answer, so a forged or stale event body can never decide a payment.
   */
  async handleWebhook(gatewayName: string, request: WebhookRequest): Promise<{ received: boolean; duplicate: boolean }> {
    const methods = await this.content.loadPaymentMethods().catch(() => []);
    const gateway = gatewayInUse(methods, gatewayName) ? this.gateways.get(gatewayName) : undefined;
    if (!gateway) throw new NotFoundException(WEBHOOK_GATEWAY_NOT_IN_USE);
    let event;
    try {
      event = await gateway.parseWebhook(request);
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new BadRequestException('The webhook signature does not match.');
      // the provider's breaker is open: not taken (nor marked seen), so the provider sends it again later
      if (error instanceof UpstreamCircuitOpenError) throw new ServiceUnavailableException(PROVIDER_UNAVAILABLE);
      throw error;
    }
    const inserted = (await this.attempts.query(
      `INSERT INTO payment_webhook_event (gateway, event_id, payment_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING event_id`,
      [gateway.name, event.id, event.paymentId],
    )) as unknown[];
    if (inserted.length === 0) return { received: true, duplicate: true };
    // The event is marked seen first, so a concurrent copy of it is a duplicate; if applying it then
    // fails (the provider does not answer, recording throws) the mark is removed again and the
    // provider's retry of the same event is applied, not taken for a duplicate.
    let attempt: PaymentAttempt | null;
    try {
      attempt = await this.applyWebhook(gateway, event.paymentId);
    } catch (error) {
      await this.attempts.query(`DELETE FROM payment_webhook_event WHERE gateway = $1 AND event_id = $2`, [gateway.name, event.id]);
      this.logger.warn(`Webhook not applied, left for the provider's retry: ${error instanceof Error ? error.message : String(error)}`, {
        event: 'payments.webhook-not-applied',
        gateway: gateway.name,
        eventId: event.id,
      });
      if (error instanceof HttpException) throw error;
      throw new ServiceUnavailableException(WEBHOOK_NOT_APPLIED);
    }
    this.logger.log('Webhook applied', { event: 'payments.webhook', gateway: gateway.name, eventId: event.id, type: event.type, attemptId: attempt?.id ?? null });
    return { received: true, duplicate: false };
  }

  /** Asks the provider about the event's payment and records it; throws when that cannot be done now. */
  private async applyWebhook(gateway: PaymentGateway, paymentId: string | null): Promise<PaymentAttempt | null> {
    const attempt = paymentId ? await this.attempts.findOneBy({ transactionId: paymentId, gateway: gateway.name }) : null;
    if (attempt) {
      const outcome = await this.askProvider(gateway, attempt.transactionId!);
      if (outcome.kind === 'unanswered') throw new ServiceUnavailableException(WEBHOOK_NOT_APPLIED);
      await this.record(attempt, gateway, outcome, { evenIfFinal: true });
    }
    return attempt;
  }

  // --- the one attempt -------------------------------------------------------------------------

  /**
   * Starts the payment with the gateway at most once per Idempotency-Key, and only while the order has no other open
   * attempt. The attempt row is inserted first: the unique index on the key decides between
   * duplicates (every loser waits for the winner's answer), the partial unique index on the order
   * between two tabs.
   */
  private async once<T>(choice: MethodChoice, request: AttemptRequest, howFor: (gateway: PaymentGateway, method: PaymentMethod) => AttemptHow<T>): Promise<T> {
    // a method that is off (or a gateway no enabled method uses) is refused before the order is even asked about
    await this.offered(choice, null);
    const proof = { orderToken: request.orderToken, orderEmail: request.orderEmail };
    // the proof first: a key replay is the creator's, and the creator has it. A replay is not asked
    // about its instalment again (the part it paid may no longer fit the balance it left).
    const proven = await this.orders.payableOrder(request.orderId, proof);
    // the method must be offered where this order is paid (a sample order, a quote, an instalment)
    const { gateway, method } = await this.offered(choice, proven.scope);
    const how = howFor(gateway, method);
    const shape = { orderId: request.orderId, gateway: gateway.name, paymentMethodId: storedPaymentMethodId(request.paymentToken) };
    const existing = await this.attempts.findOneBy({ idempotencyKey: request.key });
    const replayAs = { current: how.current ?? null, answer: how.answer, order: proven };
    if (existing) return this.replay<T>(existing, shape, replayAs);
    let order = request.instalmentCents ? await this.orders.payableOrder(request.orderId, proof, request.instalmentCents) : proven;
    if (order.amountDue <= 0) throw new ConflictException({ message: ORDER_ALREADY_PAID, errorType: 'orderPaid' });
    // The provider keeps failing (its breaker is open): say so before any attempt is written, so this
    // Idempotency-Key stays unused and the same request sent again later pays normally.
    if (this.gateways.refusing(gateway.name)) throw new ServiceUnavailableException(PROVIDER_UNAVAILABLE);
    try {
      await this.clearTheWay(order.id);
    } catch (error) {
      // the open attempt in the way may be a concurrent copy of this very request (same key): a replay
      const mine = error instanceof ConflictException ? await this.attempts.findOneBy({ idempotencyKey: request.key }) : null;
      if (mine) return this.replay<T>(mine, shape, replayAs);
      throw error;
    }

    let attemptId: string | undefined;
    try {
      const inserted = (await this.attempts.query(
        `INSERT INTO payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key, payment_method_id, instalment_cents, scope)
         VALUES ($1, $2, $3, $4, 'processing', $5, $6, $7, $8) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
        [order.id, methodOfGateway(gateway.name), gateway.name, order.amountDue, request.key, shape.paymentMethodId, request.instalmentCents ?? null, proven.scope],
      )) as { id: string }[];
      attemptId = inserted[0]?.id;
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { constraint?: string })?.constraint === ONE_OPEN_PER_ORDER) {
        // the open attempt in the way may be this key's own (a concurrent copy of this request won): then this is a replay
        const mine = await this.attempts.findOneBy({ idempotencyKey: request.key });
        if (mine) return this.replay<T>(mine, shape, replayAs);
        throw new ConflictException({ message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' });
      }
      throw error;
    }
    if (!attemptId) return this.replay<T>(await this.attempts.findOneByOrFail({ idempotencyKey: request.key }), shape, replayAs);
    order = await this.amountStillDue(order, attemptId, proof, request.instalmentCents ?? undefined);

    const outcome = await this.call(gateway, () =>
      gateway.initiate({
        amount: order.amountDue,
        currency: 'usd',
        ...(request.paymentToken ? { paymentToken: request.paymentToken } : {}),
        returnUrl: how.returnUrl,
        // the page the shopper came from decides where a cancel goes: from the order's kind, never the browser
        cancelUrl: cancelPathFor(proven.scope, how.returnUrl),
        ...(how.availableMethods ? { availableMethods: how.availableMethods } : {}),
        receiptEmail: order.email,
        // the customer and addresses the order already holds (Authorize.Net keeps them with the transaction)
        email: order.email,
        billing: order.billing,
        shipping: order.shipping,
        metadata: this.metadataOf(order, attemptId),
        reference: attemptId,
      }),
    );
    if (outcome.kind === 'unanswered' && outcome.error instanceof UpstreamCircuitOpenError) {
      // The breaker opened after the check above and refused the call unsent: this attempt never
      // reached the provider, so it goes (nothing to reconcile, no report) and the key with it.
      await this.attempts.delete({ id: attemptId, status: 'processing' });
      throw new ServiceUnavailableException(PROVIDER_UNAVAILABLE);
    }
    const response = how.answer(outcome, order, attemptId);
    const attempt = await this.attempts.findOneByOrFail({ id: attemptId });
    await this.record(attempt, gateway, outcome, { response: response as object });
    return response;
  }

  /**
   * The amount due once this attempt holds the order's one open slot. A payment from another tab (or
   * replica) may have completed just before, and left the slot, while the orders service had not yet
   * taken its result: the amount read before the slot was claimed then still counted it as owed, and
   * charging it would charge the order twice (the reliability harness's second tabs did, 25 in 1,000
   * with two payments replicas). Once the slot is ours no other attempt of the order can complete, so
   * after every completed one's result is delivered the orders service's amount is the truth. Read
   * again only when the order has a completed attempt (a paid order, an instalment before), so a
   * first payment costs no extra call. Paid meanwhile: this attempt goes, 409 orderPaid.
   */
  private async amountStillDue(order: PayableOrder, attemptId: string, proof: ShopperProof, instalmentCents: number | undefined): Promise<PayableOrder> {
    const completed = (await this.attempts.query(`SELECT id FROM payment_attempt WHERE order_id = $1 AND status = 'completed' AND id <> $2`, [order.id, attemptId])) as {
      id: string;
    }[];
    if (completed.length === 0) return order;
    let fresh: PayableOrder;
    try {
      for (const { id } of completed) await this.reports.deliver(id);
      fresh = await this.orders.payableOrder(order.id, proof, instalmentCents);
    } catch (error) {
      // not known to be safe to charge: nothing was sent to the provider, the key may pay later
      await this.attempts.delete({ id: attemptId, status: 'processing' });
      if (error instanceof HttpException) throw error;
      throw new ConflictException({ message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' });
    }
    if (fresh.amountDue <= 0) {
      await this.attempts.delete({ id: attemptId, status: 'processing' });
      throw new ConflictException({ message: ORDER_ALREADY_PAID, errorType: 'orderPaid' });
    }
    if (fresh.amountDue !== order.amountDue) await this.attempts.update({ id: attemptId }, { amountCents: fresh.amountDue });
    return fresh;
  }

  /**
   * Before a new attempt: the order's open one must go. One the shopper abandoned on the provider's
   * page is canceled there; anything else (unknown, pending, held) is asked about again, and if it
   * is still open the new attempt is refused (it could charge a second time).
   */
  private async clearTheWay(orderId: string): Promise<void> {
    const open = await this.attempts
      .createQueryBuilder('attempt')
      .where('attempt.order_id = :orderId AND attempt.status IN (:...open)', { orderId, open: ['processing', 'requires_action', 'unknown', 'pending', 'on_hold'] })
      .getMany();
    for (const attempt of open) {
      const gateway = this.gateways.get(attempt.gateway);
      let status: AttemptStatus = attempt.status;
      if (status === 'requires_action' && gateway && attempt.transactionId) {
        const canceled = await this.call(gateway, () => gateway.cancel(attempt.transactionId!));
        status =
          canceled.kind === 'answered' && canceled.payment.status === 'failed'
            ? await this.record(attempt, gateway, { kind: 'declined', message: CANCELED_FOR_NEW_ATTEMPT, payment: canceled.payment })
            : await this.reconcile(attempt);
      } else if (status !== 'processing' || Date.now() - attempt.updatedAt.getTime() > this.timeoutMs) {
        // a 'processing' row younger than a gateway call is another request's call under way
        status = await this.reconcile(attempt);
      }
      if (status === 'completed') throw new ConflictException({ message: ORDER_ALREADY_PAID, errorType: 'orderPaid' });
      if (isOpenAttempt(status)) throw new ConflictException({ message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' });
    }
  }

  /**
   * The answer for a key seen before, if it was for the same payment (else 422): once the first
   * request has answered, the stored answer, or with `current` the attempt as it stands now.
   *
   * The first request writes its answer together with the attempt's status (record()), so an
   * attempt past 'processing' without a stored answer is one whose request died mid-call and that
   * something else settled since (the reconciliation sweep, a webhook, a new Pay clearing the way).
   * That answer is built here from the attempt as it stands, in the replaying call's own shape, as a
   * fresh request would have answered that outcome. It is built on the replay side, not written by
   * whoever settles the attempt, because only the replaying request knows which of the four calls
   * (attempts, payment-intent, Authorize.Net, PayPal order) the key belongs to and so the answer's
   * shape, and this covers every way an attempt gets settled; the row stays the one source of truth
   * (nothing is stored, so a later change, e.g. a webhook, is answered as it then is).
   */
  private async replay<T>(
    attempt: PaymentAttempt,
    shape: { orderId: string; gateway: string; paymentMethodId: string | null },
    how: { current: ((attempt: PaymentAttempt) => Promise<T>) | null; answer: (outcome: Outcome, order: PayableOrder, attemptId: string) => T; order: PayableOrder },
  ): Promise<T> {
    if (attempt.orderId !== shape.orderId) throw new UnprocessableEntityException(KEY_USED_FOR_ANOTHER_ORDER);
    if (attempt.gateway !== shape.gateway || attempt.paymentMethodId !== shape.paymentMethodId) throw new UnprocessableEntityException(KEY_USED_FOR_ANOTHER_PAYMENT);
    const deadline = Date.now() + REPLAY_WAIT_MS;
    let latest: PaymentAttempt | null = attempt;
    while (latest && latest.response == null && latest.status === 'processing') {
      if (Date.now() >= deadline) throw new ConflictException(KEY_STILL_IN_PROGRESS);
      await sleep(REPLAY_POLL_MS);
      latest = await this.attempts.findOneBy({ id: attempt.id });
    }
    if (!latest) throw new ConflictException(KEY_STILL_IN_PROGRESS);
    if (latest.response == null) return how.answer(this.outcomeOfAttempt(latest), how.order, latest.id);
    return how.current ? how.current(latest) : (latest.response as T);
  }

  /** The gateway outcome an attempt's stored state stands for (its status, message and the payment as last received). */
  private outcomeOfAttempt(attempt: PaymentAttempt): Outcome {
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
  private async call(gateway: PaymentGateway, run: () => Promise<GatewayPayment | null>): Promise<Outcome & { payment?: unknown }> {
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
  private async askProvider(gateway: PaymentGateway, paymentId: string): Promise<Outcome> {
    const outcome = await this.call(gateway, () => gateway.getStatus(paymentId));
    if (outcome.kind === 'answered' && outcome.payment.status === 'pending' && outcome.payment.nextAction === null) {
      return this.call(gateway, () => gateway.confirm(paymentId));
    }
    return outcome;
  }

  /** A read-only lookup: an unanswered gateway is a 502, never a guess. */
  private async lookup(gateway: PaymentGateway, run: () => Promise<GatewayPayment>): Promise<GatewayPayment> {
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
  private async record(attempt: PaymentAttempt, gateway: PaymentGateway, outcome: Outcome, options: { response?: object; evenIfFinal?: boolean } = {}): Promise<AttemptStatus> {
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
          methodLabel: await this.methodLabel(gateway.name),
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
  private async provenAttempt(gateway: PaymentGateway, paymentId: string, proof: PaymentProof): Promise<PaymentAttempt> {
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

  // --- answers ---------------------------------------------------------------------------------

  /**
   * A retried attempt (the same Idempotency-Key: the shopper's browser never learned the outcome)
   * answers what the attempt is now, not what it was: an outcome still unknown is asked about again
   * first, so a retry after a timeout gets the first attempt's real result and never a second charge.
   */
  private async currentAnswer(attempt: PaymentAttempt, gateway: PaymentGateway): Promise<PaymentAttemptResponse> {
    const stored = attempt.response as PaymentAttemptResponse;
    const status = attempt.status === 'unknown' ? await this.reconcile(attempt) : attempt.status;
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

  private intentResponse(outcome: Outcome, orderIncrementId: string): PaymentIntentResponse {
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

  private intentView(payment: GatewayPayment): PaymentIntentView {
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

  private metadataOf(order: PayableOrder, attemptId: string): Record<string, string> {
    return { orderId: order.id, orderIncrementId: order.orderIncrementId, attemptId, ...(order.paymentId ? { paymentId: order.paymentId } : {}) };
  }

  private attemptMetadata(attempt: PaymentAttempt): PaymentVerifyResponse['metadata'] {
    const raw = attempt.raw as { metadata?: Record<string, string> } | null;
    const response = attempt.response as { orderIncrementId?: string } | null;
    const orderIncrementId = response?.orderIncrementId ?? raw?.metadata?.orderIncrementId;
    const paymentId = raw?.metadata?.paymentId;
    return { orderId: attempt.orderId, ...(orderIncrementId ? { orderIncrementId } : {}), ...(paymentId ? { paymentId } : {}) };
  }

  private async methodLabel(gateway: GatewayName): Promise<string> {
    const method = methodOfGateway(gateway);
    const methods = await this.content.loadPaymentMethods().catch(() => []);
    return methods.find((m) => m.name === method && (m.gateway === gateway || m.gateway === 'sandbox'))?.title ?? (gateway === 'paypal' ? 'PayPal' : 'Credit Card');
  }
}
