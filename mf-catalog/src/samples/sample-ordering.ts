import type { SampleCartResult } from '@storefront/sample-cart';

/** Spec §5, as written. */
export const SELECT_ONE_TEXT = 'Please select at least one sample.';
export const NO_SAMPLES_TEXT = 'No sample items available for this style.';
export const LOADING_SAMPLES_TEXT = 'Loading samples....';

/** What the shopper sees after asking for samples: every line's own message. */
export interface SampleFeedback {
  type: 'success' | 'error';
  messages: string[];
}

/**
 * The spec's ordering rule, one place for the style page and /order-samples: a single sample is added
 * directly; with several, at least one must be chosen. Each chosen sample goes through the cart (which
 * owns the quantity rule), and the feedback is an error when any of them was refused.
 */
export function orderSamples<T>(candidates: readonly T[], isChosen: (candidate: T) => boolean, add: (candidate: T) => SampleCartResult): SampleFeedback {
  const chosen = candidates.length === 1 ? [...candidates] : candidates.filter(isChosen);
  if (chosen.length === 0) return { type: 'error', messages: [SELECT_ONE_TEXT] };
  const results = chosen.map((candidate) => add(candidate));
  return { type: results.every((result) => result.ok) ? 'success' : 'error', messages: results.map((result) => result.message) };
}
