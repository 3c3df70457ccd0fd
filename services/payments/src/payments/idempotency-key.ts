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
