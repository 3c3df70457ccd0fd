import { CARD_MESSAGES } from '@storefront/commerce-rules';
import { DETAILS_FIELD, firstError, formatFieldInput, frameChange, frameErrors, frameFields } from './frame-fields.js';

const now = new Date(2026, 10, 23);

describe('the frame: hosted card elements', () => {
  it('shows card number, expiry MM / YY and CVC, with the browser autofill names', () => {
    expect(frameFields('hosted', now).map((field) => [field.label, field.autocomplete])).toEqual([
      ['Card number', 'cc-number'],
      ['Expiry', 'cc-exp'],
      ['CVC', 'cc-csc'],
    ]);
  });

  it("says 'Payment details are required to continue.' when nothing was entered", () => {
    expect(frameErrors('hosted', {}, now)).toEqual({ [DETAILS_FIELD]: 'Payment details are required to continue.' });
    expect(firstError('hosted', frameErrors('hosted', { cardNumber: ' ' }, now))).toEqual({ field: DETAILS_FIELD, message: CARD_MESSAGES.detailsRequired });
  });

  it('has one message per incomplete or invalid field', () => {
    expect(frameErrors('hosted', { cardNumber: '4242', cardExpiry: '13 / 20', cardCvc: '1' }, now)).toEqual({
      cardNumber: 'Card number is incomplete or invalid',
      cardExpiry: 'Expiry date is incomplete or invalid',
      cardCvc: 'CVC is incomplete or invalid',
    });
    // last month is past; this month is fine
    expect(frameErrors('hosted', { cardNumber: '4242 4242 4242 4242', cardExpiry: '10 / 26', cardCvc: '123' }, now)).toEqual({
      cardExpiry: 'Expiry date is incomplete or invalid',
    });
    expect(frameErrors('hosted', { cardNumber: '4242 4242 4242 4242', cardExpiry: '11 / 26', cardCvc: '123' }, now)).toEqual({});
    expect(firstError('hosted', { cardCvc: 'x', cardNumber: 'y' })).toEqual({ field: 'cardNumber', message: 'y' });
  });

  it('formats as typed or pasted: digits in groups of four, expiry as MM / YY, CVC digits', () => {
    expect(formatFieldInput('hosted', 'cardNumber', '4242-4242 4242x4242 4242')).toBe('4242 4242 4242 4242 424');
    expect(formatFieldInput('hosted', 'cardExpiry', '1230')).toBe('12 / 30');
    expect(formatFieldInput('hosted', 'cardExpiry', '1')).toBe('1');
    expect(formatFieldInput('hosted', 'cardCvc', '12a345')).toBe('1234');
  });
});

describe('the frame: direct card entry (Authorize-style)', () => {
  it('shows number, month 01-12, the current year plus 10, and CVV', () => {
    const fields = frameFields('direct', now);
    expect(fields.map((field) => field.label)).toEqual(['Card number', 'Expiry month', 'Expiry year', 'CVV']);
    expect(fields[1]?.options).toHaveLength(12);
    expect(fields[1]?.options?.[0]).toBe('01');
    expect(fields[2]?.options).toEqual(Array.from({ length: 11 }, (_, i) => String(2026 + i)));
    expect(fields[0]?.maxLength).toBe(19);
    expect(fields[3]?.maxLength).toBe(4);
  });

  it('has the direct-entry messages per field', () => {
    expect(frameErrors('direct', {}, now)).toEqual({ cardNumber: 'Card number is required', expMonth: 'Expiry is required', cardCode: 'CVV is required' });
    expect(frameErrors('direct', { cardNumber: '424242424242', expMonth: '13', expYear: '2025', cardCode: '12' }, now)).toEqual({
      cardNumber: 'Card number is invalid',
      expMonth: 'Expiry month is invalid',
      expYear: 'Expiry year is invalid',
      cardCode: 'CVV is invalid',
    });
    expect(frameErrors('direct', { cardNumber: '4242424242424242', expMonth: '12', expYear: '2026', cardCode: '1234' }, now)).toEqual({});
  });

  it('accepts digits only, at most 19 in the number and 4 in the CVV', () => {
    expect(formatFieldInput('direct', 'cardNumber', '4242 4242 4242 4242 4242')).toBe('4242424242424242424');
    expect(formatFieldInput('direct', 'cardCode', '12345')).toBe('1234');
  });
});

describe('what the frame tells the page while the shopper types', () => {
  it('is whether the card is complete and its brand, never the number', () => {
    expect(frameChange('hosted', {}, now)).toEqual({ complete: false, empty: true, brand: null });
    expect(frameChange('hosted', { cardNumber: '5555 5555' }, now)).toEqual({ complete: false, empty: false, brand: 'mastercard' });
    const complete = frameChange('hosted', { cardNumber: '4242 4242 4242 4242', cardExpiry: '12 / 30', cardCvc: '123' }, now);
    expect(complete).toEqual({ complete: true, empty: false, brand: 'visa' });
    expect(JSON.stringify(complete)).not.toMatch(/4242/);
  });
});
