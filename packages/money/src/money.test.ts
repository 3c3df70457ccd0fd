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

  it('writes amounts exactly as Intl.NumberFormat en-US does, negatives and millions included', () => {
    const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const whole = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
    const random = seeded(20);
    const samples = [0, 1, -1, 5, 99, 100, 999, 1000, 99999, 100000, 123456789, -123456];
    for (let i = 0; i < 2000; i += 1) samples.push(Math.floor((random() - 0.3) * 10 ** Math.floor(random() * 12)));
    for (const cents of samples) {
      expect(formatCents(cents)).toBe(withCents.format(cents / 100));
      expect(formatUsd(cents / 100)).toBe(withCents.format(cents / 100));
      expect(formatPriceRange(cents, 0 - cents)).toBe(`${whole.format(Math.round(cents))} - ${whole.format(Math.round(0 - cents))}`);
    }
    // from whole cents, so exact where dividing by 100 in floating point is not
    expect(formatCents(Number.MAX_SAFE_INTEGER)).toBe('$90,071,992,547,409.91');
  });

  it('formats an estimate range as "$min - $max" and sums estimate dollars without drift', () => {
    expect(formatPriceRange(12000, 34500.4)).toBe('$12,000 - $34,500');
    expect(sumDollars([0.1, 0.2])).toBe(0.3);
    expect(sumDollars(Array(1000).fill(0.01))).toBe(10);
  });
});

/** A small deterministic generator (mulberry32), so a failure names a reproducible amount. */
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
