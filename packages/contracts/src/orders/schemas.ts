import { array, boolean, mixed, number, object, string, ValidationError, type InferType, type TestContext } from 'yup';
import { cartLinesSchema, type ShippingDestination } from '../checkout/cart.js';
import type { RequestLevelErrorParams } from '../http/route-input.js';
import { CHECKOUT_MESSAGES } from '../checkout/messages.js';
import { checkoutAddressRules, validateCheckoutAddress } from '../rules/checkout-address.js';
import { cents } from '../rules/field-rules.js';
import { isPlainObject } from '../rules/plain-object.js';
import { orderAddressSchema } from './address.js';
import { lineItemFields, orderTotalsFields, splitPaymentTermsFields } from './priced-fields.js';

export { ADDRESS_TYPES, orderAddressSchema, type AddressType, type OrderAddress } from './address.js';

export type OrderState = 'new' | 'processing' | 'complete' | 'canceled';
export const ORDER_STATES: readonly OrderState[] = ['new', 'processing', 'complete', 'canceled'];
/** Order statuses the storefront sets; badges know more (see status badges in the spec). */
export type OrderStatus = 'pending' | 'pending_payment' | 'ordered' | (string & {});
export type PaymentStatus = 'completed' | 'pending' | 'failed' | 'on_hold' | 'success';
export const PAYMENT_STATUSES: readonly PaymentStatus[] = ['completed', 'pending', 'failed', 'on_hold', 'success'];

// The order as the orders service answers it (GET /api/order/view/:id and every write that answers
// the order). Free text is `defined()`, not `required()`: yup's required() refuses an empty string.

export const statusHistoryEntrySchema = object({
  status: string().required(),
  comment: string().defined(),
  isCustomerNotified: boolean().required(),
  /** ISO 8601 */
  createdAt: string().required(),
});
export type StatusHistoryEntry = InferType<typeof statusHistoryEntrySchema>;

export const orderItemSchema = object({
  sku: string().required(),
  ...lineItemFields,
  originalPrice: cents().required(),
  priceInclTax: cents().required(),
  weight: number().required(),
  rowWeight: number().required(),
  taxPercent: number().required(),
  taxAmount: cents().required(),
  rowTotalInclTax: cents().required(),
  /** the finish: [{ type, label, value }] (empty for an item without one) */
  customOptions: array(object({ type: string().required(), label: string().defined(), value: string().optional() }).required()).required(),
});
export type OrderItem = InferType<typeof orderItemSchema>;

export const orderPaymentSchema = object({
  id: string().required(),
  status: mixed<PaymentStatus>().oneOf(PAYMENT_STATUSES).required(),
  amount: cents().required(),
  amountPaid: cents().required(),
  transactionId: string().nullable().defined(),
  method: string().defined(),
  methodLabel: string().defined(),
  /** ISO 8601 */
  createdAt: string().required(),
  /** a few gateway fields (gateway, attemptId, card brand and last 4, raw status): an open record, never a full card number */
  additionalData: mixed<Record<string, unknown>>((value): value is Record<string, unknown> => isPlainObject(value))
    .defined()
    .meta({ jsonSchema: { type: 'object', description: 'a few gateway fields (gateway, attemptId, card brand and last 4, raw status); never a full card number' } }),
});
export type OrderPayment = InferType<typeof orderPaymentSchema>;

export const orderSchema = object({
  id: string().required(),
  /** "SF-100001": the number customers quote */
  orderIncrementId: string().required(),
  /** ISO 8601 */
  createdAt: string().required(),
  state: mixed<OrderState>().oneOf(ORDER_STATES).required(),
  status: string<OrderStatus>().required(),
  paymentStatus: mixed<PaymentStatus>().oneOf(PAYMENT_STATUSES).required(),
  email: string().defined(),
  firstName: string().defined(),
  lastName: string().defined(),
  customerIsGuest: boolean().required(),
  customerId: string().nullable().defined(),
  poNumber: string().nullable().defined(),
  orderCurrencyCode: string().oneOf(['USD'] as const).required(),
  shippingMethod: string().defined(),
  shippingLabel: string().defined(),
  ...orderTotalsFields,
  /** pounds */
  weight: number().required(),
  totalItemCount: number().integer().required(),
  additionalNotes: string().nullable().defined(),
  emailSent: boolean().required(),
  ...splitPaymentTermsFields,
  items: array(orderItemSchema.required()).required(),
  /** billing first */
  addresses: array(orderAddressSchema.required()).required(),
  /** oldest first */
  payments: array(orderPaymentSchema.required()).required(),
  /** oldest first */
  statusHistory: array(statusHistoryEntrySchema.required()).required(),
});
export type Order = InferType<typeof orderSchema>;

const ORDER_MESSAGES_NOT_FOUND = 'Order not found.';

/** The 400 message of an order request with broken fields (each named in `errors`). */
export const CORRECT_FIELDS_MESSAGE = 'Please correct the highlighted fields.';
export const EMPTY_CART_MESSAGE = 'Your cart is empty. Add at least one sample before placing an order.';
export const MAX_ORDER_NOTES = 2000;

/** One address as the checkout sends it; the checkout's address rules judge the values (see below). */
export const orderAddressInputSchema = object({
  type: string().required('type must be billing or shipping').oneOf(['billing', 'shipping'] as const, 'type must be billing or shipping'),
  email: string().trim().max(254).default(''),
  firstName: string().trim().max(100).default(''),
  lastName: string().trim().max(100).default(''),
  street1: string().trim().max(200).default(''),
  street2: string().trim().max(200).optional(),
  city: string().trim().max(100).default(''),
  state: string().trim().uppercase().max(64).default(''),
  zipCode: string().trim().max(20).default(''),
  countryId: string().trim().uppercase().max(2).default(''),
  phoneNumber: string().trim().max(40).default(''),
});
export type OrderAddressInput = InferType<typeof orderAddressInputSchema>;

/** One of the checkout's name or e-mail rules as a yup test (the message is the rule's own). */
function checkoutRule(field: 'email' | 'firstName' | 'lastName') {
  return string()
    .trim()
    .default('')
    .test(`checkout-${field}`, function (value) {
      const message = checkoutAddressRules[field](value);
      return message ? this.createError({ message }) : true;
    });
}

/**
 * The addresses' rules, keyed by the checkout form's field names (bill_zip, ship_first_name, ...) so
 * the form shows each message where the shopper typed. A missing shipping address means "same as
 * billing".
 */
function addressErrors(addresses: readonly OrderAddressInput[]): Record<string, string> {
  const billing = addresses.find((address) => address.type === 'billing');
  if (!billing) return { addresses: 'A billing address is required' };
  const shipping = addresses.find((address) => address.type === 'shipping');
  return { ...validateCheckoutAddress('billing', billing), ...(shipping ? validateCheckoutAddress('shipping', shipping) : {}) };
}

/** A test's several field errors at once (yup takes a ValidationError whose inner errors each name a path). */
function manyErrors(context: TestContext, errors: Record<string, string>, params?: RequestLevelErrorParams): ValidationError | true {
  const entries = Object.entries(errors);
  if (entries.length === 0) return true;
  return new ValidationError(entries.map(([path, message]) => context.createError({ path, message, ...(params ? { params: { ...params } } : {}) })));
}

/**
 * POST /api/order body. The browser says who is ordering what and where it goes; every amount
 * (prices, shipping, tax, totals) is computed by the orders service from content/ and never read
 * from this payload (a price sent along is dropped). Checked with the checkout's own rules
 * (rules/checkout-address.ts), the same the browser's checkout form uses.
 */
export const createOrderRequestSchema = object({
  email: checkoutRule('email'),
  firstName: checkoutRule('firstName'),
  lastName: checkoutRule('lastName'),
  customerId: string().max(64).optional(),
  items: cartLinesSchema.test('not-empty', function (items) {
    return items.length > 0 || this.createError({ message: EMPTY_CART_MESSAGE, params: { errorType: 'emptyCart' } });
  }),
  addresses: array(orderAddressInputSchema).typeError('addresses must be a list of addresses').max(2, 'An order has a billing and a shipping address').default([]),
  // required as the checkout form requires it (spec §5 'Please select a payment method'): an order
  // nobody can pay is never stored (review: the server accepted what the checkout refuses)
  paymentMethod: string()
    .typeError(CHECKOUT_MESSAGES.paymentMethodRequired)
    .trim()
    .max(64, CHECKOUT_MESSAGES.paymentMethodRequired)
    .required(CHECKOUT_MESSAGES.paymentMethodRequired),
  additionalNotes: string()
    .typeError('additionalNotes must be text')
    .trim()
    .max(MAX_ORDER_NOTES, `Notes can't exceed ${MAX_ORDER_NOTES} characters`)
    .nullable()
    .optional(),
}).test('checkout-addresses', function (order) {
  // not a list: the field's own typeError says so; the rules need a list to read
  return Array.isArray(order.addresses) ? manyErrors(this, addressErrors(order.addresses)) : true;
});
export type CreateOrderRequest = InferType<typeof createOrderRequestSchema>;

/** GET /api/order/view/:id */
export const orderResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  status: mixed<200 | 201>().oneOf([200, 201]).required(),
  data: orderSchema.required(),
});
export type OrderResponse = InferType<typeof orderResponseSchema>;

/** `:id` of an order route. A malformed id is an unknown order (404), as the service answers. */
export const orderIdParamsSchema = object({ id: string().trim().required(ORDER_MESSAGES_NOT_FOUND).max(64, ORDER_MESSAGES_NOT_FOUND) });

/** GET /api/order/view/:id?token=: the view token of an e-mail's link (the checkout sends its order token as X-Order-Token instead). */
export const orderViewQuerySchema = object({ token: string().trim().max(128, ORDER_MESSAGES_NOT_FOUND).optional() });

export { ORDER_VIEW_MESSAGES, EMPTY_LIST_MESSAGES } from './messages.js';

export const ORDER_MESSAGES = {
  created: 'New order has been created',
  notFound: ORDER_MESSAGES_NOT_FOUND,
  idRequired: 'Order ID is required',
  /**
   * A sample order (POST/PATCH /api/order) naming catalog items that are not samples: the checkout's
   * cart only ever holds samples (the style page offers sample items only). The spec has no words for
   * it; these say what to do, like the unknown-items message.
   */
  samplesOnly: (skus: readonly string[]) => `Only samples can be ordered at checkout: ${skus.join(', ')}. Please remove them and try again.`,
  /** an order staff canceled in the back office takes no payment (the spec has no words for it) */
  canceled: 'This order was canceled and can no longer be paid. Please contact us if you still want it.',
} as const;

export type { ShippingDestination };
