import type { SplitPaymentOrder } from '@storefront/contracts';
import { amountDue, amountReceived } from '@storefront/commerce-rules';
import type { OrderEntity } from '../entities/index.js';

/** The order fields the split-payment answers read (its payments' status and amount paid). */
export type SplitPaymentFigures = Pick<
  OrderEntity,
  'id' | 'orderIncrementId' | 'status' | 'splitPaymentEnabled' | 'subtotal' | 'shippingLabel' | 'shippingAmount' | 'taxAmount' | 'discountAmount' | 'total' | 'minimumSplitAmount'
> & { payments: readonly { status: string; amountPaid: number }[] };

/** The e-mail proof: trimmed, without case (addresses are compared as customers type them). */
export function sameEmail(given: string, stored: string): boolean {
  return given.trim().toLowerCase() === stored.trim().toLowerCase();
}

/**
 * Whether the e-mail may stand in for the order's token: only for an order paid in instalments that
 * still has a balance (spec §6). Any other order is neither shown nor paid on that proof.
 */
export function openToEmailProof(order: Pick<SplitPaymentFigures, 'splitPaymentEnabled' | 'total' | 'payments'>): boolean {
  return order.splitPaymentEnabled && amountDue(order.total, order.payments) > 0;
}

/** What the split-payment page shows, and nothing more (no names, addresses, items or payment details). */
export function toSplitPaymentView(order: SplitPaymentFigures): SplitPaymentOrder {
  return {
    id: order.id,
    orderIncrementId: order.orderIncrementId,
    status: order.status,
    splitPaymentEnabled: order.splitPaymentEnabled,
    subtotal: order.subtotal,
    shippingLabel: order.shippingLabel,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    discountAmount: order.discountAmount,
    total: order.total,
    minimumSplitAmount: order.minimumSplitAmount,
    amountReceived: amountReceived(order.payments),
    amountDue: amountDue(order.total, order.payments),
  };
}
