import { amountDue, isPaid } from '@storefront/commerce-rules';
import { formatCents, type Cents } from '@storefront/money';
import type { DataSource, EntityManager } from 'typeorm';
import { OrderEntity, OrderPaymentEntity, OrderStatusHistoryEntity } from '../entities/index.js';
import { isOrderId } from './orders.service.js';

/**
 * The back office's order operations, shared by its two doors: the command line (backoffice/cli.ts)
 * and the admin API (admin/admin.controller.ts). Each door only reads its arguments and prints or
 * answers the result.
 */

/** A refusal the back office prints as it is (exit 1) or answers 404/409: an unknown order, a minimum that cannot be. */
export class BackofficeRefusal extends Error {
  override readonly name = 'BackofficeRefusal';
}

export const ORDER_NOT_FOUND = 'Order not found.';

/** An order as the back office prints it: amounts in dollars as shoppers see them, and in cents. */
export interface OrderSummary {
  number: string;
  id: string;
  date: string;
  email: string;
  customerName: string;
  status: string;
  paymentStatus: string;
  total: string;
  totalCents: Cents;
  splitPaymentEnabled: boolean;
  minimumSplitAmount: string | null;
  minimumSplitAmountCents: Cents | null;
}

export function orderSummary(order: OrderEntity): OrderSummary {
  return {
    number: order.orderIncrementId,
    id: order.id,
    date: order.createdAt.toISOString(),
    email: order.email,
    customerName: `${order.firstName} ${order.lastName}`.trim(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    total: formatCents(order.total),
    totalCents: order.total,
    splitPaymentEnabled: order.splitPaymentEnabled,
    minimumSplitAmount: order.minimumSplitAmount === null ? null : formatCents(order.minimumSplitAmount),
    minimumSplitAmountCents: order.minimumSplitAmount,
  };
}

/** The order named by its id (a UUID) or its number (SF-100013, any case), locked for the transaction. */
async function lockOrder(manager: EntityManager, idOrNumber: string): Promise<OrderEntity | null> {
  const number = idOrNumber.trim().toUpperCase();
  const where = isOrderId(idOrNumber) ? { id: idOrNumber } : { orderIncrementId: number };
  return manager.getRepository(OrderEntity).findOne({ where, lock: { mode: 'pessimistic_write' } });
}

/** The summary of `order split`: the order's new state and what is still due. */
export interface SplitPaymentResult extends OrderSummary {
  amountDue: string;
  amountDueCents: Cents;
}

/**
 * `order split --order <id or number> --minimum <amount>`: turns split payment on with that minimum
 * payment (the split-payment page's rules read both), noted in the order's history. Refused: an
 * unknown order, a minimum of 0 or less or not below the total, an order paid in full. `db` may be a
 * transaction's manager (the audit row's): the change then nests in it.
 */
export async function enableSplitPayment(db: DataSource | EntityManager, { order: idOrNumber, minimumCents }: { order: string; minimumCents: Cents }): Promise<SplitPaymentResult> {
  return db.transaction(async (manager) => {
    const order = await lockOrder(manager, idOrNumber);
    if (!order) throw new BackofficeRefusal(ORDER_NOT_FOUND);
    const payments = await manager.getRepository(OrderPaymentEntity).find({ where: { order: { id: order.id } } });
    const due = amountDue(order.total, payments);
    if (isPaid(order.status) || due <= 0) throw new BackofficeRefusal(`Order ${order.orderIncrementId} is already paid in full.`);
    if (!Number.isSafeInteger(minimumCents) || minimumCents <= 0) {
      throw new BackofficeRefusal(`The minimum split amount must be more than $0.00 (got ${formatCents(Math.trunc(minimumCents) || 0)}).`);
    }
    if (minimumCents >= order.total) {
      throw new BackofficeRefusal(
        `The minimum split amount must be less than the order total of ${formatCents(order.total)} (got ${formatCents(minimumCents)}).`,
      );
    }
    await manager.getRepository(OrderEntity).update({ id: order.id }, { splitPaymentEnabled: true, minimumSplitAmount: minimumCents });
    await manager.getRepository(OrderStatusHistoryEntity).insert({
      order: { id: order.id },
      status: order.status,
      comment: `Split payment enabled by the back office, minimum payment ${formatCents(minimumCents)}`,
      isCustomerNotified: false,
    });
    const updated = await manager.getRepository(OrderEntity).findOneByOrFail({ id: order.id });
    return { ...orderSummary(updated), amountDue: formatCents(due), amountDueCents: due };
  });
}
