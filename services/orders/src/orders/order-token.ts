import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { ForbiddenException } from '@nestjs/common';

export const ORDER_TOKEN_REQUIRED = 'This order can only be changed with its order token (X-Order-Token header).';
export const ORDER_TOKEN_INVALID = 'The order token does not match this order.';

/** 32 random bytes, base64url: the browser's proof that it placed the order. */
export function newOrderToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this is stored: a leaked database does not let anyone change orders. */
export function hashOrderToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** 403 unless `given` hashes to `storedHash`; compared in constant time. */
export function assertOrderToken(given: string | undefined, storedHash: string | null): void {
  if (!given) throw new ForbiddenException({ message: ORDER_TOKEN_REQUIRED, errorType: 'orderTokenRequired' });
  const expected = storedHash ? Buffer.from(storedHash, 'hex') : Buffer.alloc(32);
  const actual = Buffer.from(hashOrderToken(given), 'hex');
  // an order without a token (placed before tokens existed) never matches, but takes the same time
  if (!timingSafeEqual(actual, expected) || !storedHash) {
    throw new ForbiddenException({ message: ORDER_TOKEN_INVALID, errorType: 'orderTokenInvalid' });
  }
}
