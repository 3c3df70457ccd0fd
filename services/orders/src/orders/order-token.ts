import { ForbiddenException } from '@nestjs/common';
import { integer, readEnvConfig } from '@storefront/service-kit';
import type { EntityManager } from 'typeorm';
import { hashSecretToken, indexOfMatchingHash, newSecretToken } from '../tokens/secret-token.js';

export const ORDER_TOKEN_REQUIRED = 'This order can only be changed with its order token (X-Order-Token header).';
export const ORDER_TOKEN_INVALID = 'The order token does not match this order.';

/** 32 random bytes, base64url: the browser's proof that it placed the order. */
export function newOrderToken(): string {
  return newSecretToken();
}

/**
 * ORDER_VIEW_TOKEN_TTL_DAYS (default 90, 1..365): how long the link in an order e-mail opens the
 * order. Long enough to come back to an order while it is delivered and paid; a forwarded or leaked
 * e-mail stops opening it after that (a signed-in customer still sees it in My Orders).
 */
export function readOrderViewTokenTtlDays(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ days: integer('ORDER_VIEW_TOKEN_TTL_DAYS', 90, 1, 365) }, env).days;
}

/**
 * A view token for a link in an order e-mail: stores its hash for `orderId` through `manager` (the
 * e-mail's transaction), valid `ttlDays`, and answers the token, which goes only into that e-mail.
 */
export async function newOrderViewToken(manager: EntityManager, orderId: string, ttlDays = readOrderViewTokenTtlDays()): Promise<string> {
  const token = newOrderToken();
  await manager.query(`INSERT INTO order_view_token (token_hash, order_id, expires_at) VALUES ($1, $2, now() + $3 * interval '1 day')`, [
    hashOrderToken(token),
    orderId,
    ttlDays,
  ]);
  return token;
}

/** Only this is stored: a leaked database does not let anyone change orders. */
export function hashOrderToken(token: string): string {
  return hashSecretToken(token);
}

/** Does `given` hash to one of `storedHashes`? Every candidate is compared, in constant time each. */
export function matchesOrderToken(given: string | undefined, storedHashes: readonly (string | null)[]): boolean {
  return indexOfMatchingHash(given, storedHashes) >= 0;
}

/** 403 unless `given` hashes to `storedHash`; compared in constant time. */
export function assertOrderToken(given: string | undefined, storedHash: string | null): void {
  if (!given) throw new ForbiddenException({ message: ORDER_TOKEN_REQUIRED, errorType: 'orderTokenRequired' });
  // an order without a token (placed before tokens existed) never matches, but takes the same time
  if (indexOfMatchingHash(given, [storedHash]) < 0) {
    throw new ForbiddenException({ message: ORDER_TOKEN_INVALID, errorType: 'orderTokenInvalid' });
  }
}
