import { formatUsDate } from './us-date.js';

describe('formatUsDate', () => {
  it('is MM/DD/YYYY on the local calendar, padded', () => {
    // 3 Feb 2026 late in the evening, local time: still the 3rd
    expect(formatUsDate(new Date(2026, 1, 3, 23, 30))).toBe('02/03/2026');
    expect(formatUsDate(new Date(2025, 11, 31))).toBe('12/31/2025');
  });
});
