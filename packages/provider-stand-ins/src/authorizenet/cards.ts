/**
 * The cards the Authorize.Net stand-in knows and what each makes a transaction do. Authorize.Net's
 * sandbox approves its documented test cards (4111111111111111, 4007000000027, 5424000000000015,
 * 370000000000002, 6011000000000012 …) and declines a billing ZIP of 46282 (its documented decline
 * trigger); the rest reuse the store's sandbox test cards (SANDBOX_TEST_CARDS in contracts) so one
 * list of test numbers works on every gateway.
 */
export type AuthorizeNetOutcome =
  | 'approved'
  | 'declined'
  | 'error'
  | 'errorWithoutText'
  | 'heldForReview'
  | 'authorizedHeldForReview'
  | 'serverError';

export const AUTHORIZENET_STAND_IN_CARDS: Readonly<Record<AuthorizeNetOutcome, string>> = Object.freeze({
  /** response code 1, 'This transaction has been approved.' */
  approved: '4111111111111111',
  /** response code 2, 'This transaction has been declined.' (as is any card with billing ZIP 46282) */
  declined: '4000000000000002',
  /** response code 3 with the processor's text ('The credit card has expired.') */
  error: '4000000000000069',
  /** response code 3 with an error code but no text (the store says 'Payment Error') */
  errorWithoutText: '4000000000000119',
  /** response code 4, reason 252: held for the merchant's review before authorisation (FDSPendingReview) */
  heldForReview: '4000000000002701',
  /** response code 4, reason 253: authorised, then held for the merchant's review (FDSAuthorizedPendingReview) */
  authorizedHeldForReview: '4000000000001703',
  /** approved and recorded, but the answer is a 500: the caller cannot know it was charged */
  serverError: '4000000000000341',
});

/** Authorize.Net's documented decline trigger in its sandbox: this billing ZIP. */
export const AUTHORIZENET_DECLINE_ZIP = '46282';

export function outcomeOfCard(cardNumber: string, zip: string | undefined): AuthorizeNetOutcome {
  if (zip?.trim() === AUTHORIZENET_DECLINE_ZIP) return 'declined';
  const entry = Object.entries(AUTHORIZENET_STAND_IN_CARDS).find(([, number]) => number === cardNumber);
  return entry ? (entry[0] as AuthorizeNetOutcome) : 'approved';
}

/** Luhn, as Accept.js checks a number before it sends it (E_WC_05). */
export function luhnValid(cardNumber: string): boolean {
  if (!/^\d{13,19}$/.test(cardNumber)) return false;
  let sum = 0;
  for (let i = 0; i < cardNumber.length; i += 1) {
    let digit = Number(cardNumber[cardNumber.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The card type Authorize.Net names in accountType / cardType. */
export function cardTypeOf(cardNumber: string): string {
  if (/^4/.test(cardNumber)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(cardNumber)) return 'MasterCard';
  if (/^3[47]/.test(cardNumber)) return 'AmericanExpress';
  if (/^6(011|5)/.test(cardNumber)) return 'Discover';
  if (/^3(0[0-5]|[68])/.test(cardNumber)) return 'DinersClub';
  if (/^35/.test(cardNumber)) return 'JCB';
  return 'Visa';
}
