import { centsToDecimal, decimalToCents, dollarsToCents, formatCents, formatPriceRange, formatUsd, percentOfCents, roundToCents, sumDollars } from './money.js';

describe('money', () => {
  it('rounds half away from zero to cents, including binary artefacts', () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(2.344)).toBe(2.34);
    expect(roundToCents(-1.005)).toBe(-1.01);
  });

  it('refuses amounts that are not finite', () => {
    expect(() => roundToCents(Number.NaN)).toThrow('Not a finite amount');
  });

  it('turns dollars written in content into cents once', () => {
    expect(dollarsToCents(19.99)).toBe(1999);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents(1.005)).toBe(101);
    expect(dollarsToCents(0)).toBe(0);
  });

  it('takes a percentage of cents, rounding half away from zero', () => {
    expect(percentOfCents(995, 8.875)).toBe(88); // 88.30625
    expect(percentOfCents(250, 5)).toBe(13); // 12.5
    expect(percentOfCents(0, 8.875)).toBe(0);
    expect(() => percentOfCents(1.5, 5)).toThrow('Not an amount');
  });

  it('writes and reads the decimal text providers take', () => {
    expect(centsToDecimal(1999)).toBe('19.99');
    expect(centsToDecimal(5)).toBe('0.05');
    expect(centsToDecimal(120000)).toBe('1200.00');
    expect(decimalToCents('19.99')).toBe(1999);
    expect(decimalToCents('1200')).toBe(120000);
    expect(decimalToCents('0.5')).toBe(50);
    expect(decimalToCents('1.999')).toBeUndefined();
    expect(decimalToCents('abc')).toBeUndefined();
  });

  it('formats cents and content dollars with 2 decimals and thousands separators', () => {
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('formats an estimate range as "$min - $max" and sums estimate dollars without drift', () => {
    expect(formatPriceRange(12000, 34500.4)).toBe('$12,000 - $34,500');
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars(Array(1000).fill(0.01))).toBe(10);
  });
});
