export { normaliseZip, matchZipEntry } from './zip-match.js';
export { resolveShippingRate, NO_METHODS_QUOTE, type ShippingCartTotals } from './shipping.js';
export { resolveTaxRate } from './tax.js';
export { priceCart, clampQuantity, shippingTaxOf, MAX_ITEM_QTY } from './cart-pricing.js';
export { indexCatalog, skuKey, type CatalogEntry } from './catalog-index.js';
export {
  checkoutAddressRules,
  checkoutFormFieldName,
  validateCheckoutAddress,
  CHECKOUT_FORM_FIELD_SUFFIX,
  type CheckoutAddressField,
  type FieldRule,
} from './checkout-rules.js';
export { parseShippingSettings, parseTaxSettings, InvalidSettingsError } from './settings.js';
