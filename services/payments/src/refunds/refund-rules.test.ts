import { PAYMENT_RECORD_STATUSES, REFUND_MESSAGES, orderPaymentsResponseSchema, overRefundableMessage, refundRecordSchema } from '@storefront/contracts';
import { FINAL_ATTEMPT_STATUSES, OPEN_ATTEMPT_STATUSES, type PaymentAttempt } from '../payment-attempts/payment-attempt.entity.js';
import type { PaymentRefund } from './payment-refund.entity.js';
import { cardOfAttempt, ledgerChange, paymentRecord, refundRecord, refundTotals, sameRefundRequest } from './refund-rules.js';

const at = (iso: string) => new Date(iso);

function refundRow(overrides: Partial<PaymentRefund> = {}): PaymentRefund {
  return {
    id: '0d4b6f0a-8f5e-4c1b-9a7d-2e3f4a5b6c7d',
    reference: 'b1f7c3a2-6d4e-4f8a-9b0c-1d2e3f4a5b6c',
    attemptId: '6a2e9c1d-3b4f-4a5e-8d7c-9b0a1f2e3d4c',
    amountCents: 500,
    status: 'completed',
    providerRefundId: 're_1',
    message: null,
    requestedBy: 'Dana (support)',
    createdAt: at('2026-11-25T15:00:00.000Z'),
    updatedAt: at('2026-11-25T15:00:01.000Z'),
    ...overrides,
  };
}

function attemptRow(overrides: Partial<PaymentAttempt> = {}): PaymentAttempt {
  return {
    id: '6a2e9c1d-3b4f-4a5e-8d7c-9b0a1f2e3d4c',
    orderId: '3a195f0f-9ca2-4d80-b183-4cc6dde19164',
    method: 'credit-card',
    gateway: 'stripe',
    amountCents: 2171,
    status: 'completed',
    idempotencyKey: 'key-1',
    transactionId: 'pi_sandbox_1',
    createdAt: at('2026-11-25T14:00:00.000Z'),
    updatedAt: at('2026-11-25T14:00:02.000Z'),
    raw: { id: 'pi_sandbox_1', card: { brand: 'visa', last4: '4242' } },
    instalmentCents: null,
    scope: 'sample-order',
    paymentMethodId: null,
    message: null,
    response: null,
    report: null,
    reportedAt: null,
    ...overrides,
  };
}

describe('refundTotals', () => {
  it('counts completed refunds as refunded and pending ones against what is left; failed ones count for nothing', () => {
    const refunds = [refundRow({ amountCents: 500 }), refundRow({ amountCents: 300, status: 'pending' }), refundRow({ amountCents: 1000, status: 'failed' })];
    expect(refundTotals(attemptRow(), refunds)).toEqual({ amountCents: 2171, refundedCents: 500, pendingRefundCents: 300, refundableCents: 1371 });
  });

  it('has nothing to refund of an attempt that did not complete, and never less than nothing', () => {
    for (const status of [...OPEN_ATTEMPT_STATUSES, 'failed', 'canceled', 'needs_review'] as const) {
      expect(refundTotals(attemptRow({ status }), []).refundableCents).toBe(0);
    }
    expect(refundTotals(attemptRow({ amountCents: 100 }), [refundRow({ amountCents: 500 })]).refundableCents).toBe(0);
  });
});

describe('sameRefundRequest', () => {
  const request = { attemptId: '6a2e9c1d-3b4f-4a5e-8d7c-9b0a1f2e3d4c', amountCents: 500, reference: 'b1f7c3a2-6d4e-4f8a-9b0c-1d2e3f4a5b6c', requestedBy: 'Dana (support)' };

  it('is the same request when the attempt, the amount and the requester are', () => {
    expect(sameRefundRequest(refundRow(), request)).toBe(true);
    expect(sameRefundRequest(refundRow(), { ...request, attemptId: request.attemptId.toUpperCase() })).toBe(true);
  });

  it.each([
    ['another attempt', { attemptId: '00000000-0000-4000-8000-000000000000' }],
    ['another amount', { amountCents: 501 }],
    ['another requester', { requestedBy: 'Sam' }],
  ])('is another request with %s (a reference names one refund)', (_what, change) => {
    expect(sameRefundRequest(refundRow(), { ...request, ...change })).toBe(false);
  });
});

describe('ledgerChange', () => {
  it('records what the provider answered, its refusal as failed, and leaves an unknown outcome pending with why', () => {
    expect(ledgerChange({ kind: 'answered', refund: { id: 're_9', status: 'completed', amount: 500, message: null } })).toEqual({ status: 'completed', providerRefundId: 're_9', message: null });
    expect(ledgerChange({ kind: 'answered', refund: { id: 're_9', status: 'pending', amount: 500, message: 'processing' } })).toEqual({ status: 'pending', providerRefundId: 're_9', message: 'processing' });
    expect(ledgerChange({ kind: 'declined', message: 'Refund amount ($21.72) is greater than unrefunded amount on charge ($21.71)' })).toEqual({
      status: 'failed',
      providerRefundId: null,
      message: 'Refund amount ($21.72) is greater than unrefunded amount on charge ($21.71)',
    });
    expect(ledgerChange({ kind: 'unanswered' })).toEqual({ status: 'pending', providerRefundId: null, message: REFUND_MESSAGES.unknownOutcome });
  });
});

describe('cardOfAttempt', () => {
  it("reads the card from the gateway's stored answer, or none", () => {
    expect(cardOfAttempt({ card: { brand: 'amex', last4: '0005' } })).toEqual({ brand: 'amex', last4: '0005' });
    for (const raw of [null, undefined, 'x', {}, { card: null }, { card: { brand: 'visa' } }, { card: { brand: 'visa', last4: '4242424242424242' } }]) expect(cardOfAttempt(raw)).toBeNull();
  });
});

describe('the answers', () => {
  it('a refund row and an attempt with its refunds hold to their route schemas (strictly: nothing cast)', () => {
    expect(refundRecordSchema.validateSync(refundRecord(refundRow()), { strict: true })).toBeTruthy();
    const later = refundRow({ id: 'later', createdAt: at('2026-11-25T16:00:00.000Z'), status: 'pending', amountCents: 100, providerRefundId: null });
    const record = paymentRecord(attemptRow(), [later, refundRow()]);
    expect(record).toMatchObject({ providerPaymentId: 'pi_sandbox_1', card: { brand: 'visa', last4: '4242' }, refundedCents: 500, pendingRefundCents: 100, refundableCents: 1571 });
    // oldest refund first
    expect(record.refunds.map((refund) => refund.id)).toEqual(['0d4b6f0a-8f5e-4c1b-9a7d-2e3f4a5b6c7d', 'later']);
    expect(() => orderPaymentsResponseSchema.validateSync({ orderId: 'o-1', payments: [record, paymentRecord(attemptRow({ raw: null, transactionId: null, status: 'unknown' }), [])] }, { strict: true })).not.toThrow();
  });

  it("lists an attempt in the attempt's own words: the contract's statuses are the ledger's", () => {
    expect([...PAYMENT_RECORD_STATUSES].sort()).toEqual([...OPEN_ATTEMPT_STATUSES, ...FINAL_ATTEMPT_STATUSES].sort());
  });

  it('names the refundable amount when a refund asks for more', () => {
    expect(overRefundableMessage(1371)).toBe('The refund is more than is left to refund: at most 1371 cents ($13.71) of this payment can be refunded.');
  });
});
