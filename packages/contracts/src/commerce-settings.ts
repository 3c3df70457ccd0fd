import type { ShippingCountryRule, ShippingMethodSettings, ShippingOrderRange, ShippingRateBasis, ShippingRegionOverride, ShippingSettings, ShippingStateRule, ShippingZipOverride, TaxCountryRule, TaxSettings, TaxStateRule, TaxZipRule } from './content-files/commerce.js';
export type { ShippingCountryRule, ShippingMethodSettings, ShippingOrderRange, ShippingRateBasis, ShippingRegionOverride, ShippingSettings, ShippingStateRule, ShippingZipOverride, TaxCountryRule, TaxSettings, TaxStateRule, TaxZipRule };
/**
 * content/settings/shipping.json and content/settings/tax.json: how the business charges for
 * delivery and which sales tax applies where. Read by @storefront/commerce-rules on the server.
 *
 * Zip codes in `zipCodes` entries are patterns, matched in this order of priority:
 * an exact zip ("99501"), then a range ("10000-14999", both ends included), then a wildcard
 * ("*" for any zip, "100*" for zips starting with 100; the longest prefix wins).
 */

/** Both settings files together, as the cart pricer needs them. */
export interface CommerceSettings {
  shipping: ShippingSettings;
  tax: TaxSettings;
}

/** The shipping method value that blocks checkout. */
export const NO_SHIPPING_METHODS = 'no-methods';
/** Shipping: US only; the default country when none is given. */
export const SHIPPING_COUNTRY = 'US';

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
