/**
 * content/settings/shipping.json and content/settings/tax.json: how the business charges for
 * delivery and which sales tax applies where. Read by @storefront/commerce-rules on the server.
 *
 * Zip codes in `zipCodes` entries are patterns, matched in this order of priority:
 * an exact zip ("99501"), then a range ("10000-14999", both ends included), then a wildcard
 * ("*" for any zip, "100*" for zips starting with 100; the longest prefix wins).
 */

/** 'Order': one rate from the order subtotal's range. 'Item': ratePerItem times the number of items. */
export type ShippingRateBasis = 'Order' | 'Item';

/** One band of order subtotals (rounded to cents), both ends included; endValue null = no upper limit. */
export interface ShippingOrderRange {
  startValue: number;
  endValue: number | null;
  rate: number;
}

/** A region override; the most specific matching entry (zip, then state, then country) decides. */
export interface ShippingRegionOverride {
  /** flat amount for the order, replaces the range rate (calculateRateBy 'Order') */
  rate?: number;
  /** amount per item, replaces the method's ratePerItem (calculateRateBy 'Item') */
  ratePerItem?: number;
  /** true: this method does not deliver here */
  isShippingDisabled?: boolean;
}

export interface ShippingZipOverride extends ShippingRegionOverride {
  zipCode: string;
}

export interface ShippingStateRule extends ShippingRegionOverride {
  /** two-letter state code, e.g. "AK" */
  state: string;
  zipCodes?: ShippingZipOverride[];
}

/** A country the method delivers to. A state not listed ships at the method's own rates. */
export interface ShippingCountryRule extends ShippingRegionOverride {
  /** ISO country code, e.g. "US" */
  country: string;
  states?: ShippingStateRule[];
}

export interface ShippingMethodSettings {
  /** machine name sent as shippingMethod, e.g. "standard-ground" */
  type: string;
  /** what the shopper reads, e.g. "Standard Ground"; sent as shippingLabel */
  displayName: string;
  description?: string;
  isEnabled: boolean;
  calculateRateBy: ShippingRateBasis;
  /** used when calculateRateBy is 'Order' */
  rates?: ShippingOrderRange[];
  /** used when calculateRateBy is 'Item' */
  ratePerItem?: number;
  countries: ShippingCountryRule[];
}

export interface ShippingSettings {
  /** false: nothing ships (every quote is 'no-methods') */
  isEnabled: boolean;
  /** methods in the order the business prefers them; the first that delivers is quoted */
  methods: ShippingMethodSettings[];
}

export interface TaxZipRule {
  zipCode: string;
  taxPercentage: number;
}

export interface TaxStateRule {
  state: string;
  /** the state default when no zip entry matches */
  taxPercentage: number;
  zipCodes?: TaxZipRule[];
}

export interface TaxCountryRule {
  country: string;
  /** applies where no state rule matches; default 0 */
  taxPercentage?: number;
  states?: TaxStateRule[];
}

export interface TaxSettings {
  /** false: no tax is charged anywhere */
  isEnabled: boolean;
  countries: TaxCountryRule[];
}

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
