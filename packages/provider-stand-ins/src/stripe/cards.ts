/**
 * Stripe's documented test cards (https://docs.stripe.com/testing) decide what a payment does at the
 * stand-in, as they do in Stripe's test mode. Two are the stand-in's own, for outcomes Stripe has no
 * card for: one that stays `processing`, and one whose confirmation is taken but answered with a 500
 * (the API failed after the charge: the caller cannot know the outcome and must ask again later).
 */
export const STRIPE_TEST_CARDS = {
  succeeds: '4242424242424242',
  /** card_declined, 'Your card was declined.' */
  declined: '4000000000000002',
  /** 3-D Secure required: the intent waits in requires_action with a redirect to the stand-in's page */
  requiresAuthentication: '4000002500003155',
  /** stand-in only: the intent stays `processing` (a bank that answers later) */
  pending: '4000000000001703',
  /** stand-in only: the confirmation charges the card, then answers 500 api_error */
  serverError: '4000000000000259',
} as const;

export type StripeCardOutcome = keyof typeof STRIPE_TEST_CARDS;

export function outcomeOfCard(number: string): StripeCardOutcome {
  const found = (Object.entries(STRIPE_TEST_CARDS) as [StripeCardOutcome, string][]).find(([, card]) => card === number);
  // any other valid number behaves like Stripe's generic test card: it succeeds
  return found?.[0] ?? 'succeeds';
}

export function luhnValid(number: string): boolean {
  if (!/^\d{13,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The brand Stripe reports for a number (payment_method.card.brand). */
export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  if (/^3(0[0-5]|[68])/.test(number)) return 'diners';
  if (/^35/.test(number)) return 'jcb';
  if (/^62/.test(number)) return 'unionpay';
  return 'unknown';
}
