/** Longest wait between two attempts: an SMTP outage of an hour still gets a try every 10 minutes. */
export const MAX_RETRY_DELAY_MS = 10 * 60 * 1000;

/**
 * How long to wait after failed attempt number `attempts` (1 = the first try failed): base, 2×base,
 * 4×base, … capped at MAX_RETRY_DELAY_MS. With the defaults (2 s, 12 attempts) the last try is about
 * 40 minutes after the first.
 */
export function retryDelayMs(attempts: number, baseMs: number, capMs = MAX_RETRY_DELAY_MS): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent overflows to Infinity long after it passes the cap; Math.min keeps that finite.
  return Math.min(capMs, baseMs * 2 ** exponent);
}
