import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { stripeCard } from '../../test-support/checkout-fixtures.js';
import StripeCardFields, { STRIPE_FIELD_MESSAGES, fieldOfStripeError, fieldsProblem, stripePaymentMethodTypes } from './StripeCardFields.js';

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

  it("that did not load say so with Retry, and a Retry says they are loading again (a submit meanwhile waits for them)", async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    // what the form hears, in order; without a publishable key Stripe.js cannot load, each time
    const heard: string[] = [];
    const method = { ...stripeCard, config: { scriptUrl: 'https://js.stripe.com/v3/', publishableKey: '' } };
    render(<StripeCardFields method={method} onElement={(element) => heard.push(element ? 'fields' : 'none')} onLoading={() => heard.push('loading')} />);
    expect(await screen.findByText(PAYMENT_MESSAGES.stripeNotReady)).toBeInTheDocument();
    expect(heard).toEqual(['loading', 'none']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(heard).toEqual(['loading', 'none', 'loading', 'none']));
  });
});
