import { formatPriceRange, formatUsd, fromCents, roundToCents, sumCents, toCents } from './money.js';

describe('money', () => {
  it('rounds half away from zero to cents, including binary artefacts', () => {
    expect(roundToCents(1.005)).toBe(1.01);
    expect(roundToCents(2.344)).toBe(2.34);
    expect(roundToCents(-1.005)).toBe(-1.01);
  });

  it('refuses amounts that are not finite', () => {
    expect(() => roundToCents(Number.NaN)).toThrow('Not a finite amount');
  });

  it('sums in cents without drift', () => {
    expect(sumCents([0.1, 0.2])).toBe(0.3);
    expect(sumCents(Array(1000).fill(0.01))).toBe(10);
  });

  it('formats prices with 2 decimals and thousands separators', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('formats an estimate range as "$min - $max"', () => {
    expect(formatPriceRange(12000, 34500.4)).toBe('$12,000 - $34,500');
  });

  it('converts to and from gateway cents', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(fromCents(1999)).toBe(19.99);
  });
});
