import { SAMPLE_MAX_QTY } from '../checkout/sample-cart-storage.js';

/**
 * The quantity rule, once for the sample cart in the browser and the orders service (spec, "Sample
 * quantity": an integer of at least 1, at most 1 for a sample; non-numeric input becomes 1).
 *
 * Two readings of "non-numeric input becomes 1": what a shopper types is corrected (the cart does
 * that, and says so with the max message when it is too many), while an API request that is not a
 * whole number is refused (lineQuantity in field-rules.ts): a request is written by a program, and
 * silently changing what it asked for hides its bug. Likewise above the maximum: the cart refuses
 * with the message, and the server answers 400 with the same message instead of quietly pricing
 * fewer than were asked for (before, cart-summary clamped 2 to 1 while the browser refused 2).
 */

/** Any line that is not a sample: keeps a typo from turning into a 10,000-cabinet order. */
export const ITEM_MAX_QTY = 99;

export function maxQuantityOf(isSample: boolean): number {
  return isSample ? SAMPLE_MAX_QTY : ITEM_MAX_QTY;
}

/** What the shopper typed, as a quantity: a whole number of at least 1; non-numeric becomes 1. */
export function normaliseQuantity(input: unknown): number {
  const parsed = typeof input === 'number' ? input : Number.parseInt(String(input ?? ''), 10);
  if (!Number.isFinite(parsed)) return 1;
  return Math.max(1, Math.trunc(parsed));
}

/** The spec's words for too many of one item. */
export function maxQuantityMessage(name: string, max: number): string {
  return `You can order maximum ${max} quantity of item "${name}".`;
}
