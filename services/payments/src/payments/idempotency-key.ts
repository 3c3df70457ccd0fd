import { createHash } from 'node:crypto';
import { BadRequestException } from '@nestjs/common';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '@storefront/contracts';

export const IDEMPOTENCY_KEY_REQUIRED = `${IDEMPOTENCY_KEY_HEADER} header is required`;

/**
 * A payment call's Idempotency-Key header, which payments require (one attempt per key: a double
 * click or a retry never charges twice). Headers are not part of a route's schemas; this is their one reader here.
 */
export function requiredIdempotencyKey(value: unknown): string {
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(value)) throw new BadRequestException(IDEMPOTENCY_KEY_REQUIRED);
  return value;
}

/** payment_attempt.payment_method_id holds at most this many characters. */
const STORED_PAYMENT_METHOD_CHARS = 128;

/**
 * What an attempt keeps of the card token, to tell a key's replay from another payment: the token
 * itself when it is a short id (a sandbox token, a Stripe payment method), else its SHA-256 (an
 * Accept.js opaque data value is hundreds of characters, and is an encrypted card we need not keep).
 */
export function storedPaymentMethodId(paymentToken: string | undefined): string | null {
  if (!paymentToken) return null;
  if (paymentToken.length <= STORED_PAYMENT_METHOD_CHARS) return paymentToken;
  return `sha256:${createHash('sha256').update(paymentToken, 'utf8').digest('base64url')}`;
}
