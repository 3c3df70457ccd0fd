import { createHash, randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import type { AdminOrderDetail, AdminRefundRequest, OrderPaymentsResponse, RefundResponse } from '@storefront/contracts';
import { dollarsToCents, formatCents } from '@storefront/money';
import type { AdminCaller } from '@storefront/service-kit';
import { DataSource } from 'typeorm';
import { BackofficeRefusal } from '../../orders/order-admin.service.js';
import { audited, auditorOf, recordAudit } from '../audit/admin-audit.js';
import { assertStaffAction, findOrderId, orderDetail } from '../orders/admin-orders.js';
import { refundOf, type Refund, type RefundRow } from './refund-records.js';
import { PaymentsClient, PaymentsRefusal, PaymentsUnavailable } from './payments-client.js';

/** What a refund is decided on: the request, and who sent it (a retry must be the same both ways). */
const requestKeyOf = (caller: AdminCaller, idempotencyKey: string) => createHash('sha256').update(`${caller.kind}:${caller.id}:${idempotencyKey}`).digest('hex');

/**
 * Refunds through the order's gateway, in three steps, so nothing is lost and nothing is refunded
 * twice whatever fails in between:
 * 1. the refund is written `pending` (audited, under the order's lock, checked by the order-process
 *    table) with a new id that is its reference; the request's Idempotency-Key finds that row again;
 * 2. the payments service is asked, with that reference as the gateway's idempotency key;
 * 3. its answer is written (completed: a history entry; every outcome: an audit row).
 * A retry of the same request (same key, same caller) skips 1 and asks again with the same
 * reference: a lost answer, a timeout or a payments outage settles on the next try.
 */
@Injectable()
export class OrderRefunds {
  private readonly logger = new Logger('order-refunds');

  constructor(
    private readonly db: DataSource,
    private readonly payments: PaymentsClient,
  ) {}

  async refund(caller: AdminCaller, order: string, input: AdminRefundRequest, idempotencyKey: string | undefined): Promise<{ refund: Refund; order: AdminOrderDetail }> {
    const amountCents = dollarsToCents(input.amount);
    const orderId = await findOrderId(this.db, order);
    const requestKey = idempotencyKey ? requestKeyOf(caller, idempotencyKey) : null;
    let row = requestKey ? await this.byRequestKey(requestKey) : undefined;
    if (row && (row.attempt_id !== input.attemptId || row.amount_cents !== amountCents || row.order_id !== orderId)) {
      throw new BackofficeRefusal('This Idempotency-Key was already used for another refund. Open the refund form again for a new one.');
    }
    if (!row) {
      // the payment must be this order's: its attempts as the payments service knows them
      const attempts = await this.payments.orderPayments(orderId);
      const attempt = attempts.payments.find((payment) => payment.id === input.attemptId);
      if (!attempt) throw new BackofficeRefusal('That payment is not one of this order\'s.');
      if (amountCents > attempt.refundableCents) {
        throw new BackofficeRefusal(`At most ${formatCents(attempt.refundableCents)} of that payment can be refunded.`);
      }
      row = await this.requestRefund(caller, orderId, input, amountCents, requestKey);
    }
    if (row.status === 'pending') row = await this.askPayments(caller, row);
    return { refund: refundOf(row), order: await orderDetail(this.db, orderId, await this.attemptsOrNull(orderId)) };
  }

  /** Step 1: the refund row, audited, under the order's lock and the order-process table's check. */
  private requestRefund(caller: AdminCaller, orderId: string, input: AdminRefundRequest, amountCents: number, requestKey: string | null): Promise<RefundRow> {
    return audited(
      this.db,
      auditorOf(caller),
      'order.refund-requested',
      orderId,
      async (manager, changes) => {
        const { detail } = await assertStaffAction(manager, orderId, 'refund');
        const [row] = (await manager.query(
          `INSERT INTO order_refund (id, order_id, attempt_id, amount_cents, status, reason, requested_by, request_key)
           VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7) RETURNING *`,
          [randomUUID(), orderId, input.attemptId, amountCents, input.reason ?? null, caller.name.slice(0, 200), requestKey],
        )) as RefundRow[];
        changes.after = { reference: row!.id, attemptId: input.attemptId, amountCents, reason: input.reason ?? null, order: detail.order.number };
        return row!;
      },
      { isRefusal: (error) => error instanceof BackofficeRefusal, targetOf: () => orderId },
    );
  }

  /** Steps 2 and 3: ask the payments service under the refund's reference, and write what it answered. */
  private async askPayments(caller: AdminCaller, row: RefundRow): Promise<RefundRow> {
    let answer: RefundResponse;
    try {
      answer = await this.payments.refund({ attemptId: row.attempt_id, amountCents: row.amount_cents, reference: row.id, requestedBy: row.requested_by });
    } catch (error) {
      if (error instanceof PaymentsRefusal) {
        // refused outright (over what is left, not completed): nothing was refunded
        const failed = await this.settle(row, { status: 'failed', providerRefundId: null, message: error.message });
        await recordAudit(this.db, { ...auditorOf(caller), action: 'order.refund', target: row.order_id, outcome: 'refused', detail: error.message, after: { reference: row.id, status: 'failed' } });
        return failed;
      }
      // unavailable: the refund stays pending, and the same request again asks again with its reference
      throw error;
    }
    const settled = await this.settle(row, { status: answer.refund.status, providerRefundId: answer.refund.providerRefundId, message: answer.refund.message });
    await recordAudit(this.db, {
      ...auditorOf(caller),
      action: 'order.refund',
      target: row.order_id,
      outcome: settled.status === 'failed' ? 'refused' : 'succeeded',
      detail: settled.status === 'failed' ? settled.message : null,
      after: { reference: row.id, status: settled.status, amountCents: row.amount_cents, providerRefundId: settled.provider_refund_id },
    });
    return settled;
  }

  /** Writes the refund's outcome once: a completed refund adds its history entry (and the payment state when nothing is left). */
  private settle(row: RefundRow, outcome: { status: RefundRow['status']; providerRefundId: string | null; message: string | null }): Promise<RefundRow> {
    return this.db.transaction(async (manager) => {
      const [[updated]] = (await manager.query(
        `UPDATE order_refund SET status = $2, provider_refund_id = $3, message = $4, updated_at = now()
          WHERE id = $1 AND status = 'pending' RETURNING *`,
        [row.id, outcome.status, outcome.providerRefundId, outcome.message],
      )) as [RefundRow[], number];
      if (!updated) return ((await manager.query(`SELECT * FROM order_refund WHERE id = $1`, [row.id])) as RefundRow[])[0]!;
      if (updated.status === 'completed') {
        const [order] = (await manager.query(`SELECT order_increment_id, status FROM orders WHERE id = $1 FOR UPDATE`, [row.order_id])) as { order_increment_id: string; status: string }[];
        await manager.query(`INSERT INTO order_status_history (order_id, status, comment, is_customer_notified, author) VALUES ($1, $2, $3, false, $4)`, [
          row.order_id,
          order!.status,
          `Refunded ${formatCents(row.amount_cents)} of order ${order!.order_increment_id}${updated.provider_refund_id ? ` (refund ${updated.provider_refund_id})` : ''}${row.reason ? `: ${row.reason}` : ''}`,
          row.requested_by,
        ]);
        const [totals] = (await manager.query(
          `SELECT (SELECT COALESCE(sum(amount_paid_cents), 0) FROM order_payments WHERE order_id = $1 AND status = 'completed')::bigint AS paid,
                  (SELECT COALESCE(sum(amount_cents), 0) FROM order_refund WHERE order_id = $1 AND status = 'completed')::bigint AS refunded`,
          [row.order_id],
        )) as { paid: string; refunded: string }[];
        if (Number(totals!.refunded) >= Number(totals!.paid)) await manager.query(`UPDATE orders SET payment_status = 'refunded', updated_at = now() WHERE id = $1`, [row.order_id]);
      }
      this.logger.log(`Refund ${updated.id} of order ${row.order_id}: ${updated.status}`, { event: 'order.refund', refundId: updated.id, status: updated.status });
      return updated;
    });
  }

  private async byRequestKey(requestKey: string): Promise<RefundRow | undefined> {
    const [row] = (await this.db.query(`SELECT * FROM order_refund WHERE request_key = $1`, [requestKey])) as RefundRow[];
    return row;
  }

  /** The order's payment attempts, or null when the payments service does not answer (the order is still shown). */
  async attemptsOrNull(orderId: string): Promise<OrderPaymentsResponse['payments'] | null> {
    try {
      return (await this.payments.orderPayments(orderId)).payments;
    } catch (error) {
      if (error instanceof PaymentsUnavailable || error instanceof PaymentsRefusal) return null;
      throw error;
    }
  }
}
