// The checkout's words, free of the settings and order schemas, so every file that shows them can import them
// without pulling those in.

/** The spec's checkout and shipping messages, spelled as written. */
export const CHECKOUT_MESSAGES = {
  required: 'This field is required',
  invalidEmail: 'Invalid email address',
  onlyAlphabets: 'Only alphabets are allowed',
  nameTooShort: 'Name must be at least 2 characters',
  nameTooLong: "Name can't exceed 50 characters",
  zipRequired: 'ZIP/Postal code is required',
  zipOnlyNumbers: 'Only numbers are allowed',
  zipTooShort: 'ZIP/Postal code seems too short',
  zipTooLong: 'ZIP/Postal code seems too long',
  specialCharacters: 'Special characters are not allowed',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Phone number is invalid',
  phoneTooShort: 'Phone number must be at least 10 digits',
  phoneTooLong: "Phone number can't exceed 10 digits",
  noShippingMethods: 'Sorry, no shipping methods are available for the selected shipping address.',
  noShippingMethodsPanel:
    'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.',
  paymentMethodRequired: 'Please select a payment method',
  shipOutsideUs: "Sorry, we don't ship outside the US.",
  calculatingShipping: 'Calculating shipping rate…',
  shippingAfterAddress: 'Shipping will be calculated after entering address.',
  shippingFailed: 'Failed to calculate shipping',
} as const;
