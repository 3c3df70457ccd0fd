import type { AdminOrderDetail } from '@storefront/contracts';
import type { DataSource, EntityManager } from 'typeorm';

/** The order_refund rows as the back office shows them. */
export type Refund = AdminOrderDetail['refunds'][number];

export interface RefundRow {
  id: string;
  order_id: string;
  attempt_id: string;
  amount_cents: number;
  status: 'pending' | 'completed' | 'failed';
  provider_refund_id: string | null;
  message: string | null;
  reason: string | null;
  requested_by: string;
  created_at: Date;
}

export const refundOf = (row: RefundRow): Refund => ({
  id: row.id,
  attemptId: row.attempt_id,
  amountCents: row.amount_cents,
  status: row.status,
  providerRefundId: row.provider_refund_id,
  message: row.message,
  reason: row.reason,
  requestedBy: row.requested_by,
  at: new Date(row.created_at).toISOString(),
});

/** The refunds of an order, oldest first. */
export async function orderRefunds(db: Pick<EntityManager, 'query'> | DataSource, orderId: string): Promise<Refund[]> {
  return ((await db.query(`SELECT * FROM order_refund WHERE order_id = $1 ORDER BY created_at, id`, [orderId])) as RefundRow[]).map(refundOf);
}

