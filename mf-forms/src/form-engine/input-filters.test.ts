import { decimalOnly, digitsOnly } from './input-filters.js';

describe('input filters', () => {
  it('keeps digits only', () => {
    expect(digitsOnly('(555) 12-a34')).toBe('5551234');
  });

  it('keeps digits and the first decimal point', () => {
    expect(decimalOnly('1a2.5.0')).toBe('12.50');
    expect(decimalOnly('abc')).toBe('');
  });
});
