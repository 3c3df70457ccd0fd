export { normaliseZip, matchZipEntry } from './zip-match.js';
export { resolveShippingRate, NO_METHODS_QUOTE, type ShippingCartTotals } from './shipping.js';
export { resolveTaxRate } from './tax.js';
export { priceCart, shippingTaxOf } from './cart-pricing.js';
export { indexCatalog, skuKey, type CatalogEntry } from './catalog-index.js';
// The address rules live in contracts (the POST /api/order schema uses them); re-exported for the checkout form's callers.
export {
  checkoutAddressRules,
  checkoutFormFieldName,
  validateCheckoutAddress,
  CHECKOUT_FORM_FIELD_SUFFIX,
  type CheckoutAddressField,
  type FieldRule,
} from '@storefront/contracts';
export {
  CARD_MESSAGES,
  CARD_NUMBER_MAX_LENGTH,
  CARD_NUMBER_MIN_LENGTH,
  CVV_MAX_LENGTH,
  cardBrand,
  cardMonthChoices,
  cardYearChoices,
  cardNumberError,
  cvvError,
  expiryErrors,
  maskCardNumber,
  parseCardExpiry,
  validateDirectCardEntry,
  validateHostedCard,
  type DirectCardEntry,
  type HostedCardEntry,
} from './card-rules.js';
export { checkoutBaseSchema, checkoutFormSchema } from './checkout-form-schema.js';
export { emptyCheckoutFormValues, type CheckoutFormValues } from './checkout-form-values.js';
// How an order gets paid: the statuses and the one table of what a payment outcome does.
export * from './order-process/order-process.js';
export * from './order-process/staff-actions.js';
// Split payment: the instalment rules of the quote payment and split-payment pages, checked again by the orders service.
export * from './split-payment/split-payment.js';
// What a sample order may hold and how it may be paid: the checkout's rules, enforced again by the orders service.
export { SAMPLE_ORDER_SCOPE, isOfferedIn, isSampleItem, nonSampleSkus } from './sample-order.js';
