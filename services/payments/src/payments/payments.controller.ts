import { randomUUID } from 'node:crypto';
import { Controller, Headers, UseGuards } from '@nestjs/common';
import {
  paymentRoutes,
  type BodyOf,
  type ParamsOf,
  type PayPalCaptureResponse,
  type PayPalOrderResponse,
  type PaymentIntentCaptureResponse,
  type PaymentIntentResponse,
  type PaymentIntentRetrieveResponse,
  type PaymentIntentUpdateResponse,
  type PaymentVerifyResponse,
} from '@storefront/contracts';
import { RateLimitGuard, Route, RouteBody, RouteParams } from '@storefront/service-kit';
import { requiredIdempotencyKey } from './idempotency-key.js';
import { PaymentsService } from './payments.service.js';

/** Header names arrive lower-cased in node. */
const IDEMPOTENCY_KEY = 'idempotency-key';

/** The spec's payment calls (section 7); thin: input is checked by the route table, every rule lives in PaymentsService. */
@Controller()
@UseGuards(RateLimitGuard)
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** Idempotency-Key required. */
  @Route(paymentRoutes.createIntent)
  createIntent(
    @RouteParams() { gateway }: ParamsOf<typeof paymentRoutes.createIntent>,
    @Headers(IDEMPOTENCY_KEY) key: unknown,
    @RouteBody() request: BodyOf<typeof paymentRoutes.createIntent>,
  ): Promise<PaymentIntentResponse> {
    const cardGateway = this.payments.cardGateway(gateway);
    const idempotencyKey = requiredIdempotencyKey(key);
    return this.payments.payByCard(cardGateway, request.metadata.orderId, request.paymentMethodId, idempotencyKey);
  }

  @Route(paymentRoutes.verify)
  async verify(
    @RouteParams() { paymentMethod }: ParamsOf<typeof paymentRoutes.verify>,
    @RouteBody() request: BodyOf<typeof paymentRoutes.verify>,
  ): Promise<PaymentVerifyResponse> {
    const gateway = await this.payments.gatewayForMethod(paymentMethod);
    return this.payments.verify(gateway, request.paymentIntentId, request.paymentIntentClientSecret || undefined);
  }

  @Route(paymentRoutes.updateStripeIntent)
  updateIntent(@RouteBody() request: BodyOf<typeof paymentRoutes.updateStripeIntent>): Promise<PaymentIntentUpdateResponse> {
    const metadata = Object.fromEntries(Object.entries(request.metadata).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
    return this.payments.updateIntent(this.payments.gateway('stripe'), request.paymentIntentId, metadata);
  }

  @Route(paymentRoutes.captureStripePayment)
  capture(@RouteBody() request: BodyOf<typeof paymentRoutes.captureStripePayment>): Promise<PaymentIntentCaptureResponse> {
    return this.payments.captureIntent(this.payments.gateway('stripe'), request.paymentIntentId);
  }

  @Route(paymentRoutes.retrieveStripeIntent)
  retrieve(@RouteBody() request: BodyOf<typeof paymentRoutes.retrieveStripeIntent>): Promise<PaymentIntentRetrieveResponse> {
    return this.payments.retrieveIntent(this.payments.gateway('stripe'), request.paymentIntentId);
  }

  /** Any amount sent is dropped: the order's amount due is charged. */
  @Route(paymentRoutes.createPayPalOrder)
  createPayPalOrder(@Headers(IDEMPOTENCY_KEY) key: unknown, @RouteBody() request: BodyOf<typeof paymentRoutes.createPayPalOrder>): Promise<PayPalOrderResponse> {
    // The PayPal buttons may not send a key; then every call is a new PayPal order (nothing is charged
    // before the shopper approves and capture runs).
    const idempotencyKey = key === undefined || key === '' ? `paypal:${randomUUID()}` : requiredIdempotencyKey(key);
    // the schema guarantees one of the two is an order id
    const orderId = (request.additionalData?.orderId ?? request.metadata?.orderId) as string;
    return this.payments.createPayPalOrder(orderId, idempotencyKey);
  }

  /** Captures an approved PayPal order. */
  @Route(paymentRoutes.capturePayPalOrder)
  async capturePayPal(@RouteBody() request: BodyOf<typeof paymentRoutes.capturePayPalOrder>): Promise<PayPalCaptureResponse> {
    const result = await this.payments.verify(this.payments.gateway('paypal'), request.orderId);
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
