import { REFUND_MESSAGES, type OrderPaymentRecord, type RefundRecord, type RefundRequest, type RefundStatus } from '@storefront/contracts';
import type { GatewayRefund } from '../gateways/payment-gateway.js';
import type { PaymentAttempt } from '../payment-attempts/payment-attempt.entity.js';
import type { PaymentRefund } from './payment-refund.entity.js';

/* The refunds ledger's rules, without a database or a gateway (refunds.service.ts applies them). */

/** What is left of an attempt to refund. */
export interface RefundTotals {
  amountCents: number;
  refundedCents: number;
  pendingRefundCents: number;
  refundableCents: number;
}

/**
 * An attempt's refund totals from its refunds: completed ones are refunded; pending ones (asked of the
 * provider, the answer not known yet) may have been, so they count against what is refundable too,
 * and two refunds can never add up to more than the payment took. Failed ones count for nothing.
 * Only a completed attempt has anything to refund.
 */
export function refundTotals(attempt: Pick<PaymentAttempt, 'status' | 'amountCents'>, refunds: readonly Pick<PaymentRefund, 'status' | 'amountCents'>[]): RefundTotals {
  const sum = (status: RefundStatus) => refunds.filter((refund) => refund.status === status).reduce((total, refund) => total + refund.amountCents, 0);
  const refundedCents = sum('completed');
  const pendingRefundCents = sum('pending');
  const refundableCents = attempt.status === 'completed' ? Math.max(0, attempt.amountCents - refundedCents - pendingRefundCents) : 0;
  return { amountCents: attempt.amountCents, refundedCents, pendingRefundCents, refundableCents };
}

/** Whether a request sent again under a refund's reference is the same request (else 409: a reference names one refund). */
export function sameRefundRequest(refund: Pick<PaymentRefund, 'attemptId' | 'amountCents' | 'requestedBy'>, request: RefundRequest): boolean {
  return refund.attemptId.toLowerCase() === request.attemptId.toLowerCase() && refund.amountCents === request.amountCents && refund.requestedBy === request.requestedBy;
}

/** What a provider call for a refund came to. */
export type RefundOutcome =
  | { kind: 'answered'; refund: GatewayRefund }
  /** the provider refused (GatewayDeclined), or does not know the payment */
  | { kind: 'declined'; message: string }
  /** the provider's breaker refused the call before anything was sent */
  | { kind: 'unsent' }
  /** no answer in time, a 5xx, a connection error: the refund may or may not have been made */
  | { kind: 'unanswered' };

/** What the ledger records for an outcome (an unsent call changes nothing). */
export function ledgerChange(outcome: Exclude<RefundOutcome, { kind: 'unsent' }>): { status: RefundStatus; providerRefundId: string | null; message: string | null } {
  switch (outcome.kind) {
    case 'answered':
      return { status: outcome.refund.status, providerRefundId: outcome.refund.id || null, message: outcome.refund.message };
    case 'declined':
      return { status: 'failed', providerRefundId: null, message: outcome.message };
    case 'unanswered':
      // stays pending: the same reference sent again asks the provider again, which cannot refund twice
      return { status: 'pending', providerRefundId: null, message: REFUND_MESSAGES.unknownOutcome };
  }
}

/** A refund row as the routes answer it. */
export function refundRecord(refund: PaymentRefund): RefundRecord {
  return {
    id: refund.id,
    reference: refund.reference,
    attemptId: refund.attemptId,
    amountCents: refund.amountCents,
    status: refund.status,
    providerRefundId: refund.providerRefundId,
    message: refund.message,
    requestedBy: refund.requestedBy,
    createdAt: refund.createdAt.toISOString(),
    updatedAt: refund.updatedAt.toISOString(),
  };
}

/** The card an attempt was paid with, from the gateway's answer stored on it (`raw`), when it had one. */
export function cardOfAttempt(raw: unknown): { brand: string; last4: string } | null {
  const card = raw && typeof raw === 'object' ? (raw as { card?: unknown }).card : null;
  if (!card || typeof card !== 'object') return null;
  const { brand, last4 } = card as { brand?: unknown; last4?: unknown };
  return typeof brand === 'string' && typeof last4 === 'string' && /^\d{4}$/.test(last4) ? { brand, last4 } : null;
}

/** One attempt of an order with its refunds (oldest first), as GET /internal/payments/orders/:orderId/payments lists it. */
export function paymentRecord(attempt: PaymentAttempt, refunds: readonly PaymentRefund[]): OrderPaymentRecord {
  return {
    id: attempt.id,
    gateway: attempt.gateway,
    method: attempt.method,
    providerPaymentId: attempt.transactionId,
    status: attempt.status,
    card: cardOfAttempt(attempt.raw),
    message: attempt.message,
    createdAt: attempt.createdAt.toISOString(),
    updatedAt: attempt.updatedAt.toISOString(),
    ...refundTotals(attempt, refunds),
    refunds: [...refunds].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map(refundRecord),
  };
}
