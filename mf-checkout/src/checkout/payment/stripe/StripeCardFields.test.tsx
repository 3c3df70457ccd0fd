import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { STRIPE_FIELD_MESSAGES, fieldOfStripeError, fieldsProblem, stripePaymentMethodTypes } from './StripeCardFields.js';

const field = (empty: boolean, complete: boolean) => ({ empty, complete });

describe("Stripe's card elements", () => {
  it("say 'Payment details are required to continue.' when nothing was entered, else the first incomplete field's message (spec 5)", () => {
    expect(fieldsProblem({ cardNumber: field(true, false), cardExpiry: field(true, false), cardCvc: field(true, false) })).toEqual({
      field: 'cardNumber',
      message: PAYMENT_MESSAGES.detailsRequired,
    });
    expect(fieldsProblem({ cardNumber: field(false, true), cardExpiry: field(false, false), cardCvc: field(true, false) })).toEqual({
      field: 'cardExpiry',
      message: 'Expiry date is incomplete or invalid',
    });
    expect(fieldsProblem({ cardNumber: field(false, true), cardExpiry: field(false, true), cardCvc: field(false, false) })).toEqual({ field: 'cardCvc', message: 'CVC is incomplete or invalid' });
    expect(fieldsProblem({ cardNumber: field(false, true), cardExpiry: field(false, true), cardCvc: field(false, true) })).toBeNull();
    expect(STRIPE_FIELD_MESSAGES.cardNumber).toBe('Card number is incomplete or invalid');
  });

  it("put Stripe's own errors at the field they are about", () => {
    expect(fieldOfStripeError({ code: 'incomplete_number' })).toBe('cardNumber');
    expect(fieldOfStripeError({ code: 'incorrect_number', param: 'card[number]' })).toBe('cardNumber');
    expect(fieldOfStripeError({ code: 'invalid_expiry_year_past' })).toBe('cardExpiry');
    expect(fieldOfStripeError({ code: 'invalid_expiry_month', param: 'card[exp_month]' })).toBe('cardExpiry');
    expect(fieldOfStripeError({ code: 'incomplete_cvc' })).toBe('cardCvc');
  });

  it('use the Payment Element only when availableMethods name Stripe payment method types, not just card brands', () => {
    expect(stripePaymentMethodTypes({ availableMethods: ['visa', 'mastercard', 'amex', 'discover'] })).toBeNull();
    expect(stripePaymentMethodTypes({})).toBeNull();
    expect(stripePaymentMethodTypes({ availableMethods: ['visa', 'mastercard', 'link'] })).toEqual(['card', 'link']);
    expect(stripePaymentMethodTypes({ availableMethods: ['card'] })).toEqual(['card']);
  });
});
