import { ValidationError } from 'yup';
import { checkoutFormSchema } from './checkout-form-schema.js';
import { emptyCheckoutFormValues, type CheckoutFormValues } from './checkout-form-values.js';

function good(overrides: Partial<CheckoutFormValues> = {}): CheckoutFormValues {
  return {
    ...emptyCheckoutFormValues(),
    bill_first_name: 'Ann',
    bill_last_name: 'Lee',
    bill_email: 'ann@example.com',
    bill_phone: '(512) 555-0100',
    bill_address_1: '1 Main St.',
    bill_city: 'Austin',
    bill_state: 'TX',
    bill_zip: '78701',
    bill_country: 'US',
    same_as_billing: true,
    shippingMethod: 'standard-ground',
    paymentMethod: 'credit-card',
    ...overrides,
  };
}

/** Every failing field with its message (yup's abortEarly off, as the resolver runs it). */
function errorsOf(values: unknown): Record<string, string> {
  try {
    checkoutFormSchema().validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((inner) => [inner.path ?? '', inner.message]));
  }
}

describe('checkout form schema', () => {
  it('accepts a complete form with shipping the same as billing', () => {
    expect(errorsOf(good())).toEqual({});
  });

  it("uses the address rules' messages for the billing fields", () => {
    expect(
      errorsOf(good({ bill_zip: '78a01', bill_first_name: 'R2D2', bill_phone: '555-0100', bill_email: 'ann@example', bill_address_1: '' })),
    ).toEqual({
      bill_zip: 'Only numbers are allowed',
      bill_first_name: 'Only alphabets are allowed',
      bill_phone: 'Phone number must be at least 10 digits',
      bill_email: 'Invalid email address',
      bill_address_1: 'This field is required',
    });
  });

  it('checks the shipping fields only when same_as_billing is off', () => {
    expect(errorsOf(good({ same_as_billing: true, ship_zip: 'x' }))).toEqual({});
    const errors = errorsOf(good({ same_as_billing: false, ship_zip: '12' }));
    expect(errors.ship_zip).toBe('ZIP/Postal code seems too short');
    expect(errors.ship_first_name).toBe('This field is required');
    expect(errors.ship_phone).toBe('Phone number is required');
    expect(errors.ship_country).toBeUndefined();
  });

  it('blocks the no-methods shipping quote and requires a payment method', () => {
    expect(errorsOf(good({ shippingMethod: 'no-methods', paymentMethod: '' }))).toEqual({
      shippingMethod: 'Sorry, no shipping methods are available for the selected shipping address.',
      paymentMethod: 'Please select a payment method',
    });
  });

  it('has no card fields: a card is entered and checked in the provider frame, never in the form', () => {
    expect(Object.keys(emptyCheckoutFormValues()).filter((name) => /card|cvc|cvv|exp/i.test(name))).toEqual([]);
    expect(Object.keys(checkoutFormSchema().fields).filter((name) => /card|cvc|cvv|exp/i.test(name))).toEqual([]);
  });
});
