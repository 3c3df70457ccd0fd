import type { ShippingCountryRule, ShippingMethodSettings, ShippingOrderRange, ShippingRateBasis, ShippingRegionOverride, ShippingSettings, ShippingStateRule, ShippingZipOverride, TaxCountryRule, TaxSettings, TaxStateRule, TaxZipRule } from '../content-files/commerce.js';
export { CHECKOUT_MESSAGES } from './messages.js';
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
