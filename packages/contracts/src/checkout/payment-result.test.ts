import { maskCardNumbers } from './schemas.js';
import { checkRouteInput } from '../http/route-input.js';
import { orderRoutes } from '../orders/routes.js';

const report = {
  attemptId: 'att_123',
  gateway: 'sandbox',
  method: 'credit-card',
  methodLabel: 'Credit Card',
  status: 'completed',
  amount: 1083,
  transactionId: 'tx-1',
  additionalData: { cardType: 'visa', last4: '4242' },
};

function check(value: unknown) {
  return checkRouteInput(orderRoutes.paymentResult.body, value, { part: 'body', invalidMessage: orderRoutes.paymentResult.invalidMessage });
}
function errorsOf(value: unknown) {
  const result = check(value);
  if (result.ok) throw new Error('expected a refusal');
  return result.problem.errors;
}

describe('POST /internal/orders/:id/payment-result body', () => {
  it('keeps a valid report', () => {
    expect(check(report)).toEqual({ ok: true, value: report });
  });

  it('names each bad field', () => {
    expect(errorsOf({ ...report, status: 'paid', amount: '10', attemptId: 'a b' })).toEqual({
      status: 'status must be one of completed, pending, failed, on_hold, success',
      amount: 'amount must be a whole number of cents, 0 or more',
      attemptId: 'attemptId may hold letters, digits, ".", "_", ":" and "-"',
    });
    expect(errorsOf({ ...report, transactionId: null })).toEqual({ transactionId: 'A completed payment needs its transactionId' });
    expect(errorsOf({ ...report, additionalData: [] })).toEqual({ additionalData: 'additionalData must be an object' });
  });

  it('never keeps a full card number', () => {
    const result = check({ ...report, additionalData: { raw: { pan: '4111-1111-1111-1111' }, list: ['5555555555554444'] } });
    expect(result).toMatchObject({ ok: true, value: { additionalData: { raw: { pan: 'XXXX1111' }, list: ['XXXX4444'] } } });
  });

  it('leaves short numbers alone', () => {
    expect(maskCardNumbers({ last4: '4242', amount: 1200, code: '123456' })).toEqual({ last4: '4242', amount: 1200, code: '123456' });
  });
});
