/**
 * Money for a USD-only store. The money path (carts, orders, payments, the gateways) counts in
 * integer cents (`Cents`): sums are exact and nothing is rounded twice. Dollars appear only where
 * people write them (prices and rates in content/, the estimator's ranges) and are turned into cents
 * once, by dollarsToCents, when they enter the money path; shoppers see cents formatted as "$1,234.50".
 */
export const CURRENCY = 'USD' as const;
export const CURRENCY_SYMBOL = '$';

/** A whole number of US cents (1999 is $19.99). */
export type Cents = number;

export function isCents(value: unknown): value is Cents {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Round half away from zero to 2 decimals (EPSILON guards 1.005-style binary artefacts). */
export function roundToCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const sign = amount < 0 ? -1 : 1;
  return (sign * Math.round((Math.abs(amount) + Number.EPSILON) * 100)) / 100;
}

/** A dollar amount as written in content/ (19.99) in cents (1999), rounded half away from zero. */
export function dollarsToCents(dollars: number): Cents {
  return Math.round(roundToCents(dollars) * 100);
}

/** `percent` % of an amount in cents, rounded half away from zero (tax on a line, on shipping). */
export function percentOfCents(cents: Cents, percent: number): Cents {
  if (!isCents(cents) || !Number.isFinite(percent)) throw new RangeError(`Not an amount and a percentage: ${cents}, ${percent}`);
  const exact = (cents * percent) / 100;
  const sign = exact < 0 ? -1 : 1;
  // the epsilon keeps 12.5 (from 250 x 5%) from landing on 12.499999 and rounding down
  return sign * Math.round(Math.abs(exact) + 1e-9);
}

/** Cents as the decimal text some providers take ("19.99"; Authorize.Net, PayPal). */
export function centsToDecimal(cents: Cents): string {
  if (!isCents(cents)) throw new RangeError(`Not a whole number of cents: ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A provider's decimal text ("19.99") in cents; undefined when it is not an amount with at most 2 decimals. */
export function decimalToCents(text: string): Cents | undefined {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return undefined;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/**
 * USD as en-US writes it ("$1,234.50", "-$12.00"), from whole cents, without Intl.NumberFormat:
 * building one costs a browser about 15 ms of main thread (ICU data) at the first page load, when a
 * module that merely imports these would pay it during hydration. Tested against Intl's output.
 */
function usd(cents: number, decimals: 0 | 2): string {
  if (!Number.isFinite(cents)) return `${cents < 0 ? '-' : ''}$${Number.isNaN(cents) ? 'NaN' : '∞'}`;
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole !== 0 ? '-' : '';
  const dollars = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals === 0 ? `${sign}$${dollars}` : `${sign}$${dollars}.${String(whole % 100).padStart(2, '0')}`;
}

/** "$1,234.50": an amount of the money path, shown with 2 decimals. */
export function formatCents(cents: Cents): string {
  return usd(cents, 2);
}

/** "$1,234.50": a dollar amount as written in content (a catalog price). */
export function formatUsd(dollars: number): string {
  return usd(Number.isFinite(dollars) ? dollarsToCents(dollars) : dollars, 2);
}

/** "$10,000,000": whole dollars with thousands separators (a limit in a message). */
export function formatWholeUsd(dollars: number): string {
  return usd(Math.round(dollars) * 100, 0);
}

/** "$1,200 - $3,400": the estimator's range, whole dollars with thousands separators. */
export function formatPriceRange(min: number, max: number): string {
  return `${formatWholeUsd(min)} - ${formatWholeUsd(max)}`;
}

/** Sums dollar amounts (the estimator's ranges) in cents, so long lists do not drift. */
export function sumDollars(amounts: readonly number[]): number {
  return amounts.reduce((total, amount) => total + dollarsToCents(amount), 0) / 100;
}
