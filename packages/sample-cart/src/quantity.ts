import { SAMPLE_MAX_QTY } from '@storefront/contracts';

/**
 * The spec's sample quantity rule: an integer of at least 1; non-numeric input becomes 1.
 * The maximum (SAMPLE_MAX_QTY) is checked separately so the caller can tell the customer.
 */
export function normaliseQuantity(input: unknown): number {
  const parsed = typeof input === 'number' ? input : Number.parseInt(String(input ?? ''), 10);
  if (!Number.isFinite(parsed)) return 1;
  return Math.max(1, Math.trunc(parsed));
}

export function exceedsMaxQuantity(qty: number): boolean {
  return qty > SAMPLE_MAX_QTY;
}
