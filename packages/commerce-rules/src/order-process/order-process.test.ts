import { acceptsChanges, amountDue, applyPaymentOutcome, isPaid, PAYMENT_OUTCOME_TABLE, type OrderPaymentFacts, type PaymentOutcomeRow } from './order-process.js';

const waiting: OrderPaymentFacts = { status: 'pending', orderIncrementId: 'SF-100001', amountDueCents: 1083 };
const paid: OrderPaymentFacts = { status: 'ordered', orderIncrementId: 'SF-100001', amountDueCents: 0 };

describe('the payment outcome table: one test per row', () => {
  it('names every row once', () => {
    const rows: PaymentOutcomeRow[] = ['paid again', 'late outcome on a paid order', 'instalment', 'last instalment', 'paid in part', 'paid in full', 'failed', 'waiting'];
    expect(PAYMENT_OUTCOME_TABLE.map((row) => row.row)).toEqual(rows);
  });

  it('paid in full: the order is ordered and processing, the entry recorded, the confirmation queued', () => {
    expect(applyPaymentOutcome(waiting, { status: 'completed', amountCents: 1083, transactionId: 'pi_1' })).toEqual({
      row: 'paid in full',
      order: { status: 'ordered', paymentStatus: 'completed', state: 'processing' },
      entry: 'record',
      history: [{ status: 'ordered', comment: 'Order SF-100001 has been paid with transaction id pi_1', isCustomerNotified: false }],
      queueConfirmation: true,
    });
    // the spec's `success` reads as completed
    expect(applyPaymentOutcome(waiting, { status: 'success', amountCents: 1083, transactionId: 'pi_1' }).row).toBe('paid in full');
  });

  it('paid in part: a completed payment below what is due leaves the order partly paid, naming what is still due', () => {
    expect(applyPaymentOutcome(waiting, { status: 'completed', amountCents: 1000, transactionId: 'pi_2' })).toEqual({
      row: 'paid in part',
      order: { status: 'partially_paid', paymentStatus: 'completed' },
      entry: 'record',
      history: [{ status: 'partially_paid', comment: 'Order SF-100001 received a payment with transaction id pi_2; $0.83 is still due', isCustomerNotified: false }],
      queueConfirmation: false,
    });
  });

  it('instalment: the first part payment of a split-payment order places it (confirmation), a later one gets the split confirmation', () => {
    const split: OrderPaymentFacts = { status: 'pending', orderIncrementId: 'SF-100002', amountDueCents: 500_000, splitPaymentEnabled: true, paidCents: 0 };
    expect(applyPaymentOutcome(split, { status: 'completed', amountCents: 100_000, transactionId: 'pi_3' })).toEqual({
      row: 'instalment',
      order: { status: 'partially_paid', paymentStatus: 'completed', state: 'processing' },
      entry: 'record',
      history: [
        { status: 'partially_paid', comment: 'Order SF-100002 received a split payment of $1,000.00 with transaction id pi_3; $4,000.00 remains', isCustomerNotified: false },
      ],
      queueConfirmation: true,
      queueSplitConfirmation: false,
    });
    const second = { ...split, status: 'partially_paid', amountDueCents: 400_000, paidCents: 100_000 };
    const effect = applyPaymentOutcome(second, { status: 'completed', amountCents: 100_000, transactionId: 'pi_4' });
    expect([effect.row, effect.queueConfirmation, effect.queueSplitConfirmation]).toEqual(['instalment', false, true]);
  });

  it('last instalment: the balance paid makes the order ordered and sends the split confirmation, not a second order confirmation', () => {
    const rest: OrderPaymentFacts = { status: 'partially_paid', orderIncrementId: 'SF-100002', amountDueCents: 400_000, splitPaymentEnabled: true, paidCents: 100_000 };
    expect(applyPaymentOutcome(rest, { status: 'completed', amountCents: 400_000, transactionId: 'pi_5' })).toEqual({
      row: 'last instalment',
      order: { status: 'ordered', paymentStatus: 'completed', state: 'processing' },
      entry: 'record',
      history: [{ status: 'ordered', comment: 'Order SF-100002 has been paid with transaction id pi_5', isCustomerNotified: false }],
      queueConfirmation: false,
      queueSplitConfirmation: true,
    });
    // a declined instalment leaves a partly paid order partly paid, never back to waiting for its first payment
    expect(applyPaymentOutcome(rest, { status: 'failed', amountCents: 400_000, transactionId: null }).order?.status).toBe('partially_paid');
    expect(acceptsChanges('partially_paid', 'completed')).toBe('paid');
  });

  it('failed: the order waits for payment with the spec note and the payment message (or "Payment failed")', () => {
    expect(applyPaymentOutcome(waiting, { status: 'failed', amountCents: 1083, transactionId: null, message: 'Your card was declined.' })).toEqual({
      row: 'failed',
      order: { status: 'pending_payment', paymentStatus: 'failed' },
      entry: 'record',
      history: [{ status: 'pending_payment', comment: 'Payment failed for order SF-100001: Your card was declined.', isCustomerNotified: false }],
      queueConfirmation: false,
    });
    expect(applyPaymentOutcome(waiting, { status: 'failed', amountCents: 1083, transactionId: null }).history[0]?.comment).toBe('Payment failed for order SF-100001: Payment failed');
    // a refusal the provider recorded: the note names its transaction (review row 12.9)
    expect(applyPaymentOutcome(waiting, { status: 'failed', amountCents: 1083, transactionId: 'pi_3Ok9', message: 'Your card was declined.' }).history[0]?.comment).toBe(
      'Payment failed for order SF-100001 with transaction id pi_3Ok9: Your card was declined.',
    );
  });

  it.each(['pending', 'on_hold'] as const)('waiting (%s): the order waits for payment, noting the payment status', (status) => {
    expect(applyPaymentOutcome(waiting, { status, amountCents: 1083, transactionId: 'pi_3' })).toEqual({
      row: 'waiting',
      order: { status: 'pending_payment', paymentStatus: status },
      entry: 'record',
      history: [{ status: 'pending_payment', comment: `Payment for order SF-100001 is ${status}`, isCustomerNotified: false }],
      queueConfirmation: false,
    });
  });

  it('paid again: a second completed payment on a paid order is kept as its own entry (to refund); the order stays as it is', () => {
    expect(applyPaymentOutcome(paid, { status: 'completed', amountCents: 1083, transactionId: 'pi_4' })).toEqual({
      row: 'paid again',
      entry: 'record-separately',
      history: [
        {
          status: 'ordered',
          comment: 'Order SF-100001 was already paid; an additional payment with transaction id pi_4 was recorded and needs a refund',
          isCustomerNotified: false,
        },
      ],
      queueConfirmation: false,
    });
  });

  it.each(['failed', 'pending', 'on_hold'] as const)('late outcome on a paid order (%s): nothing changes', (status) => {
    expect(applyPaymentOutcome(paid, { status, amountCents: 1083, transactionId: 'pi_5' })).toEqual({
      row: 'late outcome on a paid order',
      entry: 'none',
      history: [],
      queueConfirmation: false,
    });
  });

  it('a partly paid order paid for the rest is ordered', () => {
    const partly: OrderPaymentFacts = { status: 'partially_paid', orderIncrementId: 'SF-100001', amountDueCents: 83 };
    expect(applyPaymentOutcome(partly, { status: 'completed', amountCents: 83, transactionId: 'pi_6' }).row).toBe('paid in full');
  });
});

describe('what the rest of the store asks', () => {
  it('knows a paid order, which takes no changes', () => {
    expect([isPaid('ordered'), isPaid('pending'), isPaid('pending_payment'), isPaid('partially_paid')]).toEqual([true, false, false, false]);
    // a new order's payment entry is 'pending' before anything was tried: it may change
    expect([acceptsChanges('pending', 'pending'), acceptsChanges('ordered', 'completed')]).toEqual(['yes', 'paid']);
    expect([acceptsChanges('pending_payment', 'pending'), acceptsChanges('pending_payment', 'on_hold'), acceptsChanges('pending_payment', 'failed')]).toEqual([
      'payment-in-progress',
      'payment-in-progress',
      'yes',
    ]);
  });

  it('counts only completed payments toward what is paid', () => {
    expect(amountDue(1083, [{ status: 'failed', amountPaid: 0 }, { status: 'completed', amountPaid: 1000 }, { status: 'pending', amountPaid: 83 }])).toBe(83);
    expect(amountDue(1083, [{ status: 'completed', amountPaid: 2000 }])).toBe(0);
  });
});
