import { BadRequestException } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@storefront/contracts';

export const IDEMPOTENCY_KEY_REQUIRED = `${IDEMPOTENCY_KEY_HEADER} header is required`;
export const INVALID_PAYMENT_REQUEST = 'Please check the payment details.';

const ORDER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const GATEWAY_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function idempotencyKeyOf(value: unknown): string {
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw new BadRequestException(IDEMPOTENCY_KEY_REQUIRED);
  return value;
}

function fail(errors: Record<string, string>): never {
  throw new BadRequestException({ message: INVALID_PAYMENT_REQUEST, errors });
}

/** What the flow reads from a PaymentIntentRequest; everything else (amount!) is ignored. */
export interface IntentRequest {
  orderId: string;
  paymentMethodId: string;
}

export function parseIntentRequest(body: unknown): IntentRequest {
  const input = (body && typeof body === 'object' ? body : {}) as { paymentMethodId?: unknown; metadata?: { orderId?: unknown } };
  const errors: Record<string, string> = {};
  const orderId = input.metadata && typeof input.metadata === 'object' ? input.metadata.orderId : undefined;
  if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) errors['metadata.orderId'] = 'metadata.orderId must be an order id';
  if (typeof input.paymentMethodId !== 'string' || !GATEWAY_ID.test(input.paymentMethodId)) {
    errors.paymentMethodId = 'paymentMethodId is required (the tokenised card)';
  }
  if (Object.keys(errors).length > 0) fail(errors);
  return { orderId: orderId as string, paymentMethodId: input.paymentMethodId as string };
}

/** A gateway's payment id from a body field (paymentIntentId, orderId). */
export function gatewayIdOf(body: unknown, field: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (typeof value !== 'string' || !GATEWAY_ID.test(value)) fail({ [field]: `${field} is required` });
  return value;
}

export function optionalSecretOf(body: unknown, field: string): string | undefined {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[field] : undefined;
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 256) fail({ [field]: `${field} must be text` });
  return value;
}

export function orderIdOf(body: unknown): string {
  const input = (body && typeof body === 'object' ? body : {}) as { additionalData?: { orderId?: unknown }; metadata?: { orderId?: unknown } };
  const orderId = input.additionalData?.orderId ?? input.metadata?.orderId;
  if (typeof orderId !== 'string' || !ORDER_ID.test(orderId)) fail({ 'additionalData.orderId': 'additionalData.orderId must be an order id' });
  return orderId;
}
