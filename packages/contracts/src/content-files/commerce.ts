import type { InferType } from 'yup';
import { fields, flag, imagePath, listOf, numberIn, oneOfText, recordOf, rule, sitePath, text } from './editor-rules.js';
import { PAYMENT_GATEWAYS, PAYMENT_METHOD_NAMES, type PaymentGateway, type PaymentMethodName } from '../payments/schemas.js';
import { contentEmailAddress } from './site.js';

/** The payment vocabulary the payment methods file carries, named from here so built declarations import it from this domain, not the package index (a cycle). */
export type { PaymentGateway, PaymentMethodName };

// content/settings/: payment-methods.json, notifications.json, checkout-pages.json, shipping.json, tax.json.

export const PAYMENT_METHOD_SCOPES = ['sample-order', 'convert-to-order', 'complete-order-payment'] as const;

// empty in content: real keys come from the server's environment. The message never repeats the
// value, so a key pasted here by mistake does not end up in the logs that report it.
const emptyInContent = () =>
  text({ allowEmpty: true })
    .optional()
    .test('empty', 'must be empty: keys come from environment variables (the value is not repeated here)', (value) => value === undefined || value === '');

const paymentMethodFields = {
  name: oneOfText(PAYMENT_METHOD_NAMES),
  title: text(),
  description: text(),
  enabled: flag(),
  isDefault: flag(),
  gateway: oneOfText(PAYMENT_GATEWAYS),
  sortOrder: numberIn({ integer: true, min: 0 }),
  metadata: fields({
    methodIcon: imagePath().optional(),
    iconWidth: numberIn({ min: 1, integer: true }).optional(),
    iconHeight: numberIn({ min: 1, integer: true }).optional(),
  }).optional(),
  availableMethods: listOf(text()).optional(),
  dependsOn: text().optional(),
  /** scopes the method is offered in: sample-order, convert-to-order, complete-order-payment */
  scopes: listOf(oneOfText(PAYMENT_METHOD_SCOPES), { min: 1 }).optional(),
};

/**
 * One entry of content/settings/payment-methods.json. GET /api/payment-methods answers the enabled
 * ones as paymentMethodSchema (payments.ts) describes them: the same fields, with the public keys
 * filled in from the server's environment and the sandbox flag.
 */
export const paymentMethodFileEntrySchema = fields({
  ...paymentMethodFields,
  config: fields({
    publishableKey: emptyInContent(),
    clientKey: emptyInContent(),
    loginId: emptyInContent(),
    acceptJsUrl: text({ allowEmpty: true }).optional(),
    clientId: emptyInContent(),
  }).optional(),
});
/** content/settings/payment-methods.json */
export const paymentMethodsFileSchema = listOf(paymentMethodFileEntrySchema, { min: 1 });

/** content/settings/notifications.json: who is told about orders and forms (customers are the order's own e-mail). */
export const notificationSettingsSchema = fields({
  /** first is the recipient of admin e-mails, the rest are cc */
  adminEmails: listOf(contentEmailAddress(), { min: 1 }),
  /** From: of every e-mail */
  fromAddress: contentEmailAddress(),
  // one line: it goes into a mail header
  // eslint-disable-next-line no-control-regex
  fromName: text({ pattern: /^[^\u0000-\u001f]{1,100}$/, patternText: 'one line of at most 100 characters' }).optional(),
  /**
   * Staff who receive form notifications: per form name (or estimator template name), with
   * `default` for every other form. A form with neither sends no staff notification.
   */
  formRecipients: recordOf(listOf(contentEmailAddress(), { min: 1 }), {
    key: { pattern: /^[a-z0-9]+(-[a-z0-9]+)*$/, patternText: 'a form name or "default"' },
  }).optional(),
});
export type NotificationSettings = InferType<typeof notificationSettingsSchema>;

/** One button on a checkout result page. */
export const checkoutPageActionSchema = fields({ label: text(), href: sitePath(), variant: oneOfText(['primary', 'secondary']).optional() });
export type CheckoutPageAction = InferType<typeof checkoutPageActionSchema>;

/** A page variant: title and HTML (sanitised when shown) with {{order-id}}, {{partial-payment}}, {{remaining-balance}}. */
export const checkoutPageVariantSchema = fields({ title: text(), html: text(), actions: listOf(checkoutPageActionSchema) });
export type CheckoutPageVariant = InferType<typeof checkoutPageVariantSchema>;

/**
 * content/settings/checkout-pages.json, served at GET /api/content/checkout-pages: what /order/success
 * and /payment/fail say. `orderSuccess` is keyed by variant: 'default', 'split' (a partial payment
 * with a balance left), or any key a link selects with ?key=.
 */
export const checkoutPagesSchema = fields({
  orderSuccess: recordOf(checkoutPageVariantSchema, {
    rules: [rule('default-variant', (variants) => ('default' in variants ? [] : [['', 'needs a "default" variant (shown when no ?key= is given)']]))],
  }),
  paymentFail: checkoutPageVariantSchema,
  verify: fields({ processing: text() }),
});
export type CheckoutPagesContent = InferType<typeof checkoutPagesSchema>;

// --- shipping.json and tax.json: read by @storefront/commerce-rules on the server ---
//
// Zip codes in `zipCodes` entries are patterns, matched in this order of priority: an exact zip
// ("99501"), then a range ("10000-14999", both ends included), then a wildcard ("*" for any zip,
// "100*" for zips starting with 100; the longest prefix wins).

const zipPattern = () => text({ pattern: /^\s*(\d+|\d+\s*-\s*\d+|\d*\*)\s*$/, patternText: 'a zip ("99501"), a range ("10000-14999") or a wildcard ("*", "100*")' });
const amount = () => numberIn({ min: 0 });
const percentage = () => numberIn({ min: 0, max: 100 });

/** A region override; the most specific matching entry (zip, then state, then country) decides. */
const regionOverride = {
  /** flat amount for the order, replaces the range rate (calculateRateBy 'Order') */
  rate: amount().optional(),
  /** amount per item, replaces the method's ratePerItem (calculateRateBy 'Item') */
  ratePerItem: amount().optional(),
  /** true: this method does not deliver here */
  isShippingDisabled: flag().optional(),
};

export const shippingZipOverrideSchema = fields({ zipCode: zipPattern(), ...regionOverride });
export type ShippingZipOverride = InferType<typeof shippingZipOverrideSchema>;
export type ShippingRegionOverride = Omit<ShippingZipOverride, 'zipCode'>;

export const shippingStateRuleSchema = fields({
  /** two-letter state code, e.g. "AK" */
  state: text(),
  ...regionOverride,
  zipCodes: listOf(shippingZipOverrideSchema).optional(),
});
export type ShippingStateRule = InferType<typeof shippingStateRuleSchema>;

/** A country the method delivers to. A state not listed ships at the method's own rates. */
export const shippingCountryRuleSchema = fields({
  /** ISO country code, e.g. "US" */
  country: text(),
  ...regionOverride,
  states: listOf(shippingStateRuleSchema).optional(),
});
export type ShippingCountryRule = InferType<typeof shippingCountryRuleSchema>;

/** One band of order subtotals (rounded to cents), both ends included; endValue null = no upper limit. */
export const shippingOrderRangeSchema = fields({
  startValue: amount(),
  endValue: amount().nullable(),
  rate: amount(),
}).test(
  rule<{ startValue?: unknown; endValue?: unknown }>('range', (range) =>
    typeof range.startValue === 'number' && typeof range.endValue === 'number' && range.endValue < range.startValue ? [['endValue', 'must not be below startValue']] : [],
  ),
);
export type ShippingOrderRange = InferType<typeof shippingOrderRangeSchema>;

const shippingRateBasis = oneOfText(['Order', 'Item']);
/** 'Order': one rate from the order subtotal's range. 'Item': ratePerItem times the number of items. */
export type ShippingRateBasis = InferType<typeof shippingRateBasis>;

export const shippingMethodSettingsSchema = fields({
  /** machine name sent as shippingMethod, e.g. "standard-ground" */
  type: text(),
  /** what the shopper reads, e.g. "Standard Ground"; sent as shippingLabel */
  displayName: text(),
  description: text().optional(),
  isEnabled: flag(),
  calculateRateBy: shippingRateBasis,
  /** used when calculateRateBy is 'Order' */
  rates: listOf(shippingOrderRangeSchema).optional(),
  /** used when calculateRateBy is 'Item' */
  ratePerItem: amount().optional(),
  countries: listOf(shippingCountryRuleSchema),
}).test(
  rule<{ calculateRateBy?: unknown; rates?: unknown[]; ratePerItem?: unknown }>('rate-basis', (method) => {
    if (method.calculateRateBy === 'Order' && !(Array.isArray(method.rates) && method.rates.length > 0)) return [['rates', 'needs at least one range when calculateRateBy is "Order"']];
    if (method.calculateRateBy === 'Item' && method.ratePerItem === undefined) return [['ratePerItem', 'is needed when calculateRateBy is "Item"']];
    return [];
  }),
);
export type ShippingMethodSettings = InferType<typeof shippingMethodSettingsSchema>;

/** content/settings/shipping.json */
export const shippingSettingsSchema = fields({
  /** false: nothing ships (every quote is 'no-methods') */
  isEnabled: flag(),
  /** methods in the order the business prefers them; the first that delivers is quoted */
  methods: listOf(shippingMethodSettingsSchema),
});
export type ShippingSettings = InferType<typeof shippingSettingsSchema>;

export const taxZipRuleSchema = fields({ zipCode: zipPattern(), taxPercentage: percentage() });
export type TaxZipRule = InferType<typeof taxZipRuleSchema>;

export const taxStateRuleSchema = fields({
  state: text(),
  /** the state default when no zip entry matches */
  taxPercentage: percentage(),
  zipCodes: listOf(taxZipRuleSchema).optional(),
});
export type TaxStateRule = InferType<typeof taxStateRuleSchema>;

export const taxCountryRuleSchema = fields({
  country: text(),
  /** applies where no state rule matches; default 0 */
  taxPercentage: percentage().optional(),
  states: listOf(taxStateRuleSchema).optional(),
});
export type TaxCountryRule = InferType<typeof taxCountryRuleSchema>;

/** content/settings/tax.json */
export const taxSettingsSchema = fields({
  /** false: no tax is charged anywhere */
  isEnabled: flag(),
  countries: listOf(taxCountryRuleSchema),
});
export type TaxSettings = InferType<typeof taxSettingsSchema>;
