import { CHECKOUT_FORM_FIELD_SUFFIX, checkoutFormFieldName, type CheckoutAddressField } from '@storefront/contracts';

// The checkout form's values, free of its yup schema (checkout-form-schema.ts): the checkout page
// renders with these and loads the schema only when the form is first checked.

type AddressFieldName<P extends string> = `${P}_${(typeof CHECKOUT_FORM_FIELD_SUFFIX)[CheckoutAddressField]}`;

export type CheckoutFormValues = Record<AddressFieldName<'bill'> | AddressFieldName<'ship'>, string> & {
  same_as_billing: boolean;
  /** from the shipping quote; 'no-methods' blocks checkout */
  shippingMethod: string;
  /** the chosen payment method (its key in the chooser) */
  paymentMethod: string;
};

export const ADDRESS_FIELDS = Object.keys(CHECKOUT_FORM_FIELD_SUFFIX) as CheckoutAddressField[];

/** Empty values for every field of the form (country defaults to the shipping country, US). */
export function emptyCheckoutFormValues(defaultCountry = 'US'): CheckoutFormValues {
  const values: Record<string, unknown> = {};
  for (const type of ['billing', 'shipping'] as const) {
    for (const field of ADDRESS_FIELDS) values[checkoutFormFieldName(type, field)] = field === 'countryId' ? defaultCountry : '';
  }
  return {
    ...(values as Record<AddressFieldName<'bill'> | AddressFieldName<'ship'>, string>),
    // Most sample orders go to the billing address: start with one address to fill, not two (shipping
    // is US only, so a non-US billing country unticks it with the spec's alert).
    same_as_billing: defaultCountry === 'US',
    shippingMethod: '',
    paymentMethod: '',
  };
}
