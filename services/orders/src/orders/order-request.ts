import { BadRequestException } from '@nestjs/common';
import { checkoutAddressRules, validateCheckoutAddress } from '@storefront/commerce-rules';
import { locationErrors } from '../checkout/checkout-locations.js';
import {
  ORDER_FIELDS_A_BROWSER_MAY_CHANGE,
  ORDER_MESSAGES,
  type AddressType,
  type CartSummaryRequest,
  type OrderAddress,
  type SampleFinish,
  type ShippingDestination,
} from '@storefront/contracts';

/** The 400 body for SKUs the catalog no longer has. */
export function unknownSkusError(skus: readonly string[]): { message: string; errorType: 'unknownSkus' } {
  return {
    message: `Some items in your cart are no longer available: ${skus.join(', ')}. Please remove them and try again.`,
    errorType: 'unknownSkus',
  };
}

export const CORRECT_FIELDS_MESSAGE = 'Please correct the highlighted fields.';
export const EMPTY_CART_MESSAGE = 'Your cart is empty. Add at least one sample before placing an order.';
/** More lines than any sample cart has; keeps one request from pricing thousands of lines. */
export const MAX_CART_LINES = 50;
const MAX_NOTES = 2000;

export type CartItem = CartSummaryRequest['items'][number];

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function optionalText(value: unknown, max: number): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : undefined;
}

/** A 400 whose `errors` name each bad field; the message says what to do. */
export function invalid(errors: Record<string, string>, message = CORRECT_FIELDS_MESSAGE): never {
  throw new BadRequestException({ message, errors });
}

function parseFinish(value: unknown, at: string, errors: Record<string, string>): SampleFinish | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value) || typeof value.type !== 'string' || typeof value.value !== 'string') {
    errors[at] = 'finish must have a type and a value';
    return undefined;
  }
  return { type: value.type, value: value.value };
}

/** items: [{ sku, qty, finish? }]; prices or names sent along are ignored. */
export function parseItems(value: unknown, errors: Record<string, string>): CartItem[] {
  if (!Array.isArray(value)) {
    errors.items = 'items must be a list of { sku, qty }';
    return [];
  }
  if (value.length > MAX_CART_LINES) {
    errors.items = `A cart can hold at most ${MAX_CART_LINES} lines`;
    return [];
  }
  return value.flatMap((raw, i): CartItem[] => {
    const at = `items[${i}]`;
    if (!isObject(raw)) {
      errors[at] = 'each item must be an object with sku and qty';
      return [];
    }
    const sku = typeof raw.sku === 'string' ? raw.sku.trim() : '';
    if (!sku || sku.length > 64) errors[`${at}.sku`] = 'sku is required';
    const qty = typeof raw.qty === 'string' && raw.qty.trim() !== '' ? Number(raw.qty) : raw.qty;
    if (typeof qty !== 'number' || !Number.isInteger(qty) || qty < 1) {
      errors[`${at}.qty`] = 'qty must be a whole number of at least 1';
    }
    const finish = parseFinish(raw.finish, `${at}.finish`, errors);
    return [{ sku, qty: Number(qty), ...(finish ? { finish } : {}) }];
  });
}

function parseDestination(value: unknown, errors: Record<string, string>): ShippingDestination | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) {
    errors.destination = 'destination must be { country, state, zip }';
    return undefined;
  }
  for (const key of ['country', 'state', 'zip'] as const) {
    if (value[key] !== undefined && typeof value[key] !== 'string') errors[`destination.${key}`] = `${key} must be text`;
  }
  return {
    country: typeof value.country === 'string' ? value.country : '',
    ...(typeof value.state === 'string' ? { state: value.state } : {}),
    ...(typeof value.zip === 'string' ? { zip: value.zip } : {}),
  };
}

/** POST /api/order/cart-summary body. */
export function parseCartSummaryRequest(body: unknown): CartSummaryRequest {
  if (!isObject(body)) throw new BadRequestException('Request body must be a JSON object with items');
  const errors: Record<string, string> = {};
  const items = parseItems(body.items, errors);
  const destination = parseDestination(body.destination, errors);
  if (Object.keys(errors).length > 0) invalid(errors, `Invalid cart: ${Object.values(errors)[0]}`);
  return { items, ...(destination ? { destination } : {}) };
}

/** A validated order request: what to price and where it goes. Amounts are never read from the body. */
export interface ValidOrderRequest {
  email: string;
  firstName: string;
  lastName: string;
  items: CartItem[];
  billing: OrderAddress;
  shipping: OrderAddress;
  paymentMethod?: string;
  additionalNotes?: string;
}

function toAddress(type: AddressType, raw: Record<string, unknown>): OrderAddress {
  const text = (key: string): string => (typeof raw[key] === 'string' ? (raw[key] as string).trim() : '');
  const street2 = text('street2');
  return {
    type,
    email: text('email'),
    firstName: text('firstName'),
    lastName: text('lastName'),
    street1: text('street1'),
    ...(street2 ? { street2 } : {}),
    city: text('city'),
    state: text('state').toUpperCase(),
    zipCode: text('zipCode'),
    countryId: text('countryId').toUpperCase(),
    phoneNumber: text('phoneNumber'),
  };
}

/**
 * POST /api/order body, checked with the checkout's own rules (packages/commerce-rules). Errors are
 * keyed by the checkout form's field names (bill_zip, ship_first_name, ...) so the form can show them
 * where the shopper typed. A missing shipping address means "same as billing".
 */
export function parseCreateOrderRequest(body: unknown): ValidOrderRequest {
  if (!isObject(body)) throw new BadRequestException('Request body must be a JSON object');
  const errors: Record<string, string> = {};

  for (const field of ['email', 'firstName', 'lastName'] as const) {
    const message = checkoutAddressRules[field](body[field]);
    if (message) errors[field] = message;
  }

  const items = parseItems(body.items, errors);
  if (!errors.items && items.length === 0) throw new BadRequestException({ message: EMPTY_CART_MESSAGE, errorType: 'emptyCart' });

  const rawAddresses = Array.isArray(body.addresses) ? body.addresses.filter(isObject) : [];
  const rawBilling = rawAddresses.find((a) => a.type === 'billing');
  const rawShipping = rawAddresses.find((a) => a.type === 'shipping') ?? rawBilling;
  if (!rawBilling) {
    errors.addresses = 'A billing address is required';
  } else {
    Object.assign(errors, validateCheckoutAddress('billing', rawBilling), locationErrors('billing', toAddress('billing', rawBilling)));
    if (rawShipping && rawShipping !== rawBilling) {
      Object.assign(errors, validateCheckoutAddress('shipping', rawShipping), locationErrors('shipping', toAddress('shipping', rawShipping)));
    }
  }

  if (body.paymentMethod !== undefined && typeof body.paymentMethod !== 'string') {
    errors.paymentMethod = 'Please select a payment method';
  }
  if (body.additionalNotes !== undefined && body.additionalNotes !== null && typeof body.additionalNotes !== 'string') {
    errors.additionalNotes = 'additionalNotes must be text';
  } else if (typeof body.additionalNotes === 'string' && body.additionalNotes.length > MAX_NOTES) {
    errors.additionalNotes = `Notes can't exceed ${MAX_NOTES} characters`;
  }
  if (Object.keys(errors).length > 0 || !rawBilling || !rawShipping) invalid(errors);

  const paymentMethod = optionalText(body.paymentMethod, 64);
  const additionalNotes = optionalText(body.additionalNotes, MAX_NOTES);
  return {
    email: (body.email as string).trim(),
    firstName: (body.firstName as string).trim(),
    lastName: (body.lastName as string).trim(),
    items,
    billing: toAddress('billing', rawBilling),
    shipping: toAddress('shipping', rawShipping),
    ...(paymentMethod ? { paymentMethod } : {}),
    ...(additionalNotes ? { additionalNotes } : {}),
  };
}

export const FORBIDDEN_FIELDS_MESSAGE = (fields: readonly string[]): string =>
  `These fields are set by the store and cannot be changed: ${fields.join(', ')}.`;
const BROWSER_FIELDS: ReadonlySet<string> = new Set(ORDER_FIELDS_A_BROWSER_MAY_CHANGE);

/** A validated PATCH /api/order: which order, and the same request a create would be. */
export interface ValidOrderUpdate extends ValidOrderRequest {
  id: string;
}

/**
 * PATCH /api/order body. Anything but the fields a shopper may change (status, payments, history,
 * emailSent, amounts, ...) is refused as a whole, naming the fields, so a forged body changes
 * nothing rather than some of it; the rest is exactly a create request.
 */
export function parseUpdateOrderRequest(body: unknown): ValidOrderUpdate {
  if (!isObject(body)) throw new BadRequestException('Request body must be a JSON object');
  const forbidden = Object.keys(body).filter((key) => !BROWSER_FIELDS.has(key));
  if (forbidden.length > 0) {
    throw new BadRequestException({
      message: FORBIDDEN_FIELDS_MESSAGE(forbidden),
      errorType: 'forbiddenFields',
      errors: Object.fromEntries(forbidden.map((field) => [field, 'This field cannot be changed'])),
    });
  }
  if (typeof body.id !== 'string' || body.id.trim() === '') {
    throw new BadRequestException({ message: ORDER_MESSAGES.idRequired, errors: { id: ORDER_MESSAGES.idRequired } });
  }
  return { id: body.id.trim(), ...parseCreateOrderRequest(body) };
}
