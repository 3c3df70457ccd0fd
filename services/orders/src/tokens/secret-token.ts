import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secrets this service hands out in links and to browsers (order tokens, order view tokens,
 * quote payment links): 32 random bytes (256 bits) in base64url, of which only the SHA-256 is stored,
 * so a copy of the database opens nothing. Moved here from orders/order-token.ts when quote payment
 * links needed the same three operations.
 */

/** 32 random bytes, base64url (43 characters of A-Z a-z 0-9 - _). */
export function newSecretToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of the token, hex (64 characters): the only form a token is stored in. */
export function hashSecretToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const NO_HASH = Buffer.alloc(32);

/**
 * Which of `storedHashes` `given` hashes to: its index, or -1. Every candidate is compared, each in
 * constant time (crypto.timingSafeEqual), so the time taken says nothing about which one, if any,
 * matched; a missing (null) or malformed stored hash never matches but takes the same time.
 */
export function indexOfMatchingHash(given: string | undefined, storedHashes: readonly (string | null)[]): number {
  const actual = Buffer.from(hashSecretToken(given ?? ''), 'hex');
  let found = -1;
  storedHashes.forEach((stored, index) => {
    const expected = stored && /^[0-9a-f]{64}$/.test(stored) ? Buffer.from(stored, 'hex') : NO_HASH;
    if (timingSafeEqual(actual, expected) && stored && given && found < 0) found = index;
  });
  return found;
}
