/**
 * How long to wait after failed attempt number `attempts` (1 = the first try failed): base, 2×base,
 * 4×base, … capped at `capMs`. Used by every retrying worker (e-mail outbox, payment reports).
 */
export function retryDelayMs(attempts: number, baseMs: number, capMs: number): number {
  const exponent = Math.max(0, attempts - 1);
  // 2^exponent overflows to Infinity long after it passes the cap; Math.min keeps that finite.
  return Math.min(capMs, baseMs * 2 ** exponent);
}
