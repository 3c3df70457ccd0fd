import { dollarsToCents, type Cents } from '@storefront/money';

/** What the totals are computed from: staff's unit prices and amounts, in dollars as they wrote them. */
export interface QuoteAmountsInDollars {
  items: readonly { qty: number; price: number }[];
  shippingAmount: number;
  taxAmount: number;
  discountAmount: number;
  minimumSplitAmount?: number | null;
}

export interface QuoteTotals {
  /** per item, in the same order: unit price and row total (price × qty) */
  items: { price: Cents; rowTotal: Cents }[];
  subtotal: Cents;
  shippingAmount: Cents;
  taxAmount: Cents;
  discountAmount: Cents;
  /** subtotal + shipping + tax − discount */
  total: Cents;
  minimumSplitAmount: Cents | null;
}

/**
 * A quote's money, computed by the server (a total written by staff or sent by a browser is never
 * read): each dollar amount becomes cents once (dollarsToCents), then everything is summed in
 * integer cents, so nothing drifts or is rounded twice.
 */
export function quoteTotals(amounts: QuoteAmountsInDollars): QuoteTotals {
  const items = amounts.items.map(({ qty, price }) => {
    const unit = dollarsToCents(price);
    return { price: unit, rowTotal: unit * qty };
  });
  const subtotal = items.reduce((sum, item) => sum + item.rowTotal, 0);
  const shippingAmount = dollarsToCents(amounts.shippingAmount);
  const taxAmount = dollarsToCents(amounts.taxAmount);
  const discountAmount = dollarsToCents(amounts.discountAmount);
  const minimum = amounts.minimumSplitAmount;
  return {
    items,
    subtotal,
    shippingAmount,
    taxAmount,
    discountAmount,
    total: subtotal + shippingAmount + taxAmount - discountAmount,
    minimumSplitAmount: minimum === undefined || minimum === null ? null : dollarsToCents(minimum),
  };
}
