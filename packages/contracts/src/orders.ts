import { array, object, string, ValidationError, type InferType, type TestContext } from 'yup';
import { cartLinesSchema, type ShippingDestination } from './cart.js';
import type { RequestLevelErrorParams } from './http/route-input.js';
import { checkoutAddressRules, validateCheckoutAddress } from './rules/checkout-address.js';

export type AddressType = 'billing' | 'shipping';

export interface OrderAddress {
  type: AddressType;
  email: string;
  firstName: string;
  lastName: string;
  street1: string;
  street2?: string;
  city: string;
  state: string;
  zipCode: string;
  countryId: string;
  phoneNumber: string;
  customerId?: string;
}

export type OrderState = 'new' | 'processing' | 'complete' | 'canceled';
/** Order statuses the storefront sets; badges know more (see status badges in the spec). */
export type OrderStatus = 'pending' | 'pending_payment' | 'ordered' | (string & {});
export type PaymentStatus = 'completed' | 'pending' | 'failed' | 'on_hold' | 'success';

export interface StatusHistoryEntry {
  status: string;
  comment: string;
  isCustomerNotified: boolean;
  createdAt: string;
}

export interface OrderItem {
  sku: string;
  name: string;
  price: number;
  originalPrice: number;
  priceInclTax: number;
  qty: number;
  weight: number;
  rowWeight: number;
  rowTotal: number;
  taxPercent: number;
  taxAmount: number;
  rowTotalInclTax: number;
  customOptions: { type: string; label: string; value?: string }[];
}

export interface OrderPayment {
  id: string;
  status: PaymentStatus;
  amount: number;
  amountPaid: number;
  transactionId: string | null;
  method: string;
  methodLabel: string;
  createdAt: string;
  additionalData: Record<string, unknown>;
}

export interface Order {
  id: string;
  orderIncrementId: string;
  createdAt: string;
  state: OrderState;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  email: string;
  firstName: string;
  lastName: string;
  customerIsGuest: boolean;
  customerId: string | null;
  poNumber: string | null;
  orderCurrencyCode: 'USD';
  subtotal: number;
  shippingAmount: number;
  shippingMethod: string;
  shippingLabel: string;
  taxAmount: number;
  discountAmount: number;
  total: number;
  weight: number;
  totalItemCount: number;
  additionalNotes: string | null;
  emailSent: boolean;
  splitPaymentEnabled: boolean;
  minimumSplitAmount: number | null;
  items: OrderItem[];
  addresses: OrderAddress[];
  payments: OrderPayment[];
  statusHistory: StatusHistoryEntry[];
}

const ORDER_MESSAGES_NOT_FOUND = 'Order not found.';

/** The 400 message of an order request with broken fields (each named in `errors`). */
export const CORRECT_FIELDS_MESSAGE = 'Please correct the highlighted fields.';
export const EMPTY_CART_MESSAGE = 'Your cart is empty. Add at least one sample before placing an order.';
export const MAX_ORDER_NOTES = 2000;

/** One address as the checkout sends it; the checkout's address rules judge the values (see below). */
const orderAddressInputSchema = object({
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
  paymentMethod: string().typeError('Please select a payment method').trim().max(64, 'Please select a payment method').optional(),
  additionalNotes: string()
    .typeError('additionalNotes must be text')
    .trim()
    .max(MAX_ORDER_NOTES, `Notes can't exceed ${MAX_ORDER_NOTES} characters`)
    .nullable()
    .optional(),
}).test('checkout-addresses', function (order) {
  return manyErrors(this, addressErrors(order.addresses));
});
export type CreateOrderRequest = InferType<typeof createOrderRequestSchema>;

export interface OrderResponse {
  success: true;
  status: 200 | 201;
  data: Order;
}

/** `:id` of an order route. A malformed id is an unknown order (404), as the service answers. */
export const orderIdParamsSchema = object({ id: string().trim().required(ORDER_MESSAGES_NOT_FOUND).max(64, ORDER_MESSAGES_NOT_FOUND) });

export const ORDER_MESSAGES = {
  created: 'New order has been created',
  notFound: ORDER_MESSAGES_NOT_FOUND,
  idRequired: 'Order ID is required',
} as const;

export type { ShippingDestination };
