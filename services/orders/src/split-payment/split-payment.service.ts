import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ORDER_LOOKUP_MESSAGES, type SplitPaymentOrder, type SplitPaymentResponse } from '@storefront/contracts';
import { SPLIT_PAYMENT_MESSAGES } from '@storefront/commerce-rules';
import { DataSource } from 'typeorm';
import { OrderEntity } from '../entities/index.js';
import { isOrderId } from '../orders/orders.service.js';
import { OrderLookupLimits } from './lookup-limits.js';
import { openToEmailProof, sameEmail, toSplitPaymentView } from './split-payment-view.js';

export { sameEmail };

/** "SF-100013" (any case): the number on the customer's confirmation. */
const ORDER_NUMBER = /^SF-\d{1,18}$/i;

/** A verified instalment reads as paid once completed; one still settling at the provider is confirmed as received. */
const VERIFIED_STATUSES = ['completed', 'success', 'pending', 'on_hold'];
export const PAYMENT_BEING_CONFIRMED = 'Your payment was received and is being confirmed.';

function notFound(): never {
  throw new NotFoundException({ message: ORDER_LOOKUP_MESSAGES.orderNotFound, errorType: 'orderNotExist' });
}


/**
 * The split-payment page's server side (spec §2, §4 split payment, §6: access by order id plus its
 * e-mail, no login). The e-mail is a weak proof (anyone may know it, and order numbers are
 * sequential), so it opens only what that page needs: an order paid in instalments with a balance,
 * and only its figures (SplitPaymentOrder). An unknown order and a wrong e-mail answer the same 404.
 * Where the number and its e-mail match, an order without split payment (400) or fully paid (409)
 * answers only the spec's own words for why (§8: 'Split payment is not enabled for this order.',
 * 'This order has already been fully paid.'), never a figure: the page must say so, and what it
 * tells someone who already holds the number and the e-mail is one bit. Every call is counted per order number and per
 * e-mail (OrderLookupLimits) besides the per-address limit. Paying goes through the payments service
 * (with `orderEmail` as the proof, held to the same rule by the orders service's payable); the
 * verified payment is recorded when the payments service reports it.
 */
@Injectable()
export class SplitPaymentService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly limits: OrderLookupLimits,
  ) {}

  /** The order for a number or id and the e-mail that proves it, with its payments; 404 otherwise. */
  private async orderFor(reference: string, email: string): Promise<OrderEntity> {
    await this.limits.count(reference, email);
    const value = reference.trim();
    const where = ORDER_NUMBER.test(value) ? { orderIncrementId: value.toUpperCase() } : isOrderId(value) ? { id: value.toLowerCase() } : null;
    if (!where) notFound();
    const order = await this.dataSource.getRepository(OrderEntity).findOne({ where, relations: { payments: true } });
    if (!order || !sameEmail(email, order.email)) notFound();
    return order;
  }

  /** GET /api/order/:orderId?email=: only an order the e-mail may pay. */
  async lookup(reference: string, email: string): Promise<SplitPaymentOrder> {
    const order = await this.orderFor(reference, email);
    if (!order.splitPaymentEnabled) throw new BadRequestException({ message: SPLIT_PAYMENT_MESSAGES.notEnabled, errorType: 'splitPaymentNotEnabled' });
    if (!openToEmailProof(order)) throw new ConflictException({ message: SPLIT_PAYMENT_MESSAGES.alreadyPaid, errorType: 'orderAlreadyPaid' });
    return toSplitPaymentView(order);
  }

  /**
   * POST /api/order/:id/split-payment: each listed transaction must be a payment of this order the
   * payments service verified; the answer is the order's figures re-read (its balance may be 0 now:
   * the last instalment). The payment, its history note and its split-payment confirmation e-mail
   * were written when it was verified, so a repeat changes nothing. An order without split payment
   * answers 404, as the lookup does.
   */
  async confirm(reference: string, email: string, transactionIds: readonly string[]): Promise<SplitPaymentResponse> {
    const order = await this.orderFor(reference, email);
    if (!order.splitPaymentEnabled) notFound();
    const rows = (await this.dataSource.query(
      `SELECT transaction_id, status FROM order_payments WHERE order_id = $1 AND transaction_id = ANY($2) AND status = ANY($3)`,
      [order.id, [...transactionIds], VERIFIED_STATUSES],
    )) as { transaction_id: string; status: string }[];
    const found = new Set(rows.map((row) => row.transaction_id));
    if (transactionIds.some((transactionId) => !found.has(transactionId))) {
      throw new BadRequestException({ message: ORDER_LOOKUP_MESSAGES.paymentNotVerified, errorType: 'paymentNotVerified' });
    }
    const settled = rows.every((row) => row.status === 'completed' || row.status === 'success');
    const now = await this.dataSource.getRepository(OrderEntity).findOneOrFail({ where: { id: order.id }, relations: { payments: true } });
    return { success: true, data: toSplitPaymentView(now), message: settled ? SPLIT_PAYMENT_MESSAGES.paymentSuccessful : PAYMENT_BEING_CONFIRMED };
  }
}
