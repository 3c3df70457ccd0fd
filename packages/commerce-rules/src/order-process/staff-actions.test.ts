import { staffOrderActions, type StaffOrderFacts } from './staff-actions.js';

const order = (facts: Partial<StaffOrderFacts> = {}): StaffOrderFacts => ({
  status: 'pending',
  paymentStatus: 'pending',
  orderIncrementId: 'SF-100013',
  totalCents: 50_000,
  paidCents: 0,
  refundedCents: 0,
  confirmed: false,
  ...facts,
});

const allowed = (facts: Partial<StaffOrderFacts>) =>
  Object.entries(staffOrderActions(order(facts)))
    .filter(([, state]) => state.allowed)
    .map(([action]) => action)
    .sort();

describe('what staff may do to an order (the order-process table)', () => {
  it('a new unpaid order: cancel, split payment, note; nothing to refund or resend', () => {
    expect(allowed({})).toEqual(['cancel', 'note', 'splitPayment']);
    expect(staffOrderActions(order()).refund.reason).toBe('Order SF-100013 has no payment to refund.');
  });

  it('a payment the provider is still deciding holds cancel back', () => {
    const actions = staffOrderActions(order({ status: 'pending_payment', paymentStatus: 'on_hold' }));
    expect(actions.cancel).toEqual({ allowed: false, reason: 'A payment of order SF-100013 is still being decided by the provider: wait for it, then cancel.' });
  });

  it('a paid order: refund and resend; never cancel or split', () => {
    expect(allowed({ status: 'ordered', paymentStatus: 'completed', paidCents: 50_000, confirmed: true })).toEqual(['note', 'refund', 'resendConfirmation']);
    expect(staffOrderActions(order({ status: 'ordered', paidCents: 50_000 })).cancel.reason).toBe('Order SF-100013 is paid: refund it instead of canceling it.');
  });

  it('a deposit taken: refund the deposit or take the rest; not cancel', () => {
    expect(allowed({ status: 'partially_paid', paymentStatus: 'completed', paidCents: 10_000, confirmed: true })).toEqual(['note', 'refund', 'resendConfirmation', 'splitPayment']);
  });

  it('refunded in full: nothing more to refund', () => {
    expect(staffOrderActions(order({ status: 'ordered', paidCents: 50_000, refundedCents: 50_000 })).refund.reason).toBe('Order SF-100013 is refunded in full ($500.00).');
  });

  it('a canceled order: only a note', () => {
    expect(allowed({ status: 'canceled' })).toEqual(['note']);
  });
});
