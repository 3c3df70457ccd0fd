import {
  BadGatewayException,
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  type CardIntentStatus,
  PAYMENT_MESSAGES,
  type PayableOrder,
  type PayPalOrderResponse,
  type PaymentIntentCaptureResponse,
  type PaymentIntentResponse,
  type PaymentIntentRetrieveResponse,
  type PaymentIntentUpdateResponse,
  type PaymentIntentView,
  type PaymentResultReport,
  type PaymentVerifyResponse,
} from '@storefront/contracts';
import { ContentStore } from '@storefront/site-config';
import { Repository } from 'typeorm';
import { PaymentAttempt } from '../payment-attempts/payment-attempt.entity.js';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import {
  GatewayError,
  GatewayLookupError,
  type GatewayName,
  type GatewayPayment,
  type PaymentGateway,
} from '../gateways/payment-gateway.js';
import { type GatewayOutcome, runCardIntent, statusMessage } from './card-intent-flow.js';
import { OrdersClient } from './orders-client.js';
import { PaymentResultReporter } from './payment-result-reporter.js';

export const KEY_USED_FOR_ANOTHER_ORDER = 'This Idempotency-Key was already used for another order. Use a new key for this payment.';
export const KEY_USED_FOR_ANOTHER_PAYMENT =
  'This Idempotency-Key was already used for a payment with another card or gateway. Use a new key for this payment.';
export const KEY_STILL_IN_PROGRESS = 'A payment with this Idempotency-Key is still in progress. Please try again in a moment.';
export const ORDER_ALREADY_PAID = 'This order has already been fully paid.';
export const PAYMENT_NOT_FOUND = 'Payment not found.';

/** How long a duplicate request waits for the first one's answer before giving up. */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 100;

/** The method name (checkout) a gateway's payments are recorded under. */
function methodOfGateway(gateway: GatewayName): 'credit-card' | 'online-payment' {
  return gateway === 'paypal' ? 'online-payment' : 'credit-card';
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Takes payments for orders: the amount always comes from the orders service, every try is a
 * payment_attempt row written before the gateway is called (so one Idempotency-Key can never
 * charge twice), and the result the gateway verified is reported back to the orders service.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger('payments');

  constructor(
    @InjectRepository(PaymentAttempt) private readonly attempts: Repository<PaymentAttempt>,
    private readonly gateways: GatewayRegistry,
    private readonly orders: OrdersClient,
    private readonly reporter: PaymentResultReporter,
    private readonly content: ContentStore,
  ) {}

  /** The adapter for a gateway in the URL, or 400 'Payment method not available'. */
  gateway(name: string): PaymentGateway {
    const gateway = this.gateways.get(name);
    if (!gateway) throw new BadRequestException(PAYMENT_MESSAGES.methodNotAvailable);
    return gateway;
  }

  /** A card gateway (payment intents); PayPal payments start at POST /api/payment/paypal/order. */
  cardGateway(name: string): PaymentGateway {
    return this.gateway(name === 'paypal' ? '' : name);
  }

  /** A gateway name or a checkout method name (credit-card, online-payment) -> the gateway. */
  async gatewayForMethod(name: string): Promise<PaymentGateway> {
    const direct = this.gateways.get(name);
    if (direct) return direct;
    if (name === 'credit-card' || name === 'online-payment') {
      const methods = await this.content.loadPaymentMethods().catch(() => []);
      const configured = methods.find((m) => m?.enabled && m.name === name && this.gateways.get(m.gateway));
      return this.gateway(configured?.gateway ?? (name === 'online-payment' ? 'paypal' : 'stripe'));
    }
    throw new BadRequestException(PAYMENT_MESSAGES.methodNotAvailable);
  }

  /** POST /api/payment/:gateway/payment-intent: the card intent handling of spec section 4. */
  async payByCard(gateway: PaymentGateway, orderId: string, paymentMethodId: string, key: string): Promise<PaymentIntentResponse> {
    return this.once(gateway, orderId, key, paymentMethodId, async (order, attemptId) => {
      const outcome = await runCardIntent(gateway, {
        amount: order.amountDue,
        currency: 'usd',
        paymentMethodId,
        returnUrl: `/payment/verify/${gateway.name}`,
        receiptEmail: order.email,
        metadata: this.metadataOf(order, attemptId),
        idempotencyKey: attemptId,
      });
      if (outcome.failure) this.logFailure(gateway, outcome.failure);
      return { outcome, response: this.intentResponse(outcome, order.orderIncrementId) };
    });
  }

  /** POST /api/payment/paypal/order: a PayPal order for the order's amount due. */
  async createPayPalOrder(orderId: string, key: string): Promise<PayPalOrderResponse> {
    const gateway = this.gateway('paypal');
    return this.once<PayPalOrderResponse>(gateway, orderId, key, null, async (order, attemptId) => {
      try {
        const payment = await gateway.create({
          amount: order.amountDue,
          currency: 'usd',
          returnUrl: '/payment/online-payment/verify',
          receiptEmail: order.email,
          metadata: this.metadataOf(order, attemptId),
          idempotencyKey: attemptId,
        });
        return {
          outcome: { payment, status: payment.status, message: null, awaitingShopper: true },
          response: { id: payment.id, response: { links: [{ rel: 'approve', href: payment.nextActionUrl ?? '' }] } },
        };
      } catch (error) {
        this.logFailure(gateway, error);
        return {
          outcome: { payment: null, status: 'failed', message: PAYMENT_MESSAGES.paypalCreateFailed, awaitingShopper: false },
          response: { id: null, error: PAYMENT_MESSAGES.paypalCreateFailed },
        };
      }
    });
  }

  /**
   * Verify (and for PayPal capture) a payment the shopper came back from: the gateway's own answer
   * decides, never the browser's redirect_status.
   */
  async verify(gateway: PaymentGateway, paymentId: string, clientSecret?: string): Promise<PaymentVerifyResponse> {
    const attempt = await this.attempts.findOneBy({ transactionId: paymentId, gateway: gateway.name });
    if (!attempt) throw new NotFoundException(PAYMENT_NOT_FOUND);
    let payment: GatewayPayment;
    try {
      payment = await gateway.verify(paymentId, clientSecret);
    } catch (error) {
      if (error instanceof GatewayLookupError) throw new BadRequestException(error.message);
      this.logFailure(gateway, error);
      const message = error instanceof GatewayError ? error.message || PAYMENT_MESSAGES.errorWhileHandling : PAYMENT_MESSAGES.failed;
      return { success: false, error: message, status: null, transactionId: paymentId, transactionResponse: null, metadata: this.attemptMetadata(attempt) };
    }
    const message = payment.status === 'completed' ? null : payment.message ?? statusMessage(payment);
    const unchanged =
      attempt.report != null && attempt.status === payment.status && (attempt.raw as { rawStatus?: string } | null)?.rawStatus === payment.rawStatus;
    // A repeated verify (page reload) reports nothing new; a result still unreported is retried.
    if (unchanged) await this.reporter.reportNow(attempt.id);
    else await this.record(attempt.id, attempt.orderId, gateway, { payment, status: payment.status, message, awaitingShopper: false }, attempt.amountCents);
    const success = payment.status === 'completed' || payment.status === 'pending';
    return {
      success,
      ...(success ? {} : { error: message ?? PAYMENT_MESSAGES.failed }),
      status: payment.status,
      transactionId: payment.id,
      transactionResponse: { amount: payment.amount },
      metadata: this.attemptMetadata(attempt),
    };
  }

  /** POST /api/payment/stripe/payment-intent/retrieve */
  async retrieveIntent(gateway: PaymentGateway, paymentId: string): Promise<PaymentIntentRetrieveResponse> {
    await this.knownAttempt(gateway, paymentId);
    return { paymentIntent: this.intentView(await this.lookup(() => gateway.retrieve(paymentId))) };
  }

  /** POST /api/payment/stripe/capture-payment: capture, then record and report what the gateway says. */
  async captureIntent(gateway: PaymentGateway, paymentId: string): Promise<PaymentIntentCaptureResponse> {
    const attempt = await this.knownAttempt(gateway, paymentId);
    try {
      const payment = await this.lookup(() => gateway.capture(paymentId));
      await this.record(attempt.id, attempt.orderId, gateway, { payment, status: payment.status, message: payment.message, awaitingShopper: false }, attempt.amountCents);
      return { paymentIntent: this.intentView(payment) };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return { paymentIntent: error.payment ? this.intentView(error.payment) : null, message: error.message };
    }
  }

  /**
   * PATCH /api/payment/stripe/payment-intent: only metadata (order ids) may change; the amount is
   * the order's, so a browser's amount is ignored here as everywhere.
   */
  async updateIntent(gateway: PaymentGateway, paymentId: string, metadata: Record<string, string>): Promise<PaymentIntentUpdateResponse> {
    await this.knownAttempt(gateway, paymentId);
    if (!gateway.update) throw new BadRequestException(PAYMENT_MESSAGES.methodNotAvailable);
    try {
      return { paymentIntent: this.intentView(await this.lookup(() => gateway.update!(paymentId, { metadata }))) };
    } catch (error) {
      if (!(error instanceof GatewayError)) throw error;
      return { paymentIntent: error.payment ? this.intentView(error.payment) : null, error: error.message };
    }
  }

  // --- the idempotent attempt --------------------------------------------------------------

  /**
   * Runs `pay` at most once per Idempotency-Key. The attempt row is inserted first; the unique
   * index on the key decides between concurrent duplicates, and every loser waits for the winner's
   * stored answer.
   */
  private async once<T>(
    gateway: PaymentGateway,
    orderId: string,
    key: string,
    paymentMethodId: string | null,
    pay: (order: PayableOrder, attemptId: string) => Promise<{ outcome: GatewayOutcome; response: T }>,
  ): Promise<T> {
    const request = { orderId, gateway: gateway.name, paymentMethodId };
    const existing = await this.attempts.findOneBy({ idempotencyKey: key });
    if (existing) return this.replay<T>(existing, request);
    const order = await this.orders.payableOrder(orderId);
    if (order.amountDue <= 0) throw new ConflictException(ORDER_ALREADY_PAID);
    const inserted = (await this.attempts.query(
      `INSERT INTO payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key, payment_method_id)
       VALUES ($1, $2, $3, $4, 'processing', $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
      [order.id, methodOfGateway(gateway.name), gateway.name, order.amountDue, key, paymentMethodId],
    )) as { id: string }[];
    const attemptId = inserted[0]?.id;
    if (!attemptId) {
      const winner = await this.attempts.findOneByOrFail({ idempotencyKey: key });
      return this.replay<T>(winner, request);
    }
    const { outcome, response } = await pay(order, attemptId);
    await this.attempts.update(attemptId, { response: response as object });
    await this.record(attemptId, order.id, gateway, outcome, order.amountDue);
    return response;
  }

  /** The stored answer for a key seen before, if it was for the same payment (else 422). */
  private async replay<T>(attempt: PaymentAttempt, request: { orderId: string; gateway: string; paymentMethodId: string | null }): Promise<T> {
    if (attempt.orderId !== request.orderId) throw new UnprocessableEntityException(KEY_USED_FOR_ANOTHER_ORDER);
    if (attempt.gateway !== request.gateway || attempt.paymentMethodId !== request.paymentMethodId) {
      throw new UnprocessableEntityException(KEY_USED_FOR_ANOTHER_PAYMENT);
    }
    const deadline = Date.now() + REPLAY_WAIT_MS;
    let current: PaymentAttempt | null = attempt;
    while (current && current.response == null) {
      if (Date.now() >= deadline) throw new ConflictException(KEY_STILL_IN_PROGRESS);
      await sleep(REPLAY_POLL_MS);
      current = await this.attempts.findOneBy({ id: attempt.id });
    }
    if (!current) throw new ConflictException(KEY_STILL_IN_PROGRESS);
    return current.response as T;
  }

  /** Stores the verified state on the attempt and reports it to the orders service. */
  private async record(attemptId: string, orderId: string, gateway: PaymentGateway, outcome: GatewayOutcome, amount: number): Promise<void> {
    const payment = outcome.payment;
    const report: PaymentResultReport | null = outcome.awaitingShopper
      ? null
      : {
          attemptId,
          gateway: gateway.name,
          method: methodOfGateway(gateway.name),
          methodLabel: await this.methodLabel(gateway.name),
          status: outcome.status,
          amount: payment?.amount ?? amount,
          transactionId: payment?.id ?? null,
          ...(outcome.message ? { message: outcome.message } : {}),
          additionalData: {
            ...(payment?.card ? { cardBrand: payment.card.brand, last4: payment.card.last4 } : {}),
            rawStatus: payment?.rawStatus ?? null,
            ...(gateway.sandbox ? { sandbox: true } : {}),
          },
        };
    await this.attempts.update(attemptId, {
      status: outcome.status,
      message: outcome.message,
      transactionId: payment?.id ?? null,
      // The client secret stays out of the stored raw answer (support staff read it).
      raw: (payment ? { ...payment, clientSecret: undefined } : null) as object,
      // The retry worker leaves the row alone while the inline report below is under way.
      ...(report ? { report: report as object, reportedAt: null, reportTries: 0, nextReportAt: () => "now() + interval '30 seconds'" } : {}),
    });
    this.logger.log('Payment attempt recorded', { attemptId, orderId, gateway: gateway.name, status: outcome.status, sandbox: gateway.sandbox });
    if (report) await this.reporter.reportNow(attemptId);
  }

  // --- card intents ------------------------------------------------------------------------

  private intentResponse(outcome: GatewayOutcome, orderIncrementId: string): PaymentIntentResponse {
    const paid = outcome.status === 'completed';
    return {
      paymentIntent: outcome.payment ? this.intentView(outcome.payment) : null,
      payment: { status: outcome.status, ...(outcome.message ? { message: outcome.message } : {}) },
      ...(paid || outcome.awaitingShopper ? {} : { error: true, message: outcome.message ?? PAYMENT_MESSAGES.failed }),
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
      ...(payment.nextActionUrl
        ? { next_action: { type: 'redirect_to_url', redirect_to_url: { url: payment.nextActionUrl, return_url: payment.returnUrl ?? '' } } }
        : {}),
    };
  }

  private metadataOf(order: PayableOrder, attemptId: string): Record<string, string> {
    return {
      orderId: order.id,
      orderIncrementId: order.orderIncrementId,
      attemptId,
      ...(order.paymentId ? { paymentId: order.paymentId } : {}),
    };
  }

  private attemptMetadata(attempt: PaymentAttempt): PaymentVerifyResponse['metadata'] {
    const response = attempt.response as { orderIncrementId?: string } | null;
    const raw = attempt.raw as { metadata?: Record<string, string> } | null;
    const orderIncrementId = response?.orderIncrementId ?? raw?.metadata?.orderIncrementId;
    const paymentId = raw?.metadata?.paymentId;
    return { orderId: attempt.orderId, ...(orderIncrementId ? { orderIncrementId } : {}), ...(paymentId ? { paymentId } : {}) };
  }

  private async methodLabel(gateway: GatewayName): Promise<string> {
    const method = methodOfGateway(gateway);
    const methods = await this.content.loadPaymentMethods().catch(() => []);
    return methods.find((m) => m?.name === method && m.gateway === gateway)?.title ?? (gateway === 'paypal' ? 'PayPal' : 'Credit Card');
  }

  private async knownAttempt(gateway: PaymentGateway, paymentId: string): Promise<PaymentAttempt> {
    const attempt = await this.attempts.findOneBy({ transactionId: paymentId, gateway: gateway.name });
    if (!attempt) throw new NotFoundException(PAYMENT_NOT_FOUND);
    return attempt;
  }

  private async lookup<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (error instanceof GatewayLookupError) throw new BadRequestException(error.message);
      if (error instanceof GatewayError) throw error;
      // An unreachable gateway is not the shopper's fault and not our crash: say so, as a 502.
      this.logger.warn(`Gateway call failed: ${error instanceof Error ? error.message : String(error)}`);
      throw new BadGatewayException(PAYMENT_MESSAGES.errorWhileHandling);
    }
  }

  private logFailure(gateway: PaymentGateway, error: unknown): void {
    const err = error instanceof Error ? error : new Error(String(error));
    if (error instanceof GatewayError) this.logger.log(`Gateway refused the payment: ${err.message}`, { gateway: gateway.name });
    else this.logger.warn(`Gateway call failed: ${err.message}`, { gateway: gateway.name });
  }
}
