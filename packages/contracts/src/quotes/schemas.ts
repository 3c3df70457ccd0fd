import { array, boolean, mixed, number, object, string, ValidationError, type InferType, type TestContext } from 'yup';
import { orderAddressInputSchema, orderAddressSchema, orderPaymentSchema, orderSchema, MAX_ORDER_NOTES, type AddressType, type OrderState, type PaymentStatus } from '../orders/schemas.js';
import { lineItemFields, orderTotalsFields, splitPaymentTermsFields } from '../orders/priced-fields.js';
import { reportedPaymentSchema } from '../payments/split-payment.js';
import { checkoutAddressRules, type CheckoutAddressField } from '../rules/checkout-address.js';
import { emailAddress } from '../rules/field-rules.js';
import { isPlainObject } from '../rules/plain-object.js';
import { QUOTE_MESSAGES } from './messages.js';
import { formatWholeUsd } from '@storefront/money';

// Quotes (spec §2 quote pages, §3 Quote, §4 quote payment, §6 quote access, §7 GET /api/quote and
// GET /api/quote/view/{id}, §8). Staff prepare a quote (the back office), the customer opens it through
// a payment link (/quote/payment?quoteId={id}&token={token}) and pays it. Amounts are integer cents
// in every answer, like the order's; staff write dollars, which the orders service turns into cents.

export type QuoteStatus = 'ready_to_order' | 'ordered';
export const QUOTE_STATUSES: readonly QuoteStatus[] = ['ready_to_order', 'ordered'];

/** Why a quote link opens nothing: the spec's errorType values of GET /api/quote's 400. */
export type QuoteLinkErrorType = 'tokenExpired' | 'quoteNotExist';

export { QUOTE_MESSAGES } from './messages.js';
/** The orders' vocabulary a quote carries, named from here so built declarations import it from this domain, not the package index (a cycle). */
export type { AddressType, OrderState, PaymentStatus };
export { QUOTE_PAYMENT_PATH, quotePaymentPath, QUOTE_VIEW_PATH, quoteViewPath } from '../site/paths.js';

// --- the quote as the orders service answers it ---

export const quoteItemSchema = object({
  id: string().required(),
  sku: string().defined(),
  ...lineItemFields,
  notes: string().nullable().defined(),
});
export type QuoteItem = InferType<typeof quoteItemSchema>;

export const quoteSchema = object({
  id: string().required(),
  /** "Q-100001": the number staff and customers quote */
  quoteIncrementId: string().required(),
  poNumber: string().nullable().defined(),
  firstName: string().defined(),
  lastName: string().defined(),
  email: string().defined(),
  phone: string().nullable().defined(),
  /** ISO 8601 */
  createdAt: string().required(),
  status: mixed<QuoteStatus>().oneOf(QUOTE_STATUSES).required(),
  /** billing first */
  addresses: array(orderAddressSchema.required()).required(),
  shippingMethod: string().defined(),
  shippingLabel: string().defined(),
  /** in the order staff wrote them */
  items: array(quoteItemSchema.required()).required(),
  additionalNotes: string().nullable().defined(),
  ...orderTotalsFields,
  ...splitPaymentTermsFields,
  /** the order the quote became once paid (null while it is ready to order) */
  orderId: string().nullable().defined(),
  /** the payments of that order, oldest first (empty before) */
  payments: array(orderPaymentSchema.required()).required(),
});
export type Quote = InferType<typeof quoteSchema>;

/** GET /api/quote and GET /api/quote/view/:id */
export const quoteResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  data: quoteSchema.required(),
});
export type QuoteResponse = InferType<typeof quoteResponseSchema>;

// --- requests ---

/** One value of a link's query: text, trimmed; anything else (a repeated parameter) reads as none. */
function linkPart() {
  return string()
    .transform((value: unknown) => (typeof value === 'string' ? value : ''))
    .trim()
    .default('');
}

/**
 * GET /api/quote?quoteId&token: both read as text; the service answers a missing, malformed or
 * unknown value as quoteNotExist (400), never a 500 or a different message that would tell a guess apart.
 */
export const quoteLinkQuerySchema = object({
  quoteId: linkPart(),
  token: linkPart(),
});
export type QuoteLinkQuery = InferType<typeof quoteLinkQuerySchema>;

/**
 * POST /api/quote/payment-order: the quote link's two parts in the body. Read like GET /api/quote's
 * query (a missing or malformed value is an unknown quote, 400 quoteNotExist).
 */
export const quotePaymentOrderRequestSchema = object({
  quoteId: linkPart(),
  token: linkPart(),
});
export type QuotePaymentOrderRequest = InferType<typeof quotePaymentOrderRequestSchema>;

/**
 * The order a quote is paid through. The link's token is that order's token (send it as
 * X-Order-Token to POST /api/payment/attempts), so every tab holding the link pays the one order.
 */
export const quotePaymentOrderResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  data: orderSchema.required(),
});
export type QuotePaymentOrderResponse = InferType<typeof quotePaymentOrderResponseSchema>;

/**
 * POST /api/quote/convertToOrder (spec §7 shape, plus the link's token: spec §6, quote access is by
 * quoteId plus token). Only `payment.transactionId` is read, and it must be a payment the payments
 * service verified for the quote's order; the conversion itself happened when that payment was verified.
 */
export const convertToOrderRequestSchema = object({
  quoteId: linkPart(),
  token: linkPart(),
  payment: reportedPaymentSchema.required('payment is required'),
});
export type ConvertToOrderRequest = InferType<typeof convertToOrderRequestSchema>;

export const convertToOrderResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  message: string().defined(),
  order: orderSchema.required(),
  /**
   * The spec's admin list (row 15.21): the addresses the orders service sends the admin e-mail to
   * (first as recipient, the rest cc). It queues that e-mail itself; the list is for the caller's
   * knowledge, and only the holder of the quote's link gets it.
   */
  adminEmail: array(string().required()).required(),
});
export type ConvertToOrderResponse = InferType<typeof convertToOrderResponseSchema>;

/** `:id` of GET /api/quote/view/:id (a malformed id is an unknown quote: 404, as the service answers). */
export const quoteIdParamsSchema = object({ id: string().trim().required(QUOTE_MESSAGES.idRequired) });

/** ?token= of GET /api/quote/view/:id: the token of the quote's payment link (missing or wrong: 404). */
export const quoteViewQuerySchema = object({ token: linkPart() });

// --- what staff write (the back office's quote file, later POST /api/admin/quotes) ---

export const MAX_QUOTE_ITEMS = 200;
export const MAX_QUOTE_AMOUNT_DOLLARS = 10_000_000;

/** Whole cents: 19.99 yes, 19.999 no (a quote never rounds what staff wrote). */
function hasAtMostTwoDecimals(value: number): boolean {
  const hundredths = value * 100;
  return Math.abs(hundredths - Math.round(hundredths)) < 1e-6;
}

/** An amount in dollars as staff write it (19.99 or "19.99"): 0 or more, at most 2 decimals. */
function dollars(label: string) {
  return number()
    .transform((value: number, original: unknown) => (typeof original === 'string' && original.trim() === '' ? Number.NaN : value))
    .typeError(`${label} must be an amount in dollars`)
    .min(0, `${label} cannot be negative`)
    .max(MAX_QUOTE_AMOUNT_DOLLARS, `${label} can't exceed ${formatWholeUsd(MAX_QUOTE_AMOUNT_DOLLARS)}`)
    .test('two-decimals', `${label} must have at most 2 decimals`, (value) => value === undefined || hasAtMostTwoDecimals(value));
}

/** One checkout rule as a yup test: the quote's customer is held to the rules its order will be. */
function customerRule(field: CheckoutAddressField) {
  return string()
    .trim()
    .default('')
    .test(`checkout-${field}`, function (value) {
      const message = checkoutAddressRules[field](value);
      return message ? this.createError({ message }) : true;
    });
}

const quoteItemInputSchema = object({
  name: string().typeError('Item name must be text').trim().required('Item name is required').max(255, "Item name can't exceed 255 characters"),
  sku: string().typeError('Item SKU must be text').trim().required('Item SKU is required').max(64, "Item SKU can't exceed 64 characters"),
  qty: number()
    .transform((value: number, original: unknown) => (typeof original === 'string' && original.trim() === '' ? Number.NaN : value))
    .typeError('Quantity must be a whole number of at least 1')
    .required('Quantity is required')
    .integer('Quantity must be a whole number of at least 1')
    .min(1, 'Quantity must be a whole number of at least 1')
    .max(100_000, "Quantity can't exceed 100000"),
  /** unit price in dollars */
  price: dollars('Price').required('Price is required'),
  notes: string().typeError('Item notes must be text').trim().max(MAX_ORDER_NOTES, `Item notes can't exceed ${MAX_ORDER_NOTES} characters`).nullable().optional(),
});
export type QuoteItemInput = InferType<typeof quoteItemInputSchema>;

/**
 * An address as in orders (the same fields and limits); missing names, e-mail and phone are the
 * customer's (filled before the check), and a quote's country defaults to the US (spec §9).
 */
const quoteAddressInputSchema = orderAddressInputSchema.shape({ countryId: string().trim().uppercase().max(2).default('US') });
export type QuoteAddressInput = InferType<typeof quoteAddressInputSchema>;

const CUSTOMER_TO_ADDRESS = { firstName: 'firstName', lastName: 'lastName', email: 'email', phone: 'phoneNumber' } as const;

/**
 * What staff leave out of an address is the customer's (names, e-mail, phone), and a quote without
 * a shipping address ships to its billing address. Runs on the raw input, before any field is read.
 */
function completeAddresses(value: unknown): unknown {
  if (!isPlainObject(value) || !Array.isArray(value.addresses)) return value;
  const addresses = value.addresses.map((address: unknown) => {
    if (!isPlainObject(address)) return address;
    const filled: Record<string, unknown> = { ...address };
    for (const [from, to] of Object.entries(CUSTOMER_TO_ADDRESS)) {
      const own = filled[to];
      if ((own === undefined || own === null || own === '') && typeof value[from] === 'string') filled[to] = value[from];
    }
    return filled;
  });
  const billing = addresses.find((address) => isPlainObject(address) && address.type === 'billing');
  const hasShipping = addresses.some((address) => isPlainObject(address) && address.type === 'shipping');
  if (billing && !hasShipping && isPlainObject(billing)) addresses.push({ ...billing, type: 'shipping' });
  return { ...value, addresses };
}

/** Several field errors of one test at once (each names its path). */
function fieldErrors(context: TestContext, errors: Record<string, string>): ValidationError | true {
  const entries = Object.entries(errors);
  if (entries.length === 0) return true;
  return new ValidationError(entries.map(([path, message]) => context.createError({ path, message })));
}

/** Each address held to the checkout's rules, keyed by its path (addresses[0].zipCode). */
function addressErrors(addresses: readonly QuoteAddressInput[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const billing = addresses.filter((address) => address.type === 'billing');
  const shipping = addresses.filter((address) => address.type === 'shipping');
  if (billing.length === 0) errors.addresses = QUOTE_MESSAGES.billingRequired;
  else if (billing.length > 1 || shipping.length > 1) errors.addresses = QUOTE_MESSAGES.oneAddressPerType;
  addresses.forEach((address, index) => {
    for (const field of Object.keys(checkoutAddressRules) as CheckoutAddressField[]) {
      const message = checkoutAddressRules[field](address[field]);
      if (message) errors[`addresses[${index}].${field}`] = message;
    }
  });
  return errors;
}

/**
 * A quote as staff write it (the back office's quote file): the customer, the addresses as in
 * orders, the shipping method and label, the items with their unit prices in dollars, and the
 * amounts staff set (shipping, tax, discount, in dollars). Totals are never read: the orders service
 * computes each row total, the subtotal and the total in cents.
 */
export const createQuoteRequestSchema = object({
  firstName: customerRule('firstName'),
  lastName: customerRule('lastName'),
  email: emailAddress('Invalid email address').typeError('Invalid email address').required('Email is required'),
  phone: string()
    .typeError('Phone number is invalid')
    .trim()
    .nullable()
    .optional()
    .test('checkout-phone', function (value) {
      if (value === undefined || value === null || value === '') return true;
      const message = checkoutAddressRules.phoneNumber(value);
      return message ? this.createError({ message }) : true;
    }),
  poNumber: string().typeError('PO number must be text').trim().max(64, "PO number can't exceed 64 characters").nullable().optional(),
  addresses: array(quoteAddressInputSchema).typeError('addresses must be a list of addresses').required(QUOTE_MESSAGES.billingRequired),
  shippingMethod: string().typeError('Shipping method must be text').trim().required('Shipping method is required').max(64, "Shipping method can't exceed 64 characters"),
  /** what the quote shows for the method; the method itself when left out */
  shippingLabel: string().typeError('Shipping label must be text').trim().max(128, "Shipping label can't exceed 128 characters").optional(),
  items: array(quoteItemInputSchema)
    .typeError('items must be a list of { name, sku, qty, price }')
    .required(QUOTE_MESSAGES.itemsRequired)
    .min(1, QUOTE_MESSAGES.itemsRequired)
    .max(MAX_QUOTE_ITEMS, `A quote can have at most ${MAX_QUOTE_ITEMS} items`),
  additionalNotes: string().typeError('Additional notes must be text').trim().max(MAX_ORDER_NOTES, `Additional notes can't exceed ${MAX_ORDER_NOTES} characters`).nullable().optional(),
  shippingAmount: dollars('Shipping amount').default(0),
  taxAmount: dollars('Tax amount').default(0),
  discountAmount: dollars('Discount amount').default(0),
  splitPaymentEnabled: boolean().typeError('splitPaymentEnabled must be true or false').default(false),
  /** in dollars; required when split payment is enabled */
  minimumSplitAmount: dollars('Minimum split amount')
    .nullable()
    .optional()
    .when('splitPaymentEnabled', {
      is: true,
      then: (schema) => schema.nonNullable(QUOTE_MESSAGES.minimumSplitRequired).required(QUOTE_MESSAGES.minimumSplitRequired).moreThan(0, 'Minimum split amount must be greater than 0'),
    }),
})
  .transform(completeAddresses)
  .test('quote-addresses', function (quote) {
    return Array.isArray(quote.addresses) ? fieldErrors(this, addressErrors(quote.addresses)) : true;
  });
export type CreateQuoteRequest = InferType<typeof createQuoteRequestSchema>;
/** What a caller may pass (before defaults): amounts may be numbers or numeric text. */
export type CreateQuoteInput = Omit<Partial<CreateQuoteRequest>, 'addresses' | 'items'> & {
  addresses?: (Partial<QuoteAddressInput> & { type: AddressType })[];
  items?: Partial<QuoteItemInput>[];
};
