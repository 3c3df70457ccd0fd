import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ORDER_LOOKUP_MESSAGES, type Order, type SplitPaymentResponse } from '@storefront/contracts';
import { SPLIT_PAYMENT_MESSAGES } from '@storefront/commerce-rules';
import { DataSource } from 'typeorm';
import { OrdersService, isOrderId } from '../orders/orders.service.js';

/** "SF-100013" (any case): the number on the customer's confirmation. */
const ORDER_NUMBER = /^SF-\d{1,18}$/i;

/** A verified instalment reads as paid once completed; one still settling at the provider is confirmed as received. */
const VERIFIED_STATUSES = ['completed', 'success', 'pending', 'on_hold'];
export const PAYMENT_BEING_CONFIRMED = 'Your payment was received and is being confirmed.';

function notFound(): never {
  throw new NotFoundException({ message: ORDER_LOOKUP_MESSAGES.orderNotFound, errorType: 'orderNotExist' });
}

/** The e-mail proof: trimmed, without case (addresses are compared as customers type them). */
export function sameEmail(given: string, stored: string): boolean {
  return given.trim().toLowerCase() === stored.trim().toLowerCase();
}

/**
 * The split-payment page's server side (spec §2, §4 split payment, §6: access by order id plus its
 * e-mail, no login). The order is found by the number the customer sees or by its id; an unknown
 * order and a wrong e-mail answer the same 404. Paying goes through the payments service (with
 * `orderEmail` as the proof and `splitAmount` checked by the orders service's payable); the verified
 * payment is recorded when the payments service reports it.
 */
@Injectable()
export class SplitPaymentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly orders: OrdersService,
  ) {}

  /** The order's id for a number or id and the e-mail that proves it; 404 otherwise. */
  async orderIdFor(reference: string, email: string): Promise<string> {
    const value = reference.trim();
    const column = isOrderId(value) ? 'id' : ORDER_NUMBER.test(value) ? 'order_increment_id' : null;
    if (!column) notFound();
    const [row] = (await this.dataSource.query(`SELECT id, email FROM orders WHERE ${column} = $1`, [
      column === 'id' ? value.toLowerCase() : value.toUpperCase(),
    ])) as { id: string; email: string }[];
    if (!row || !sameEmail(email, row.email)) notFound();
    return row.id;
  }

  /** GET /api/order/:orderId?email= */
  async lookup(reference: string, email: string): Promise<Order> {
    return this.orders.viewOrder(await this.orderIdFor(reference, email));
  }

  /**
   * POST /api/order/:id/split-payment: each listed transaction must be a payment of this order the
   * payments service verified; the answer is the order re-read. The payment, its history note and its
   * split-payment confirmation e-mail were written when it was verified, so a repeat changes nothing.
   */
  async confirm(reference: string, email: string, transactionIds: readonly string[]): Promise<SplitPaymentResponse> {
    const id = await this.orderIdFor(reference, email);
    const rows = (await this.dataSource.query(
      `SELECT transaction_id, status FROM order_payments WHERE order_id = $1 AND transaction_id = ANY($2) AND status = ANY($3)`,
      [id, [...transactionIds], VERIFIED_STATUSES],
    )) as { transaction_id: string; status: string }[];
    const found = new Set(rows.map((row) => row.transaction_id));
    if (transactionIds.some((transactionId) => !found.has(transactionId))) {
      throw new BadRequestException({ message: ORDER_LOOKUP_MESSAGES.paymentNotVerified, errorType: 'paymentNotVerified' });
    }
    const settled = rows.every((row) => row.status === 'completed' || row.status === 'success');
    return { success: true, data: await this.orders.viewOrder(id), message: settled ? SPLIT_PAYMENT_MESSAGES.paymentSuccessful : PAYMENT_BEING_CONFIRMED };
  }
}
