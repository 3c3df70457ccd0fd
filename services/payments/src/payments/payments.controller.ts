import { randomUUID } from 'node:crypto';
import { Body, Controller, Headers, HttpCode, HttpStatus, Param, Patch, Post, UseGuards } from '@nestjs/common';
import type { PaymentIntentResponse, PaymentVerifyResponse } from '@storefront/contracts';
import { RateLimitGuard } from '@storefront/service-kit';
import { gatewayIdOf, idempotencyKeyOf, optionalSecretOf, orderIdOf, parseIntentRequest } from './payment-request.js';
import { PaymentsService } from './payments.service.js';

/** Header names arrive lower-cased in node. */
const IDEMPOTENCY_KEY = 'idempotency-key';

/** The spec's payment calls (section 7); thin: every rule lives in PaymentsService. */
@Controller('api/payment')
@UseGuards(RateLimitGuard)
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** POST /api/payment/:gateway/payment-intent (Idempotency-Key required). */
  @Post(':gateway/payment-intent')
  @HttpCode(HttpStatus.OK)
  createIntent(@Param('gateway') gatewayName: string, @Headers(IDEMPOTENCY_KEY) key: unknown, @Body() body: unknown): Promise<PaymentIntentResponse> {
    const gateway = this.payments.cardGateway(gatewayName);
    const idempotencyKey = idempotencyKeyOf(key);
    const request = parseIntentRequest(body);
    return this.payments.payByCard(gateway, request.orderId, request.paymentMethodId, idempotencyKey);
  }

  /** POST /api/payment/:paymentMethod/verify: after the shopper comes back from the gateway. */
  @Post(':paymentMethod/verify')
  @HttpCode(HttpStatus.OK)
  async verify(@Param('paymentMethod') method: string, @Body() body: unknown): Promise<PaymentVerifyResponse> {
    const gateway = await this.payments.gatewayForMethod(method);
    return this.payments.verify(gateway, gatewayIdOf(body, 'paymentIntentId'), optionalSecretOf(body, 'paymentIntentClientSecret'));
  }

  @Patch('stripe/payment-intent')
  updateIntent(@Body() body: unknown) {
    const metadata = (body as { metadata?: unknown } | undefined)?.metadata;
    const clean: Record<string, string> = {};
    if (metadata && typeof metadata === 'object') {
      for (const field of ['orderId', 'orderIncrementId', 'paymentId'] as const) {
        const value = (metadata as Record<string, unknown>)[field];
        if (typeof value === 'string' && value.length <= 64) clean[field] = value;
      }
    }
    return this.payments.updateIntent(this.payments.gateway('stripe'), gatewayIdOf(body, 'paymentIntentId'), clean);
  }

  @Post('stripe/capture-payment')
  @HttpCode(HttpStatus.OK)
  capture(@Body() body: unknown) {
    return this.payments.captureIntent(this.payments.gateway('stripe'), gatewayIdOf(body, 'paymentIntentId'));
  }

  @Post('stripe/payment-intent/retrieve')
  @HttpCode(HttpStatus.OK)
  retrieve(@Body() body: unknown) {
    return this.payments.retrieveIntent(this.payments.gateway('stripe'), gatewayIdOf(body, 'paymentIntentId'));
  }

  /** POST /api/payment/paypal/order: amount ignored, the order's amount due is charged. */
  @Post('paypal/order')
  @HttpCode(HttpStatus.OK)
  createPayPalOrder(@Headers(IDEMPOTENCY_KEY) key: unknown, @Body() body: unknown) {
    // The PayPal buttons may not send a key; then every call is a new PayPal order (nothing is charged
    // before the shopper approves and capture runs).
    const idempotencyKey = key === undefined || key === '' ? `paypal:${randomUUID()}` : idempotencyKeyOf(key);
    return this.payments.createPayPalOrder(orderIdOf(body), idempotencyKey);
  }

  /** POST /api/payment/paypal/capture {orderId}: captures an approved PayPal order. */
  @Post('paypal/capture')
  @HttpCode(HttpStatus.OK)
  async capturePayPal(@Body() body: unknown) {
    const result = await this.payments.verify(this.payments.gateway('paypal'), gatewayIdOf(body, 'orderId'));
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
