import { BadRequestException } from '@nestjs/common';
import { maskCardNumbers, parsePaymentResultReport } from './payment-result-report.js';

const report = {
  attemptId: 'att_123',
  gateway: 'sandbox',
  method: 'credit-card',
  methodLabel: 'Credit Card',
  status: 'completed',
  amount: 10.834,
  transactionId: 'tx-1',
  additionalData: { cardType: 'visa', last4: '4242' },
};

function errorsOf(body: unknown): Record<string, string> | undefined {
  try {
    parsePaymentResultReport(body);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return ((error as BadRequestException).getResponse() as { errors?: Record<string, string> }).errors;
  }
  throw new Error('expected a BadRequestException');
}

describe('parsePaymentResultReport', () => {
  it('keeps a valid report, amount rounded to cents', () => {
    expect(parsePaymentResultReport(report)).toEqual({ ...report, amount: 10.83, status: 'completed' });
  });

  it('names each bad field', () => {
    expect(errorsOf({ ...report, status: 'paid', amount: '10', attemptId: 'a b' })).toEqual({
      status: 'status must be one of completed, pending, failed, on_hold, success',
      amount: 'amount must be a number of dollars, 0 or more',
      attemptId: 'attemptId may hold letters, digits, ".", "_", ":" and "-"',
    });
    expect(errorsOf({ ...report, transactionId: null })).toEqual({ transactionId: 'A completed payment needs its transactionId' });
    expect(errorsOf({ ...report, additionalData: [] })).toEqual({ additionalData: 'additionalData must be an object' });
  });

  it('never keeps a full card number', () => {
    const parsed = parsePaymentResultReport({ ...report, additionalData: { raw: { pan: '4111-1111-1111-1111' }, list: ['5555555555554444'] } });
    expect(parsed.additionalData).toEqual({ raw: { pan: 'XXXX1111' }, list: ['XXXX4444'] });
  });
});

describe('maskCardNumbers', () => {
  it('leaves short numbers alone', () => {
    expect(maskCardNumbers({ last4: '4242', amount: 12, code: '123456' })).toEqual({ last4: '4242', amount: 12, code: '123456' });
  });
});
