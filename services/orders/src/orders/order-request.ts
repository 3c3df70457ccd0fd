import { BadRequestException } from '@nestjs/common';
import {
  CORRECT_FIELDS_MESSAGE,
  maxQuantityMessage,
  type AddressType,
  type CartLine,
  type CartSummary,
  type CreateOrderRequest,
  type OrderAddress,
  type OrderAddressInput,
} from '@storefront/contracts';
import { locationErrors } from '../checkout/checkout-locations.js';

/**
 * What an order request means once the route's schema has checked it (packages/contracts:
 * createOrderRequestSchema): who, what, the billing and the shipping address, how to pay. Amounts
 * are never read from a request.
 */
export interface ValidOrderRequest {
  email: string;
  firstName: string;
  lastName: string;
  items: CartLine[];
  billing: OrderAddress;
  shipping: OrderAddress;
  paymentMethod?: string;
  additionalNotes?: string;
}

function toAddress(type: AddressType, input: OrderAddressInput): OrderAddress {
  const { street2, ...rest } = input;
  return { ...rest, type, ...(street2 ? { street2 } : {}) };
}

/**
 * The checked request as an order's parts: a missing shipping address means "same as billing".
 * The one rule the schema cannot know is the server's own list of countries and states (the
 * checkout's location lists): an unknown one is named on its field, like every other field error.
 */
export function orderRequestOf(request: CreateOrderRequest): ValidOrderRequest {
  // the schema guarantees a billing address
  const billingInput = request.addresses.find((address) => address.type === 'billing') as OrderAddressInput;
  const shippingInput = request.addresses.find((address) => address.type === 'shipping');
  const billing = toAddress('billing', billingInput);
  const shipping = toAddress('shipping', shippingInput ?? billingInput);
  const errors = { ...locationErrors('billing', billing), ...(shippingInput ? locationErrors('shipping', shipping) : {}) };
  if (Object.keys(errors).length > 0) throw new BadRequestException({ message: CORRECT_FIELDS_MESSAGE, errors });
  return {
    email: request.email,
    firstName: request.firstName,
    lastName: request.lastName,
    items: request.items,
    billing,
    shipping,
    ...(request.paymentMethod ? { paymentMethod: request.paymentMethod } : {}),
    ...(request.additionalNotes ? { additionalNotes: request.additionalNotes } : {}),
  };
}

/** The 400 body for SKUs the catalog no longer has. */
export function unknownSkusError(skus: readonly string[]): { message: string; errorType: 'unknownSkus' } {
  return {
    message: `Some items in your cart are no longer available: ${skus.join(', ')}. Please remove them and try again.`,
    errorType: 'unknownSkus',
  };
}

/**
 * A priced cart the orders service answers for: unknown SKUs and lines over their quantity limit are
 * refused (the same for the cart summary, an order and its update), never silently changed.
 */
export function assertOrderable(summary: Pick<CartSummary, 'unknownSkus' | 'overLimit'>): void {
  if (summary.unknownSkus.length > 0) throw new BadRequestException(unknownSkusError(summary.unknownSkus));
  const over = summary.overLimit[0];
  if (over) throw new BadRequestException({ message: maxQuantityMessage(over.name, over.max), errorType: 'sampleQuantity' });
}
