import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { formatCents } from '@storefront/money';
import { ORDER_MESSAGES, type PayableOrder, type PaymentResultReport, type PaymentResultResponse } from '@storefront/contracts';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEmails } from '../email/order-emails.js';
import { OrderEntity, OrderPaymentEntity, OrderStatusHistoryEntity, type OrderAddressEntity } from '../entities/index.js';
import { OrdersService, isOrderId } from '../orders/orders.service.js';

/** Spec §4: the order is 'ordered' once a payment completed, otherwise it waits for payment. */
export const ORDERED = 'ordered';
export const PENDING_PAYMENT = 'pending_payment';
/** A completed payment that covered less than was due (the total changed after the charge began). */
export const PARTIALLY_PAID = 'partially_paid';
export const DEFAULT_PAYMENT_FAILURE = 'Payment failed';
export const ATTEMPT_OF_ANOTHER_ORDER = 'This payment attempt was already reported for another order.';

/** Spec §4 payment outcome recording: the history comments, word for word. */
export const PAYMENT_HISTORY = {
  failed: (orderIncrementId: string, message: string) => `Payment failed for order ${orderIncrementId}: ${message}`,
  paid: (orderIncrementId: string, transactionId: string) =>
    `Order ${orderIncrementId} has been paid with transaction id ${transactionId}`,
  waiting: (orderIncrementId: string, status: string) => `Payment for order ${orderIncrementId} is ${status}`,
  underpaid: (orderIncrementId: string, transactionId: string, remaining: number) =>
    `Order ${orderIncrementId} received a payment with transaction id ${transactionId}; ${formatCents(remaining)} is still due`,
  paidAgain: (orderIncrementId: string, transactionId: string) =>
    `Order ${orderIncrementId} was already paid; an additional payment with transaction id ${transactionId} was recorded and needs a refund`,
} as const;

function notFound(): never {
  throw new NotFoundException({ message: ORDER_MESSAGES.notFound, errorType: 'orderNotExist' });
}

/** What has actually been taken: completed payments only (spec: completed counts toward the paid total). */
export function amountDueOf(total: number, payments: readonly Pick<OrderPaymentEntity, 'status' | 'amountPaid'>[]): number {
  const paid = payments.filter((payment) => payment.status === 'completed').reduce((sum, payment) => sum + payment.amountPaid, 0);
  return Math.max(0, total - paid);
}

/** The entry a new attempt fills in: the pending one, else the latest that did not complete. */
function entryToRecordOn(payments: readonly OrderPaymentEntity[]): OrderPaymentEntity | undefined {
  const latestFirst = [...payments].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return latestFirst.find((payment) => payment.status === 'pending') ?? latestFirst.find((payment) => payment.status !== 'completed');
}

function addressFields(address: OrderAddressEntity | undefined, withStreet2 = true): PayableOrder['shipping'] {
  return {
    firstName: address?.firstName ?? '',
    lastName: address?.lastName ?? '',
    street1: address?.street1 ?? '',
    ...(withStreet2 && address?.street2 ? { street2: address.street2 } : {}),
    city: address?.city ?? '',
    state: address?.state ?? '',
    zipCode: address?.zipCode ?? '',
    countryId: address?.countryId ?? '',
  };
}

/**
 * The payments service's side of an order: what it may charge (always from the database, never
 * from a browser) and where it records the outcome it verified with the gateway — the only way
 * an order becomes 'ordered'.
 */
@Injectable()
export class OrderPaymentsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly orderEmails: OrderEmails,
  ) {}

  async payable(id: string): Promise<PayableOrder> {
    if (!isOrderId(id)) notFound();
    const order = await this.dataSource
      .getRepository(OrderEntity)
      .findOne({ where: { id }, relations: { payments: true, addresses: true } });
    if (!order) notFound();
    const pending = [...order.payments]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .find((payment) => payment.status === 'pending');
    return {
      id: order.id,
      orderIncrementId: order.orderIncrementId,
      status: order.status,
      total: order.total,
      amountDue: amountDueOf(order.total, order.payments),
      currency: 'USD',
      email: order.email,
      paymentId: pending?.id ?? null,
      billing: addressFields(order.addresses.find((address) => address.type === 'billing'), false),
      shipping: addressFields(order.addresses.find((address) => address.type === 'shipping')),
    };
  }

  /**
   * One transaction with the order row locked (FOR UPDATE), so two reports for the same order (the
   * redirect and a webhook, say) are applied one after the other: the second sees the first's
   * payment_reports row and changes nothing, and the confirmation e-mail is queued once.
   */
  async recordPaymentResult(id: string, checked: PaymentResultReport): Promise<PaymentResultResponse> {
    if (!isOrderId(id)) notFound();
    const report = checked;
    return this.dataSource.transaction(async (manager) => {
      const order = await manager.getRepository(OrderEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!order) notFound();
      await this.apply(manager, order, report);
      return { success: true, order: await this.orders.viewOrder(id, manager) };
    });
  }

  private async apply(manager: EntityManager, order: OrderEntity, report: PaymentResultReport): Promise<void> {
    const claimed: unknown[] = await manager.query(
      `INSERT INTO payment_reports (attempt_id, order_id, status, amount_cents, transaction_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (attempt_id) DO NOTHING RETURNING attempt_id`,
      [report.attemptId, order.id, report.status, report.amount, report.transactionId],
    );
    let reportedEntryId: string | null = null;
    if (claimed.length === 0) {
      // Seen before (this order's lock serialises repeats). The same outcome again changes nothing;
      // a newer outcome of the same attempt (pending or held, then completed or failed) is applied
      // to that attempt's entry. A completed attempt is final.
      const [first] = await manager.query(`SELECT order_id, status, payment_id FROM payment_reports WHERE attempt_id = $1`, [
        report.attemptId,
      ]);
      if (first?.order_id !== order.id) throw new ConflictException(ATTEMPT_OF_ANOTHER_ORDER);
      if (first.status === report.status || first.status === 'completed') return;
      await manager.query(`UPDATE payment_reports SET status = $2, amount_cents = $3, transaction_id = $4 WHERE attempt_id = $1`, [
        report.attemptId,
        report.status,
        report.amount,
        report.transactionId,
      ]);
      reportedEntryId = first.payment_id ?? null;
    }

    const completed = report.status === 'completed';
    const payments = await manager.find(OrderPaymentEntity, { where: { order: { id: order.id } } });
    const alreadyPaid = order.status === ORDERED;
    // Charged from an earlier read of the total (a PATCH raced the payment): the money is recorded,
    // but the order is not 'ordered' until the rest is paid.
    const remainingAfter = completed ? amountDueOf(order.total, payments) - report.amount : 0;
    const underpaid = completed && !alreadyPaid && remainingAfter > 0;

    if (alreadyPaid && !completed) return; // a late failure of another attempt must not downgrade a paid order

    // A second completed attempt on a paid order took real money: keep it as its own entry (for a
    // refund) and leave the order as it is.
    const entry =
      (!alreadyPaid && (payments.find((payment) => payment.id === reportedEntryId) ?? entryToRecordOn(payments))) ||
      Object.assign(new OrderPaymentEntity(), { order: { id: order.id } });
    Object.assign(entry, {
      status: report.status,
      amount: report.amount,
      amountPaid: completed ? report.amount : 0,
      transactionId: report.transactionId,
      method: report.method,
      methodLabel: report.methodLabel,
      additionalData: { ...report.additionalData, gateway: report.gateway, attemptId: report.attemptId },
    });
    const saved = await manager.save(OrderPaymentEntity, entry);
    await manager.query(`UPDATE payment_reports SET payment_id = $1 WHERE attempt_id = $2`, [saved.id, report.attemptId]);

    const history = (status: string, comment: string): Promise<OrderStatusHistoryEntity> =>
      manager.save(
        OrderStatusHistoryEntity,
        Object.assign(new OrderStatusHistoryEntity(), { order: { id: order.id }, status, comment, isCustomerNotified: false }),
      );

    if (alreadyPaid) {
      await history(ORDERED, PAYMENT_HISTORY.paidAgain(order.orderIncrementId, report.transactionId ?? ''));
      return;
    }

    if (underpaid) {
      await manager.update(OrderEntity, order.id, { paymentStatus: report.status, status: PARTIALLY_PAID });
      await history(PARTIALLY_PAID, PAYMENT_HISTORY.underpaid(order.orderIncrementId, report.transactionId ?? '', remainingAfter));
      return;
    }

    await manager.update(OrderEntity, order.id, {
      paymentStatus: report.status,
      status: completed ? ORDERED : PENDING_PAYMENT,
      // a paid order is being worked on; until then it stays new
      ...(completed ? { state: 'processing' } : {}),
    });
    if (completed) {
      await history(ORDERED, PAYMENT_HISTORY.paid(order.orderIncrementId, report.transactionId ?? ''));
      await this.orderEmails.queueOrderConfirmation(manager, order.id);
    } else if (report.status === 'failed') {
      await history(PENDING_PAYMENT, PAYMENT_HISTORY.failed(order.orderIncrementId, report.message ?? DEFAULT_PAYMENT_FAILURE));
    } else {
      await history(PENDING_PAYMENT, PAYMENT_HISTORY.waiting(order.orderIncrementId, report.status));
    }
  }
}
