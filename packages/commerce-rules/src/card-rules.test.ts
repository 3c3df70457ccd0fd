import {
  CARD_MESSAGES,
  cardBrand,
  cardMonthChoices,
  cardYearChoices,
  maskCardNumber,
  parseCardExpiry,
  validateDirectCardEntry,
  validateHostedCard,
} from './card-rules.js';

const now = new Date(2026, 10, 23);

describe('direct card entry (Authorize-style)', () => {
  it('accepts a complete card', () => {
    expect(validateDirectCardEntry({ cardNumber: '4242424242424242', expMonth: '12', expYear: '2027', cardCode: '123' }, now)).toEqual({});
  });

  it('names every missing field with the spec message', () => {
    expect(validateDirectCardEntry({ cardNumber: '', expMonth: '', expYear: '', cardCode: '' }, now)).toEqual({
      cardNumber: CARD_MESSAGES.numberRequired,
      expMonth: CARD_MESSAGES.expiryRequired,
      cardCode: CARD_MESSAGES.cvvRequired,
    });
  });

  it('rejects short, long and non-numeric numbers, bad months, past years and bad CVVs', () => {
    expect(validateDirectCardEntry({ cardNumber: '424242424242', expMonth: '13', expYear: '2025', cardCode: '12' }, now)).toEqual({
      cardNumber: CARD_MESSAGES.numberInvalid,
      expMonth: CARD_MESSAGES.monthInvalid,
      expYear: CARD_MESSAGES.yearInvalid,
      cardCode: CARD_MESSAGES.cvvInvalid,
    });
    expect(validateDirectCardEntry({ cardNumber: '42424242424242424242', expMonth: '01', expYear: '2026', cardCode: '12345' }, now).cardNumber).toBe(
      CARD_MESSAGES.numberInvalid,
    );
    expect(validateDirectCardEntry({ cardNumber: '4242abcd42424242', expMonth: '1', expYear: '2026', cardCode: '1234' }, now)).toEqual({
      cardNumber: CARD_MESSAGES.numberInvalid,
    });
  });

  it('offers months 01..12 and the current year plus 10', () => {
    expect(cardMonthChoices()).toHaveLength(12);
    expect(cardMonthChoices()[0]).toBe('01');
    expect(cardYearChoices(now)).toEqual(Array.from({ length: 11 }, (_, i) => String(2026 + i)));
  });
});

describe('hosted card elements', () => {
  it('asks for payment details when nothing was entered', () => {
    expect(validateHostedCard({ cardNumber: '', cardExpiry: '', cardCvc: '' }, now)).toEqual({ paymentElement: CARD_MESSAGES.detailsRequired });
  });

  it('names each incomplete field', () => {
    expect(validateHostedCard({ cardNumber: '4242', cardExpiry: '10 / 26', cardCvc: '1' }, now)).toEqual({
      cardNumber: CARD_MESSAGES.hostedNumber,
      cardExpiry: CARD_MESSAGES.hostedExpiry,
      cardCvc: CARD_MESSAGES.hostedCvc,
    });
  });

  it('accepts a complete card expiring this month', () => {
    expect(validateHostedCard({ cardNumber: '4242 4242 4242 4242', cardExpiry: '11 / 26', cardCvc: '123' }, now)).toEqual({});
  });

  it('parses the expiry forms people type', () => {
    expect(parseCardExpiry('04 / 29')).toEqual({ month: '04', year: '29' });
    expect(parseCardExpiry('04/2029')).toEqual({ month: '04', year: '2029' });
    expect(parseCardExpiry('4/29')).toBeUndefined();
  });
});

it('names the brand and masks the number', () => {
  expect(cardBrand('4242424242424242')).toBe('visa');
  expect(cardBrand('5555555555554444')).toBe('mastercard');
  expect(cardBrand('378282246310005')).toBe('amex');
  expect(maskCardNumber('4242')).toBe('XXXX4242');
});
