import { decimalOnly, digitsOnly } from './input-filters.js';

describe('input filters', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('(732) 555-0148 ext')).toBe('7325550148');
  });

  it('keeps digits and the first decimal point', () => {
    expect(decimalOnly('12.5.3')).toBe('12.53');
    expect(decimalOnly('$1,200.50')).toBe('1200.50');
    expect(decimalOnly('abc')).toBe('');
  });
});
