import { randomUUID } from 'node:crypto';
import { Controller, Headers, HttpCode, NotFoundException, Req, UseGuards } from '@nestjs/common';
import {
  ORDER_TOKEN_HEADER,
  paymentRoutes,
  type AuthorizeNetTransactionResponse,
  type BodyOf,
  type ParamsOf,
  type PaymentAttemptResponse,
  type PayPalCaptureResponse,
  type PayPalOrderResponse,
  type PayPalOrderUpdateResponse,
  type PaymentIntentCaptureResponse,
  type PaymentIntentResponse,
  type PaymentIntentRetrieveResponse,
  type PaymentIntentUpdateResponse,
  type PaymentVerifyResponse,
} from '@storefront/contracts';
import { RateLimitGuard, Route, RouteBody, RouteParams } from '@storefront/service-kit';
import type { Request } from 'express';
import { requiredIdempotencyKey } from './idempotency-key.js';
import { PAYMENT_NOT_FOUND } from '../payment-attempts/attempt-ledger.js';
import { PaymentFlow } from './payment-flow.service.js';

/** Header names arrive lower-cased in node. */
const IDEMPOTENCY_KEY = 'idempotency-key';
const ORDER_TOKEN = ORDER_TOKEN_HEADER.toLowerCase();

/**
 * The payment calls: the neutral one the checkout uses (POST /api/payment/attempts) and the spec's
 * gateway-shaped ones (section 7), under the shoppers' per-address limit. Thin: input is checked by
 * the route table, every rule lives behind PaymentFlow (payment-attempts/, payment-methods/method-routing.ts, each provider's answers).
 */
@Controller()
@UseGuards(RateLimitGuard)
export class PaymentsController {
  constructor(private readonly payments: PaymentFlow) {}

  @Route(paymentRoutes.startAttempt)
  start(
    @RouteBody() request: BodyOf<typeof paymentRoutes.startAttempt>,
    @Headers(IDEMPOTENCY_KEY) key: unknown,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
  ): Promise<PaymentAttemptResponse> {
    const { splitAmount, orderEmail, ...rest } = request;
    return this.payments.start({
      ...rest,
      orderToken,
      ...(orderEmail ? { orderEmail } : {}),
      // dollars with at most 2 decimals (the schema's check) to whole cents
      ...(splitAmount !== undefined ? { instalmentCents: Math.round(splitAmount * 100) } : {}),
      key: requiredIdempotencyKey(key),
    });
  }

  /** Idempotency-Key and the order's token required. */
  @Route(paymentRoutes.createIntent)
  createIntent(
    @RouteParams() { gateway }: ParamsOf<typeof paymentRoutes.createIntent>,
    @Headers(IDEMPOTENCY_KEY) key: unknown,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
    @RouteBody() request: BodyOf<typeof paymentRoutes.createIntent>,
  ): Promise<PaymentIntentResponse> {
    return this.payments.payByCard(gateway, {
      orderId: request.metadata.orderId,
      orderToken,
      paymentToken: request.paymentMethodId,
      key: requiredIdempotencyKey(key),
    });
  }

  @Route(paymentRoutes.processAuthorizeNetTransaction)
  processAuthorizeNetTransaction(
    @Headers(IDEMPOTENCY_KEY) key: unknown,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
    @RouteBody() request: BodyOf<typeof paymentRoutes.processAuthorizeNetTransaction>,
  ): Promise<AuthorizeNetTransactionResponse> {
    return this.payments.processAuthorizeNetTransaction({
      orderId: request.additionalData.orderId,
      orderToken,
      paymentToken: `${request.dataDescriptor}:${request.dataValue}`,
      key: requiredIdempotencyKey(key),
    });
  }

  @Route(paymentRoutes.verify)
  verify(
    @RouteParams() { paymentMethod }: ParamsOf<typeof paymentRoutes.verify>,
    @RouteBody() request: BodyOf<typeof paymentRoutes.verify>,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
  ): Promise<PaymentVerifyResponse> {
    return this.payments.verify(this.payments.choiceOf(paymentMethod), request.paymentIntentId, {
      clientSecret: request.paymentIntentClientSecret || undefined,
      orderToken,
      orderEmail: request.orderEmail || undefined,
    });
  }

  @Route(paymentRoutes.updateStripeIntent)
  updateIntent(
    @RouteBody() request: BodyOf<typeof paymentRoutes.updateStripeIntent>,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
  ): Promise<PaymentIntentUpdateResponse> {
    const metadata = Object.fromEntries(Object.entries(request.metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    return this.payments.updateIntent({ gateway: 'stripe' }, request.paymentIntentId, metadata, { clientSecret: request.paymentIntentClientSecret, orderToken });
  }

  @Route(paymentRoutes.captureStripePayment)
  capture(
    @RouteBody() request: BodyOf<typeof paymentRoutes.captureStripePayment>,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
  ): Promise<PaymentIntentCaptureResponse> {
    return this.payments.captureIntent({ gateway: 'stripe' }, request.paymentIntentId, { clientSecret: request.paymentIntentClientSecret, orderToken });
  }

  @Route(paymentRoutes.retrieveStripeIntent)
  retrieve(
    @RouteBody() request: BodyOf<typeof paymentRoutes.retrieveStripeIntent>,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
  ): Promise<PaymentIntentRetrieveResponse> {
    return this.payments.retrieveIntent({ gateway: 'stripe' }, request.paymentIntentId, { clientSecret: request.paymentIntentClientSecret, orderToken });
  }

  /** Any amount sent is dropped: the order's amount due is charged. */
  @Route(paymentRoutes.createPayPalOrder)
  createPayPalOrder(
    @Headers(IDEMPOTENCY_KEY) key: unknown,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
    @RouteBody() request: BodyOf<typeof paymentRoutes.createPayPalOrder>,
  ): Promise<PayPalOrderResponse> {
    // The PayPal buttons may not send a key; then every call is a new PayPal order (nothing is charged
    // before the shopper approves and capture runs; one open attempt per order still holds).
    const idempotencyKey = key === undefined || key === '' ? `paypal:${randomUUID()}` : requiredIdempotencyKey(key);
    // the schema guarantees one of the two is an order id
    const orderId = (request.additionalData?.orderId ?? request.metadata?.orderId) as string;
    return this.payments.createPayPalOrder({ orderId, orderToken, key: idempotencyKey });
  }

  /** Sets a PayPal order waiting for the shopper to the order's amount due; needs the order's token. Any amount sent is dropped. */
  @Route(paymentRoutes.updatePayPalOrder)
  updatePayPalOrder(
    @RouteBody() request: BodyOf<typeof paymentRoutes.updatePayPalOrder>,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
  ): Promise<PayPalOrderUpdateResponse> {
    return this.payments.changeAmountToDue({ gateway: 'paypal' }, request.orderId, { orderToken });
  }

  /** Captures an approved PayPal order; needs the order's token. */
  @Route(paymentRoutes.capturePayPalOrder)
  async capturePayPal(
    @RouteBody() request: BodyOf<typeof paymentRoutes.capturePayPalOrder>,
    @Headers(ORDER_TOKEN) orderToken: string | undefined,
  ): Promise<PayPalCaptureResponse> {
    const result = await this.payments.verify({ gateway: 'paypal' }, request.orderId, { orderToken });
    return {
      error: !result.success,
      ...(result.error ? { message: result.error } : {}),
      transactionId: result.transactionId,
      status: result.status,
      amount: result.transactionResponse?.amount ?? null,
      transactionResponse: { status: result.status },
    };
  }
}

/**
 * The providers' webhooks, outside the shoppers' per-address limit: a provider sends every shop's
 * events from a few addresses, and a busy hour would cut it off. The signature is the gate (checked
 * before anything is written; PayPal's cheap checks before its verify call), and a gateway no
 * enabled method uses answers 404 at once.
 */
@Controller()
export class PaymentWebhooksController {
  constructor(private readonly payments: PaymentFlow) {}

  /** The raw body is kept for the signature (see app.module.ts). */
  @Route(paymentRoutes.webhook)
  @HttpCode(200)
  webhook(@RouteParams() { gateway }: ParamsOf<typeof paymentRoutes.webhook>, @Req() request: Request): Promise<{ received: boolean; duplicate: boolean }> {
    const rawBody = (request as Request & { rawBody?: Buffer }).rawBody;
    if (!rawBody) throw new NotFoundException(PAYMENT_NOT_FOUND);
    return this.payments.handleWebhook(gateway, { headers: request.headers, rawBody });
  }
}
