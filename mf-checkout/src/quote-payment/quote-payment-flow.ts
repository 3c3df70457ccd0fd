import { splitPaymentDue } from '@storefront/commerce-rules';
import { call, quoteApi, type Order } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import { type OrderSuccessFlags } from '../payment/index.js';

export interface PaidQuote {
  quoteId: string;
  token: string;
  /** the provider's transaction id of the payment just made (absent: an older answer without one) */
  transactionId?: string;
  /** the instalment paid, cents (absent: the whole amount due) */
  splitAmountCents?: number;
}

/** What the success page says about a part payment: this payment's amount and the balance left, from an order. */
export function partPaymentFlags(order: Order, transactionId: string | undefined, splitAmountCents: number | undefined): Pick<OrderSuccessFlags, 'partialPayment' | 'remainingBalance'> {
  const record = transactionId ? order.payments.find((payment) => payment.transactionId === transactionId) : undefined;
  const paidNow = record ? record.amountPaid || record.amount : (splitAmountCents ?? 0);
  // a payment still being confirmed is not yet counted as received; it will be: take it off the balance shown
  const counted = record?.status === 'completed';
  const remaining = Math.max(0, splitPaymentDue(order.total, order.payments) - (counted ? 0 : paidNow));
  if (remaining <= 0) return {};
  return { partialPayment: formatCents(paidNow), remainingBalance: formatCents(remaining) };
}

/**
 * After a quote payment went through (spec 4, quote payment): convertToOrder with the payment's
 * transaction id answers the order it made, whose total and payments give the balance left. The
 * payment is taken either way: when the call cannot answer, the balance is worked out from what the
 * page knew (the amount due less the instalment).
 */
export async function quotePaymentResult(paid: PaidQuote, fallback: { dueCents?: number }): Promise<Pick<OrderSuccessFlags, 'partialPayment' | 'remainingBalance'> & { orderIncrementId?: string }> {
  if (paid.transactionId) {
    try {
      const answer = await call(quoteApi.convertToOrder, {
        body: { quoteId: paid.quoteId, token: paid.token, payment: { transactionId: paid.transactionId } },
      });
      if (answer.ok && answer.data?.order) {
        const order = answer.data.order;
        return { orderIncrementId: order.orderIncrementId, ...partPaymentFlags(order, paid.transactionId, paid.splitAmountCents) };
      }
    } catch {
      // unreachable: the payment stands; say what the page knows
    }
  }
  if (paid.splitAmountCents === undefined || fallback.dueCents === undefined) return {};
  const remaining = Math.max(0, fallback.dueCents - paid.splitAmountCents);
  return remaining > 0 ? { partialPayment: formatCents(paid.splitAmountCents), remainingBalance: formatCents(remaining) } : {};
}
