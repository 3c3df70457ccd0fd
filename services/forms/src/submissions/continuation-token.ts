import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The secret that continues a multi-step submission: 32 random bytes (256 bits), base64url, given
 * to the browser once by the first step. Only its SHA-256 is stored, so a copy of the database
 * continues nothing, and the submission's id (shown, logged, exported) is no longer enough.
 */
export function newContinuationToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256, hex: the only form the token is stored in. */
export function hashContinuationToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

const NO_HASH = Buffer.alloc(32);

/**
 * Whether `given` is the token whose hash is `storedHash`, compared in constant time; a submission
 * without a stored hash (single-step, finished, or stored before tokens) matches nothing, in the
 * same time.
 */
export function continuationTokenMatches(given: string, storedHash: string | null): boolean {
  const actual = Buffer.from(hashContinuationToken(given), 'hex');
  const expected = storedHash && /^[0-9a-f]{64}$/.test(storedHash) ? Buffer.from(storedHash, 'hex') : NO_HASH;
  return timingSafeEqual(actual, expected) && storedHash !== null;
}
