import { Controller } from '@nestjs/common';
import { adminRoutes, type ResponseOf } from '@storefront/contracts';
import { Route } from '@storefront/service-kit';
import { DataSource } from 'typeorm';

/**
 * GET /api/admin/dashboard: what staff look at first. One round trip of small aggregate queries, each
 * on an index (orders by day, payment state; the outbox's due index; quotes by status).
 */
@Controller()
export class DashboardController {
  constructor(private readonly db: DataSource) {}

  @Route(adminRoutes.dashboard)
  async dashboard(): Promise<ResponseOf<typeof adminRoutes.dashboard>> {
    const [row] = (await this.db.query(`
      SELECT current_date::text AS today,
        (SELECT count(*)::int FROM orders WHERE created_at >= current_date AND status <> 'pending') AS orders_today,
        (SELECT COALESCE(sum(p.amount_paid_cents), 0)::bigint FROM order_payments p
          WHERE p.status = 'completed' AND p.created_at >= current_date) AS takings_today,
        (SELECT count(*)::int FROM orders WHERE status = 'pending_payment' AND payment_status = 'pending') AS payments_pending,
        (SELECT count(*)::int FROM orders WHERE status IN ('pending_payment', 'partially_paid') AND payment_status = 'on_hold') AS payments_on_hold,
        (SELECT count(*)::int FROM quote WHERE status = 'ready_to_order') AS quotes_open,
        (SELECT count(*)::int FROM email_outbox WHERE status = 'failed') AS email_dead_letters,
        (SELECT row_to_json(e) FROM (SELECT created_at AS at, kind FROM email_outbox WHERE status IN ('queued', 'sending') ORDER BY created_at LIMIT 1) e) AS oldest_queued,
        now() AS now`)) as {
      today: string;
      orders_today: number;
      takings_today: string;
      payments_pending: number;
      payments_on_hold: number;
      quotes_open: number;
      email_dead_letters: number;
      oldest_queued: { at: string; kind: string } | null;
      now: Date;
    }[];
    const r = row!;
    const oldest = r.oldest_queued;
    return {
      today: { date: r.today, orders: r.orders_today, takingsCents: Number(r.takings_today) },
      payments: { pending: r.payments_pending, onHold: r.payments_on_hold },
      quotes: { open: r.quotes_open },
      oldestQueuedEmail: oldest
        ? { at: new Date(oldest.at).toISOString(), kind: oldest.kind, ageSeconds: Math.max(0, Math.round((new Date(r.now).getTime() - new Date(oldest.at).getTime()) / 1000)) }
        : null,
      deadLetters: { emails: r.email_dead_letters },
    };
  }
}
