import type { EntityManager } from 'typeorm';

/**
 * Which orders and quotes join an account besides the ones it made itself (review row 3006): the
 * guest orders placed with its e-mail and the quotes staff made for it, once the address is VERIFIED.
 * Until then the account has only what carries its customer_id: anyone can register any address, and
 * a squatter must not read its owner's orders.
 *
 * They are CLAIMED (customer_id set), not matched by e-mail at each read: the order and quote views
 * authorize a signed-in customer by owner (customer_id), so a claimed record opens from My Orders /
 * My Quotes like one placed while signed in, and the business's record shows whose it became.
 * `customer_is_guest` is left as it was: it records how the order was placed.
 *
 * When: at verification (in the verifying transaction), and again whenever the verified owner lists
 * My Orders / My Quotes or opens one of the records signed in. Reading: a guest order placed with a
 * verified account's address after verification (signed out, or by a staff quote made later) is the
 * address owner's as well, but the checkout does not look up accounts to claim it when it is placed:
 * checkout stays independent of accounts, and the owner sees it the next time they look, which is
 * the only time it matters. Every claim is one UPDATE … WHERE customer_id IS NULL: idempotent, and of
 * two concurrent claims the second finds nothing left. The lookups use the lower(email) indexes
 * orders_email_idx and quote_email_idx (create-orders, create-quotes migrations); customer.email is
 * stored lowercased (customer_email_lowercase).
 */

/** The records claimed by one call. */
export interface ClaimedRecords {
  orders: number;
  quotes: number;
}

/** Who may claim a record: a verified account ($1) whose e-mail the unclaimed record carries. An order also notes when it changed. */
const CLAIMS = {
  orders: `UPDATE orders r SET customer_id = c.id::text, updated_at = now()`,
  quote: `UPDATE quote r SET customer_id = c.id::text`,
} as const;

/** The claiming UPDATE of `table`: every record the account may claim, or only the one whose id is $2. */
function claimSql(table: keyof typeof CLAIMS, only: 'every' | 'one'): string {
  return `${CLAIMS[table]}
       FROM customer c
      WHERE ${only === 'one' ? 'r.id = $2 AND ' : ''}c.id = $1::uuid AND c.email_verified_at IS NOT NULL AND r.customer_id IS NULL AND lower(r.email) = c.email
      RETURNING r.id`;
}

/** Claims every unclaimed order and quote with the account's e-mail, when the account is verified (else none). */
export async function claimRecordsOf(manager: EntityManager, customerId: string): Promise<ClaimedRecords> {
  const [, orders] = (await manager.query(claimSql('orders', 'every'), [customerId])) as [unknown, number];
  const [, quotes] = (await manager.query(claimSql('quote', 'every'), [customerId])) as [unknown, number];
  return { orders, quotes };
}

/** Claims one order for the signed-in customer when it is unclaimed, has their e-mail and the account is verified. */
export async function claimOrder(manager: EntityManager, orderId: string, customerId: string): Promise<boolean> {
  const [rows] = (await manager.query(claimSql('orders', 'one'), [customerId, orderId])) as [unknown[], number];
  return rows.length > 0;
}

/** Claims one quote, as claimOrder does an order. */
export async function claimQuote(manager: EntityManager, quoteId: string, customerId: string): Promise<boolean> {
  const [rows] = (await manager.query(claimSql('quote', 'one'), [customerId, quoteId])) as [unknown[], number];
  return rows.length > 0;
}
