import { NotFoundException } from '@nestjs/common';
import { ORDER_MESSAGES } from '@storefront/contracts';
import type { EntityManager } from 'typeorm';
import { openToEmailProof, sameEmail, type SplitPaymentFigures } from '../split-payment/split-payment-view.js';
import { matchesOrderToken } from './order-token.js';

function notFound(): never {
  throw new NotFoundException({ message: ORDER_MESSAGES.notFound, errorType: 'orderNotExist' });
}

/**
 * The order token's hash while it still proves the order, else null. A token made from a quote's
 * payment link (the order's quote_payment_link_hash) lives as long as that link: once the link expired
 * or was replaced (revoked), the token neither views nor pays the order.
 */
export async function currentOrderTokenHash(manager: EntityManager, orderId: string): Promise<string | null> {
  const [row] = (await manager.query(
    `SELECT o.order_token_hash,
            coalesce(o.quote_payment_link_hash IS NULL OR (l.revoked_at IS NULL AND l.expires_at > now()), false) AS current
       FROM orders o LEFT JOIN quote_payment_link l ON l.token_hash = o.quote_payment_link_hash
      WHERE o.id = $1`,
    [orderId],
  )) as { order_token_hash: string | null; current: boolean }[];
  return row?.current ? row.order_token_hash : null;
}

/**
 * What a shopper's proof allows a payment of (the orders service's payable): the order's token while
 * it is current (currentOrderTokenHash), or its e-mail for an order paid in instalments with a balance
 * left only. Anything else answers the same 404 as an order that does not exist. No proof at all is
 * the payments service asking for itself (reconciliation), which this does not judge.
 */
export async function assertPaymentProof(
  manager: EntityManager,
  order: Pick<SplitPaymentFigures, 'id' | 'splitPaymentEnabled' | 'total' | 'payments'> & { email: string },
  proof: { orderToken?: string | undefined; email?: string | undefined },
): Promise<void> {
  if (proof.orderToken !== undefined) {
    if (!matchesOrderToken(proof.orderToken, [await currentOrderTokenHash(manager, order.id)])) notFound();
  } else if (proof.email !== undefined) {
    // compared first either way, so a wrong e-mail and a closed order take the same path
    const emailMatches = sameEmail(proof.email, order.email);
    if (!emailMatches || !openToEmailProof(order)) notFound();
  }
}
