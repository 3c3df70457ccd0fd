/**
 * When a failed e-mail is tried again: exponential backoff with full jitter, each wait capped, for a
 * span of time rather than a number of tries. pg-boss's own `retryBackoff` waits
 * `retryDelay × 2^(n-1) × (1 + random)` with no cap (the 13th retry of 15 s waits 17 to 34 hours),
 * so the e-mail queue schedules its retries itself (a new job with `startAfter`, see EmailOutbox).
 *
 * The n-th retry (1-based, counted from the start of the current retry budget) waits a uniformly
 * random time between MIN_RETRY_DELAY_MS and `min(maxDelay, baseDelay × 2^(n-1))`. Retries go on
 * while less than `retryFor` has passed since the budget's first failure; the wait that would cross
 * that deadline is cut to end on it, so the last attempt is made at the deadline and the span is
 * never shorter than `retryFor` (however the random draws fall) nor much longer.
 */
export interface RetryPolicy {
  /** the ceiling of the first retry's wait; each next ceiling doubles */
  baseDelayMs: number;
  /** no single wait is longer than this */
  maxDelayMs: number;
  /** how long after the first failure the e-mail is still retried */
  retryForMs: number;
}

/** A wait is never shorter than this (a random draw near 0 must not hammer the server). */
export const MIN_RETRY_DELAY_MS = 1000;

/** The longest the n-th retry (1-based) may wait: `min(maxDelay, baseDelay × 2^(n-1))`. */
export function retryCeilingMs(policy: RetryPolicy, retry: number): number {
  const doublings = Math.min(Math.max(0, retry - 1), 52);
  return Math.max(MIN_RETRY_DELAY_MS, Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** doublings));
}

/** The n-th retry's wait: full jitter, uniform in [MIN_RETRY_DELAY_MS, ceiling]. `random` is in [0, 1). */
export function retryDelayMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const ceiling = retryCeilingMs(policy, retry);
  return Math.round(MIN_RETRY_DELAY_MS + (ceiling - MIN_RETRY_DELAY_MS) * random());
}

/**
 * After the n-th failure of the current budget (`retry` = n, so the next one is retry n), `elapsedMs`
 * after its first failure: how long to wait before trying again, or null when the budget is spent
 * (the e-mail becomes a dead letter).
 */
export function nextRetryDelayMs(policy: RetryPolicy, retry: number, elapsedMs: number, random: () => number = Math.random): number | null {
  const remaining = policy.retryForMs - Math.max(0, elapsedMs);
  if (remaining <= 0) return null;
  return Math.min(retryDelayMs(policy, retry, random), remaining);
}

/**
 * How many retries a budget typically holds (every draw at its mean): for the start-up log and the
 * docs; the deadline, not this number, ends the retries.
 */
export function typicalRetries(policy: RetryPolicy): number {
  let elapsed = 0;
  let retries = 0;
  while (elapsed < policy.retryForMs) {
    retries++;
    const ceiling = retryCeilingMs(policy, retries);
    elapsed += (MIN_RETRY_DELAY_MS + ceiling) / 2;
  }
  return retries;
}
