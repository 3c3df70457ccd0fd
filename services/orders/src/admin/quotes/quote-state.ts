import type { AdminQuoteDetail, Quote, QuoteState } from '@storefront/contracts';
import type { DataSource, EntityManager } from 'typeorm';

type Queryable = Pick<EntityManager, 'query'> | DataSource;

interface LinkRow {
  created_at: Date;
  expires_at: Date;
  revoked_at: Date | null;
  viewed_at: Date | null;
  live: boolean;
}

interface OrderRow {
  order_increment_id: string;
  status: string;
  total_cents: string;
  paid_cents: string;
}

/**
 * Where a quote stands, from its links and its order: an order paid in full is `ordered`, one with a
 * payment `paid_in_part`; otherwise a live link opened is `viewed`, a live link `sent`, links that all
 * ended `expired`, none at all `draft`.
 */
export function quoteStateOf(links: readonly Pick<LinkRow, 'live' | 'viewed_at'>[], order: { status: string; paidCents: number } | null): QuoteState {
  if (order?.status === 'ordered') return 'ordered';
  if (order && order.paidCents > 0) return 'paid_in_part';
  const live = links.filter((link) => link.live);
  if (live.some((link) => link.viewed_at !== null)) return 'viewed';
  if (live.length > 0) return 'sent';
  return links.length > 0 ? 'expired' : 'draft';
}

/** The back office's view of a quote: the quote itself (as QuotesService views it) with its state, links and order. */
export async function quoteDetail(db: Queryable, quote: Quote): Promise<AdminQuoteDetail> {
  const links = (await db.query(
    `SELECT created_at, expires_at, revoked_at, viewed_at, (revoked_at IS NULL AND expires_at > now()) AS live
       FROM quote_payment_link WHERE quote_id = $1 ORDER BY created_at DESC`,
    [quote.id],
  )) as LinkRow[];
  const [order] = quote.orderId
    ? ((await db.query(
        `SELECT o.order_increment_id, o.status, o.total_cents,
                (SELECT COALESCE(sum(p.amount_paid_cents), 0) FROM order_payments p WHERE p.order_id = o.id AND p.status = 'completed') AS paid_cents
           FROM orders o WHERE o.id = $1`,
        [quote.orderId],
      )) as OrderRow[])
    : [];
  const orderView = order
    ? { number: order.order_increment_id, status: order.status, paidCents: Number(order.paid_cents), dueCents: Math.max(0, Number(order.total_cents) - Number(order.paid_cents)) }
    : null;
  const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);
  return {
    quote,
    state: quoteStateOf(links, orderView),
    links: links.map((link) => ({ createdAt: iso(link.created_at)!, expiresAt: iso(link.expires_at)!, revokedAt: iso(link.revoked_at), viewedAt: iso(link.viewed_at), live: link.live })),
    order: orderView,
    editable: quote.orderId === null,
  };
}
