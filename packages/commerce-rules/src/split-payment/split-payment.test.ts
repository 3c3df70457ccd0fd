import { instalmentProblem, quoteSplitAmountProblem, readTypedAmount, remainingAfter, splitPaymentDue } from './split-payment.js';

const amount = (value: unknown) => readTypedAmount(value);

describe('readTypedAmount', () => {
  it.each([
    ['', { kind: 'empty' }],
    [undefined, { kind: 'empty' }],
    ['abc', { kind: 'invalid' }],
    ['12.345', { kind: 'invalid' }],
    [Number.NaN, { kind: 'invalid' }],
    ['1234.5', { kind: 'amount', cents: 123450 }],
    ['$1,234.50', { kind: 'amount', cents: 123450 }],
    ['.5', { kind: 'amount', cents: 50 }],
    [250, { kind: 'amount', cents: 25000 }],
  ])('%p reads as %p', (typed, expected) => {
    expect(readTypedAmount(typed)).toEqual(expected);
  });
});

describe('quoteSplitAmountProblem (spec §5, quote payment)', () => {
  const quote = { totalCents: 500_000, minimumCents: 100_000 };
  it.each([
    ['', 'Split amount is required'],
    ['ten', 'Must be a valid number'],
    ['999.99', 'Minimum amount is $1,000.00'],
    ['1000', null],
    ['5000', null],
    ['5000.01', 'Amount cannot exceed total'],
  ])('%p -> %p', (typed, message) => {
    expect(quoteSplitAmountProblem(amount(typed), quote)).toBe(message);
  });
});

describe('instalmentProblem (spec §5, split-payment page)', () => {
  const order = { dueCents: 300_000, minimumCents: 50_000 };
  it.each([
    ['', 'Payment amount is required'],
    ['x', 'Must be a valid number'],
    ['0', 'Payment amount must be greater than 0'],
    ['-5', 'Payment amount must be greater than 0'],
    ['3000.01', 'Payment amount cannot exceed due amount of $3,000.00'],
    ['499.99', 'Minimum payment amount is $500.00'],
    ['500', null],
    ['3000', null],
  ])('due $3,000, minimum $500: %p -> %p', (typed, message) => {
    expect(instalmentProblem(amount(typed), order)).toBe(message);
  });

  it('asks for the whole balance when it is at or below the minimum', () => {
    const small = { dueCents: 50_000, minimumCents: 50_000 };
    expect(instalmentProblem(amount('499'), small)).toBe('Must pay full due amount of $500.00');
    expect(instalmentProblem(amount('500'), small)).toBeNull();
    expect(instalmentProblem(amount('10'), { dueCents: 20_000, minimumCents: 50_000 })).toBe('Must pay full due amount of $200.00');
  });
});

describe('balances', () => {
  it('counts completed payments only and never goes below zero', () => {
    const payments = [
      { status: 'completed', amountPaid: 100_000 },
      { status: 'failed', amountPaid: 0 },
      { status: 'pending', amountPaid: 50_000 },
    ];
    expect(splitPaymentDue(300_000, payments)).toBe(200_000);
    expect(remainingAfter(200_000, 50_000)).toBe(150_000);
    expect(remainingAfter(200_000, 250_000)).toBe(0);
  });
});
