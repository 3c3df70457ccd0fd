/**
 * Money rules for a USD-only store. Amounts are numbers of dollars; every amount that is stored,
 * sent or compared is first rounded to cents here, so 0.1 + 0.2 never reaches a customer.
 */
export const CURRENCY = 'USD' as const;
export const CURRENCY_SYMBOL = '$';

/** Round half away from zero to 2 decimals (EPSILON guards 1.005-style binary artefacts). */
export function roundToCents(amount: number): number {
  if (!Number.isFinite(amount)) throw new RangeError(`Not a finite amount: ${amount}`);
  const sign = amount < 0 ? -1 : 1;
  return (sign * Math.round((Math.abs(amount) + Number.EPSILON) * 100)) / 100;
}

/** Sum amounts in integer cents so that long carts do not drift. */
export function sumCents(amounts: readonly number[]): number {
  const cents = amounts.reduce((total, amount) => total + Math.round(roundToCents(amount) * 100), 0);
  return cents / 100;
}

const usdWithCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
const usdWhole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 0, maximumFractionDigits: 0 });

/** "$1,234.50": prices are shown with 2 decimals. */
export function formatUsd(amount: number): string {
  return usdWithCents.format(roundToCents(amount));
}

/** "$1,200 - $3,400": the estimator's range, whole dollars with thousands separators. */
export function formatPriceRange(min: number, max: number): string {
  return `${usdWhole.format(Math.round(min))} - ${usdWhole.format(Math.round(max))}`;
}

/** Amount in the smallest unit for card gateways (Stripe takes cents). */
export function toCents(amount: number): number {
  return Math.round(roundToCents(amount) * 100);
}

/** Card gateways answer in cents; the spec divides by 100. */
export function fromCents(cents: number): number {
  return roundToCents(cents / 100);
}
