import { CHECKOUT_MESSAGES as M } from '../checkout/messages.js';
import type { AddressType, OrderAddress } from '../orders/address.js';
import { EMAIL_ADDRESS_PATTERN } from './email-address.js';

/**
 * The checkout's address rules (spec section 5, checkout), written once for the browser's checkout
 * form (commerce-rules' checkoutFormSchema) and the orders service (the POST /api/order schema). Each rule takes the raw value and answers the first message that
 * applies, or undefined when the value is fine.
 */
export type FieldRule = (value: unknown) => string | undefined;

export type CheckoutAddressField =
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'phoneNumber'
  | 'street1'
  | 'street2'
  | 'city'
  | 'state'
  | 'zipCode'
  | 'countryId';

const LETTERS_AND_SPACES = /^[A-Za-z ]+$/;
const STREET_CHARACTERS = /^[A-Za-z0-9 ,'.-]+$/;
const CITY_CHARACTERS = /^[A-Za-z0-9 ]+$/;
const PHONE_CHARACTERS = /^[0-9+\-(). ]+$/;

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

const name: FieldRule = (value) => {
  const v = text(value);
  if (!v) return M.required;
  if (!LETTERS_AND_SPACES.test(v)) return M.onlyAlphabets;
  if (v.length < 2) return M.nameTooShort;
  if (v.length > 50) return M.nameTooLong;
  return undefined;
};

const email: FieldRule = (value) => {
  const v = text(value);
  if (!v) return M.required;
  return EMAIL_ADDRESS_PATTERN.test(v) ? undefined : M.invalidEmail;
};

const phone: FieldRule = (value) => {
  const v = text(value);
  if (!v) return M.phoneRequired;
  if (!PHONE_CHARACTERS.test(v)) return M.phoneInvalid;
  const digits = v.replace(/\D/g, '').length;
  if (digits < 10) return M.phoneTooShort;
  if (digits > 10) return M.phoneTooLong;
  return undefined;
};

const zip: FieldRule = (value) => {
  const v = text(value);
  if (!v) return M.zipRequired;
  if (!/^\d+$/.test(v)) return M.zipOnlyNumbers;
  if (v.length < 3) return M.zipTooShort;
  if (v.length > 10) return M.zipTooLong;
  return undefined;
};

function matching(pattern: RegExp, required: boolean): FieldRule {
  return (value) => {
    const v = text(value);
    if (!v) return required ? M.required : undefined;
    return pattern.test(v) ? undefined : M.specialCharacters;
  };
}

const requiredText: FieldRule = (value) => (text(value) ? undefined : M.required);

export const checkoutAddressRules: Readonly<Record<CheckoutAddressField, FieldRule>> = Object.freeze({
  firstName: name,
  lastName: name,
  email,
  phoneNumber: phone,
  street1: matching(STREET_CHARACTERS, true),
  street2: matching(STREET_CHARACTERS, false),
  city: matching(CITY_CHARACTERS, true),
  state: requiredText,
  zipCode: zip,
  countryId: requiredText,
});

/** The checkout form's field names: bill_/ship_ + these (spec: checkout form fields). */
export const CHECKOUT_FORM_FIELD_SUFFIX: Readonly<Record<CheckoutAddressField, string>> = Object.freeze({
  firstName: 'first_name',
  lastName: 'last_name',
  email: 'email',
  phoneNumber: 'phone',
  street1: 'address_1',
  street2: 'address_2',
  city: 'city',
  state: 'state',
  zipCode: 'zip',
  countryId: 'country',
});

/** "bill_first_name", "ship_zip", ... */
export function checkoutFormFieldName(type: AddressType, field: CheckoutAddressField): string {
  return `${type === 'billing' ? 'bill' : 'ship'}_${CHECKOUT_FORM_FIELD_SUFFIX[field]}`;
}

/** Every broken field of one address, keyed by the checkout form's field name (bill_zip, ...). */
export function validateCheckoutAddress(
  type: AddressType,
  address: Partial<Record<keyof OrderAddress, unknown>>,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of Object.keys(checkoutAddressRules) as CheckoutAddressField[]) {
    const message = checkoutAddressRules[field](address[field]);
    if (message) errors[checkoutFormFieldName(type, field)] = message;
  }
  return errors;
}
