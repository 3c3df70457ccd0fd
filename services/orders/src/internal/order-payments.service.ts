import { BadRequestException, ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ORDER_MESSAGES, type PayableOrder, type PaymentResultReport, type PaymentResultResponse, type PaymentScope } from '@storefront/contracts';
import { PAYMENTS_SANDBOX_ALLOW, PAYMENTS_SANDBOX_VARIABLE, paymentsSandboxAllowed } from '@storefront/service-kit';
import { SPLIT_PAYMENT_MESSAGES, amountDue, amountReceived, applyPaymentOutcome, instalmentProblem, isCanceled } from '@storefront/commerce-rules';
import { DataSource, type EntityManager } from 'typeorm';
import { OrderEmails } from '../email/index.js';
import { OrderEntity, OrderPaymentEntity, OrderStatusHistoryEntity, type OrderAddressEntity } from '../entities/index.js';
import { orderById } from '../orders/order-by-id.js';
import { OrdersService, isOrderId } from '../orders/orders.service.js';
import { assertPaymentProof } from '../orders/payment-proof.js';

/** Who asks what an order may be charged: a shopper with the order's token or (split-payment page) its e-mail, else the payments service itself. */
export interface PayableQuery {
  orderToken?: string | undefined;
  email?: string | undefined;
  /** cents: the part of the balance this payment takes (split payment) */
  instalment?: number | undefined;
}

export const ATTEMPT_OF_ANOTHER_ORDER = 'This payment attempt was already reported for another order.';
/** What a held sandbox or test payment reads as, on the order's payment entry and in its history. */
export const HELD_TEST_PAYMENT = `Held for review: a test or sandbox payment (no money moved) was reported in production, where ${PAYMENTS_SANDBOX_VARIABLE} is not "${PAYMENTS_SANDBOX_ALLOW}"`;

/** Whether a report says no money moved: taken on the sandbox gateway, or with a provider's test keys. */
function isTestPayment(report: PaymentResultReport): boolean {
  const data = report.additionalData as Record<string, unknown> | undefined;
  return data?.sandbox === true || data?.testPayment === true;
}

/**
 * A completed test payment where test payments do not count (production without
 * PAYMENTS_SANDBOX=allow) is applied as `on_hold`: the order process's table has a row for exactly
 * that ('waiting'), which records the payment entry with nothing paid, keeps the order unpaid
 * (pending_payment, or partially_paid after a real instalment), writes a history note and queues no
 * e-mail, and no quote is marked ordered. Refusing the report instead would leave the payments
 * service retrying it until it dead-letters, and hide the attempt from the staff who must look at it.
 */
function heldForReview(report: PaymentResultReport): PaymentResultReport | null {
  const completed = report.status === 'completed' || report.status === 'success';
  if (!completed || !isTestPayment(report) || paymentsSandboxAllowed()) return null;
  return { ...report, status: 'on_hold', message: HELD_TEST_PAYMENT, additionalData: { ...report.additionalData, heldForReview: true } };
}

function notFound(): never {
  throw new NotFoundException({ message: ORDER_MESSAGES.notFound, errorType: 'orderNotExist' });
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
  private readonly logger = new Logger('order-payments');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
    private readonly orderEmails: OrderEmails,
  ) {}

  async payable(id: string, { orderToken, email, instalment }: PayableQuery = {}): Promise<PayableOrder> {
    if (!isOrderId(id)) notFound();
    const order = await orderById(this.dataSource.manager, id, { payments: true, addresses: true });
    if (!order) notFound();
    await assertPaymentProof(this.dataSource.manager, order, { orderToken, email });
    // canceled by staff: nothing more may be charged (a payment already being decided is recorded as it ends)
    if (isCanceled(order.status)) throw new ConflictException({ message: ORDER_MESSAGES.canceled, errorType: 'orderCanceled' });
    const due = amountDue(order.total, order.payments);
    if (instalment !== undefined && due > 0) {
      if (!order.splitPaymentEnabled) throw new BadRequestException({ message: SPLIT_PAYMENT_MESSAGES.notEnabled, errorType: 'splitPaymentNotEnabled' });
      // the same rule, and the same words, as the split-payment page's (spec §5)
      const problem = instalmentProblem({ kind: 'amount', cents: instalment }, { dueCents: due, minimumCents: order.minimumSplitAmount });
      if (problem) throw new BadRequestException({ message: problem, errorType: 'invalidSplitAmount', errors: { splitAmount: problem } });
    }
    // where this payment is made: the split-payment page's, or any payment after a first instalment,
    // completes an order's balance; an order made from a quote is converting it; else a sample order
    const [quote] = (await this.dataSource.query(`SELECT 1 AS found FROM quote WHERE order_id = $1 LIMIT 1`, [id])) as unknown[];
    const scope: PaymentScope =
      email !== undefined || (order.splitPaymentEnabled && amountReceived(order.payments) > 0) ? 'complete-order-payment' : quote ? 'convert-to-order' : 'sample-order';
    const pending = [...order.payments]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .find((payment) => payment.status === 'pending');
    return {
      id: order.id,
      orderIncrementId: order.orderIncrementId,
      status: order.status,
      total: order.total,
      amountDue: instalment !== undefined && due > 0 ? instalment : due,
      currency: 'USD',
      email: order.email,
      paymentId: pending?.id ?? null,
      billing: addressFields(order.addresses.find((address) => address.type === 'billing'), false),
      shipping: addressFields(order.addresses.find((address) => address.type === 'shipping')),
      scope,
    };
  }

  /**
   * One transaction with the order row locked (FOR UPDATE), so two reports for the same order (the
   * redirect and a webhook, say) are applied one after the other: the second sees the first's
   * payment_reports row and changes nothing, and the confirmation e-mail is queued once.
   */
  async recordPaymentResult(id: string, checked: PaymentResultReport, { withOrder = true }: { withOrder?: boolean } = {}): Promise<PaymentResultResponse> {
    if (!isOrderId(id)) notFound();
    const report = checked;
    return this.dataSource.transaction(async (manager) => {
      const order = await manager.getRepository(OrderEntity).findOne({ where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!order) notFound();
      await this.apply(manager, order, report);
      return withOrder ? { success: true, order: await this.orders.viewOrder(id, manager) } : { success: true };
    });
  }

  private async apply(manager: EntityManager, order: OrderEntity, reported: PaymentResultReport): Promise<void> {
    const held = heldForReview(reported);
    if (held) {
      this.logger.warn('A completed test or sandbox payment was held for review instead of paying the order', {
        event: 'orders.test-payment-held',
        orderId: order.id,
        attemptId: reported.attemptId,
        gateway: reported.gateway,
        transactionId: reported.transactionId,
      });
    }
    // a held report is stored as on_hold, so the same report again is a repeat and changes nothing
    const report = held ?? reported;
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

    const payments = await manager.find(OrderPaymentEntity, { where: { order: { id: order.id } } });
    // What the outcome does is the order process's table; here it is only written down.
    const effect = applyPaymentOutcome(
      {
        status: order.status,
        orderIncrementId: order.orderIncrementId,
        amountDueCents: amountDue(order.total, payments),
        splitPaymentEnabled: order.splitPaymentEnabled,
        paidCents: amountReceived(payments),
      },
      { status: report.status, amountCents: report.amount, transactionId: report.transactionId, message: report.message },
    );
    if (effect.entry === 'none') return;

    // 'record' fills the entry this attempt already wrote, else the order's open one; 'record-separately'
    // (money taken on a paid order) keeps it apart, for a refund.
    const entry =
      (effect.entry === 'record' && (payments.find((payment) => payment.id === reportedEntryId) ?? entryToRecordOn(payments))) ||
      Object.assign(new OrderPaymentEntity(), { order: { id: order.id } });
    const completed = report.status === 'completed' || report.status === 'success';
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

    if (effect.order) await manager.update(OrderEntity, order.id, effect.order);
    for (const note of effect.history) {
      await manager.save(OrderStatusHistoryEntity, Object.assign(new OrderStatusHistoryEntity(), { order: { id: order.id }, ...note }));
    }
    if (completed) {
      // spec §4 quote payment: the quote a verified payment paid (in full or its first instalment) is ordered
      await manager.query(`UPDATE quote SET status = 'ordered' WHERE order_id = $1 AND status = 'ready_to_order'`, [order.id]);
    }
    if (effect.queueConfirmation) await this.orderEmails.queueOrderConfirmation(manager, order.id);
    if (effect.queueSplitConfirmation) await this.orderEmails.queueSplitPaymentConfirmation(manager, order.id, saved.id);
  }
}
