import type { StaffOrderAction } from '@storefront/contracts';
import { formatCents, type Cents } from '@storefront/money';
import { isPaid, paymentInProgress } from './order-process.js';

/** An order as staff find it: what the order-process table decides their actions on. */
export interface StaffOrderFacts {
  status: string;
  paymentStatus: string;
  orderIncrementId: string;
  totalCents: Cents;
  /** completed payments */
  paidCents: Cents;
  /** refunded so far, or being refunded */
  refundedCents: Cents;
  /** customer confirmation queued before (the order was placed: paid, or its first instalment) */
  confirmed: boolean;
}

export const CANCELED_STATUS = 'canceled';

/** Has staff canceled the order (nothing more may be charged)? */
export function isCanceled(status: string): boolean {
  return status === CANCELED_STATUS;
}

interface ActionRule {
  /** why the action is refused for this order, or null when it is allowed */
  refusal(order: StaffOrderFacts): string | null;
}

/**
 * What staff may do to an order, one row per action (like PAYMENT_OUTCOME_TABLE: states as data).
 * The back office's buttons ask it, and so does the server before it writes, under the order's
 * row lock: a button shown a second ago is no promise.
 */
export const STAFF_ACTION_TABLE: Readonly<Record<StaffOrderAction, ActionRule>> = {
  resendConfirmation: {
    refusal: (order) => (order.confirmed ? null : `Order ${order.orderIncrementId} has not been confirmed yet: it is confirmed when it is paid (or its first instalment is).`),
  },
  refund: {
    refusal: (order) =>
      order.paidCents - order.refundedCents > 0
        ? null
        : order.paidCents > 0
          ? `Order ${order.orderIncrementId} is refunded in full (${formatCents(order.refundedCents)}).`
          : `Order ${order.orderIncrementId} has no payment to refund.`,
  },
  splitPayment: {
    refusal: (order) => {
      if (isCanceled(order.status)) return `Order ${order.orderIncrementId} is canceled.`;
      if (isPaid(order.status) || order.paidCents >= order.totalCents) return `Order ${order.orderIncrementId} is already paid in full.`;
      return null;
    },
  },
  cancel: {
    refusal: (order) => {
      if (isCanceled(order.status)) return `Order ${order.orderIncrementId} is already canceled.`;
      if (isPaid(order.status)) return `Order ${order.orderIncrementId} is paid: refund it instead of canceling it.`;
      if (order.paidCents > 0) return `Order ${order.orderIncrementId} has payments (${formatCents(order.paidCents)}): refund them first.`;
      if (paymentInProgress(order.status, order.paymentStatus)) return `A payment of order ${order.orderIncrementId} is still being decided by the provider: wait for it, then cancel.`;
      return null;
    },
  },
  note: { refusal: () => null },
};

/** Every action with whether it is allowed and why not (the order detail's buttons). */
export function staffOrderActions(order: StaffOrderFacts): Record<StaffOrderAction, { allowed: boolean; reason: string | null }> {
  return Object.fromEntries(
    Object.entries(STAFF_ACTION_TABLE).map(([action, rule]) => {
      const reason = rule.refusal(order);
      return [action, { allowed: reason === null, reason }];
    }),
  ) as Record<StaffOrderAction, { allowed: boolean; reason: string | null }>;
}
