/**
 * Card-entry rules (spec section 5: direct card entry, hosted card elements), written once. The
 * sandbox's hosted fields frame (payments service) validates its inputs with them in the shopper's
 * browser, bundled from this very module (`@storefront/commerce-rules/card-rules`, which therefore
 * imports nothing). Each validator answers the failing fields with the spec's message.
 */

export const CARD_MESSAGES = {
  numberRequired: 'Card number is required',
  numberInvalid: 'Card number is invalid',
  expiryRequired: 'Expiry is required',
  monthInvalid: 'Expiry month is invalid',
  yearInvalid: 'Expiry year is invalid',
  cvvRequired: 'CVV is required',
  cvvInvalid: 'CVV is invalid',
  hostedNumber: 'Card number is incomplete or invalid',
  hostedExpiry: 'Expiry date is incomplete or invalid',
  hostedCvc: 'CVC is incomplete or invalid',
  detailsRequired: 'Payment details are required to continue.',
} as const;

/** Input limits of the direct card entry fields (digits only). */
export const CARD_NUMBER_MAX_LENGTH = 19;
export const CARD_NUMBER_MIN_LENGTH = 13;
export const CVV_MAX_LENGTH = 4;
/** Year choices: the current year plus 10 (11 values). */
export const CARD_YEAR_CHOICES = 11;

function digitsOf(value: unknown): string {
  return typeof value === 'string' ? value.replace(/[\s-]/g, '') : typeof value === 'number' ? String(value) : '';
}

/** Month choices 01..12 for the direct card entry. */
export function cardMonthChoices(): string[] {
  return Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
}

/** Year choices: the current year and the next 10. */
export function cardYearChoices(now: Date = new Date()): string[] {
  const first = now.getFullYear();
  return Array.from({ length: CARD_YEAR_CHOICES }, (_, i) => String(first + i));
}

export function cardNumberError(value: unknown): string | undefined {
  const digits = digitsOf(value);
  if (!digits) return CARD_MESSAGES.numberRequired;
  if (!/^\d+$/.test(digits) || digits.length < CARD_NUMBER_MIN_LENGTH || digits.length > CARD_NUMBER_MAX_LENGTH) {
    return CARD_MESSAGES.numberInvalid;
  }
  return undefined;
}

export function cvvError(value: unknown): string | undefined {
  const digits = digitsOf(value);
  if (!digits) return CARD_MESSAGES.cvvRequired;
  return /^\d{3,4}$/.test(digits) ? undefined : CARD_MESSAGES.cvvInvalid;
}

/** Expiry month 1..12 and a year not before the current one (a two-digit year means 20YY). */
export function expiryErrors(month: unknown, year: unknown, now: Date = new Date()): { expMonth?: string; expYear?: string } {
  const m = digitsOf(month);
  const y = digitsOf(year);
  if (!m || !y) return { [!m ? 'expMonth' : 'expYear']: CARD_MESSAGES.expiryRequired };
  const errors: { expMonth?: string; expYear?: string } = {};
  const monthNumber = Number(m);
  if (!/^\d{1,2}$/.test(m) || monthNumber < 1 || monthNumber > 12) errors.expMonth = CARD_MESSAGES.monthInvalid;
  const fullYear = /^\d{2}$/.test(y) ? 2000 + Number(y) : /^\d{4}$/.test(y) ? Number(y) : NaN;
  if (!Number.isFinite(fullYear) || fullYear < now.getFullYear()) errors.expYear = CARD_MESSAGES.yearInvalid;
  return errors;
}

export interface DirectCardEntry {
  cardNumber: unknown;
  expMonth: unknown;
  expYear: unknown;
  cardCode: unknown;
}

/** Direct card entry (Authorize-style): cardNumber, expMonth, expYear, cardCode. */
export function validateDirectCardEntry(entry: DirectCardEntry, now: Date = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const number = cardNumberError(entry.cardNumber);
  if (number) errors.cardNumber = number;
  Object.assign(errors, expiryErrors(entry.expMonth, entry.expYear, now));
  const cvv = cvvError(entry.cardCode);
  if (cvv) errors.cardCode = cvv;
  return errors;
}

export interface HostedCardEntry {
  cardNumber: unknown;
  /** "MM / YY" (also "MM/YY", "MMYY") */
  cardExpiry: unknown;
  cardCvc: unknown;
}

/** Parses "MM / YY", "MM/YYYY" or "MMYY" into month and year text; undefined when incomplete. */
export function parseCardExpiry(value: unknown): { month: string; year: string } | undefined {
  const text = typeof value === 'string' ? value.replace(/\s/g, '') : '';
  const match = /^(\d{2})\/?(\d{2}|\d{4})$/.exec(text);
  return match ? { month: match[1]!, year: match[2]! } : undefined;
}

/**
 * Hosted card elements (the card gateway's own fields): one message per field, and 'Payment details
 * are required to continue.' when nothing was entered at all. An expiry in the past is invalid.
 */
export function validateHostedCard(entry: HostedCardEntry, now: Date = new Date()): Record<string, string> {
  const blank = [entry.cardNumber, entry.cardExpiry, entry.cardCvc].every((v) => digitsOf(v) === '' && !(typeof v === 'string' && v.trim()));
  if (blank) return { paymentElement: CARD_MESSAGES.detailsRequired };
  const errors: Record<string, string> = {};
  if (cardNumberError(entry.cardNumber)) errors.cardNumber = CARD_MESSAGES.hostedNumber;
  const expiry = parseCardExpiry(entry.cardExpiry);
  if (!expiry || Object.keys(expiryErrors(expiry.month, expiry.year, now)).length > 0 || isPastMonth(expiry, now)) {
    errors.cardExpiry = CARD_MESSAGES.hostedExpiry;
  }
  if (cvvError(entry.cardCvc)) errors.cardCvc = CARD_MESSAGES.hostedCvc;
  return errors;
}

function isPastMonth(expiry: { month: string; year: string }, now: Date): boolean {
  const year = expiry.year.length === 2 ? 2000 + Number(expiry.year) : Number(expiry.year);
  return year === now.getFullYear() && Number(expiry.month) < now.getMonth() + 1;
}

/** Visa, Mastercard, American Express, Discover by prefix; 'card' when unknown. */
export function cardBrand(cardNumber: string): string {
  const digits = digitsOf(cardNumber);
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'card';
}

/** Masked display: four mask characters (default X) then the last four digits. */
export function maskCardNumber(last4: string, mask = 'X'): string {
  return `${mask.repeat(4)}${last4}`;
}
