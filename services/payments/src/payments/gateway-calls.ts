import { timingSafeEqual, createHash } from 'node:crypto';
import { readEnvConfig, integer } from '@storefront/service-kit';

/** How long a gateway call may take before its outcome counts as unknown (never as failed). */
export function gatewayTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ timeoutMs: integer('PAYMENTS_GATEWAY_TIMEOUT_MS', 20_000, 100, 120_000) }, env).timeoutMs;
}

/**
 * How old an attempt the provider never heard of (no payment under its reference) must be before
 * reconciliation gives it up as failed: PAYMENTS_NEVER_RECEIVED_AFTER_SECONDS, 15 minutes by default,
 * well past the lag of a provider's search (Stripe's: about a minute). Test stacks shorten it.
 */
export function neverReceivedAfterMs(env: Record<string, string | undefined> = process.env): number {
  return readEnvConfig({ seconds: integer('PAYMENTS_NEVER_RECEIVED_AFTER_SECONDS', 900, 1, 86_400) }, env).seconds * 1000;
}

/** The gateway did not answer in time, or could not be reached: what happened is unknown. */
export class GatewayUnanswered extends Error {
  override readonly name = 'GatewayUnanswered';
}

/**
 * Runs a gateway call with a time bound. A call that does not answer in time is reported as
 * GatewayUnanswered; the call itself may still land at the provider, which is why the attempt is
 * then recorded as unknown and reconciled, and why every create carries our reference as the
 * provider's idempotency key.
 */
export async function withinTime<T>(call: () => Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new GatewayUnanswered(`The gateway did not answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([call(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Compares two secrets in constant time (hashing first makes the lengths equal). */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}
