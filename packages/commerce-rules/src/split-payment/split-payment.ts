import { decimalToCents, formatCents, type Cents } from '@storefront/money';
import { amountDue } from '../order-process/order-process.js';

/**
 * Split payment (spec §4 "Split payment", §5 "Quote payment (split-payment method)" and
 * "Split-payment page"): an order, or the quote it comes from, paid in instalments. One module
 * for the browser's forms and the orders service's check of an instalment, so the same amount
 * gets the same words on both sides. Money in messages is written "$1,234.50" (formatCents).
 */

export const SPLIT_PAYMENT_MESSAGES = {
  // the quote payment page's split-payment method
  splitAmountRequired: 'Split amount is required',
  validNumber: 'Must be a valid number',
  minimumAmount: (minimum: Cents) => `Minimum amount is ${formatCents(minimum)}`,
  exceedsTotal: 'Amount cannot exceed total',
  methodRequired: 'Please select a payment method',
  // the split-payment page
  paymentAmountRequired: 'Payment amount is required',
  greaterThanZero: 'Payment amount must be greater than 0',
  exceedsDue: (due: Cents) => `Payment amount cannot exceed due amount of ${formatCents(due)}`,
  mustPayFullDue: (due: Cents) => `Must pay full due amount of ${formatCents(due)}`,
  minimumPayment: (minimum: Cents) => `Minimum payment amount is ${formatCents(minimum)}`,
  // spec §8, split payment
  orderIdRequired: 'Order ID is required',
  emailRequired: 'Email is required',
  orderNotFound: 'Order not found.',
  notEnabled: 'Split payment is not enabled for this order.',
  alreadyPaid: 'This order has already been fully paid.',
  fetchFailed: 'Failed to fetch order. Please try again later.',
  lookupFailed: 'An error occurred.',
  paymentSuccessful: 'Payment successful!',
} as const;

/** What a shopper typed in an amount field, read as cents: empty, not a number, or an amount. */
export type TypedAmount = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'amount'; cents: Cents };

/**
 * "1234.5", "$1,234.50" and 1234.5 all read as 123450 cents. More than two decimals is not an
 * amount of money ('Must be a valid number'), never silently rounded: the shopper pays what they read.
 */
export function readTypedAmount(value: unknown): TypedAmount {
  if (value === undefined || value === null) return { kind: 'empty' };
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { kind: 'invalid' };
    const cents = decimalToCents(String(value));
    return cents === undefined ? { kind: 'invalid' } : { kind: 'amount', cents };
  }
  if (typeof value !== 'string') return { kind: 'invalid' };
  const text = value.trim().replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '').replace(/^\./, '0.');
  if (text === '') return { kind: 'empty' };
  const cents = decimalToCents(text);
  return cents === undefined ? { kind: 'invalid' } : { kind: 'amount', cents };
}

/** The remaining balance (spec §4): total minus completed payments, never below zero. */
export function splitPaymentDue(totalCents: Cents, payments: readonly { status: string; amountPaid: Cents }[]): Cents {
  return amountDue(totalCents, payments);
}

/** The paid total (spec §2: amount received, the sum of completed payments' amountPaid). */
export function amountReceived(payments: readonly { status: string; amountPaid: Cents }[]): Cents {
  return payments.filter((payment) => payment.status === 'completed').reduce((sum, payment) => sum + payment.amountPaid, 0);
}

/**
 * Spec §5, quote payment's split-payment method: an amount of at least the quote's minimum split
 * amount and at most its total. Null when the amount may be paid.
 */
export function quoteSplitAmountProblem(amount: TypedAmount, quote: { totalCents: Cents; minimumCents: Cents | null }): string | null {
  if (amount.kind === 'empty') return SPLIT_PAYMENT_MESSAGES.splitAmountRequired;
  if (amount.kind === 'invalid') return SPLIT_PAYMENT_MESSAGES.validNumber;
  const minimum = quote.minimumCents ?? 0;
  // an amount of zero is below any minimum; with no minimum the page still needs something to charge
  if (amount.cents < minimum || amount.cents <= 0) return SPLIT_PAYMENT_MESSAGES.minimumAmount(Math.max(minimum, 1));
  if (amount.cents > quote.totalCents) return SPLIT_PAYMENT_MESSAGES.exceedsTotal;
  return null;
}

/**
 * Spec §5, split-payment page: the instalment of an order's balance. Above zero, never above what
 * is due; when what is due is at or below the minimum split amount the whole of it, otherwise at
 * least the minimum. The orders service applies the same rule to every instalment charged, so an
 * amount the page would refuse is never charged. Null when the amount may be paid.
 */
export function instalmentProblem(amount: TypedAmount, order: { dueCents: Cents; minimumCents: Cents | null }): string | null {
  if (amount.kind === 'empty') return SPLIT_PAYMENT_MESSAGES.paymentAmountRequired;
  if (amount.kind === 'invalid') return SPLIT_PAYMENT_MESSAGES.validNumber;
  if (amount.cents <= 0) return SPLIT_PAYMENT_MESSAGES.greaterThanZero;
  if (amount.cents > order.dueCents) return SPLIT_PAYMENT_MESSAGES.exceedsDue(order.dueCents);
  const minimum = order.minimumCents ?? 0;
  if (order.dueCents <= minimum) return amount.cents === order.dueCents ? null : SPLIT_PAYMENT_MESSAGES.mustPayFullDue(order.dueCents);
  if (amount.cents < minimum) return SPLIT_PAYMENT_MESSAGES.minimumPayment(minimum);
  return null;
}

/** Remaining after this payment (spec §2: total − received − entered), at least zero. */
export function remainingAfter(dueCents: Cents, enteredCents: Cents): Cents {
  return Math.max(0, dueCents - Math.max(0, enteredCents));
}
