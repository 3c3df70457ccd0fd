import { percentOfCents, roundToCents } from '@storefront/money';
import { ORDER_MESSAGES, type CartSummary, type OrderAddress, type PaymentMethod } from '@storefront/contracts';
import { shippingTaxOf } from '@storefront/commerce-rules';
import {
  OrderAddressEntity,
  OrderEntity,
  OrderItemEntity,
  OrderPaymentEntity,
  OrderStatusHistoryEntity,
} from '../entities/index.js';
import type { ValidOrderRequest } from './order-request.js';

function address(source: OrderAddress): OrderAddressEntity {
  return Object.assign(new OrderAddressEntity(), {
    type: source.type,
    email: source.email || '',
    firstName: source.firstName,
    lastName: source.lastName,
    street1: source.street1,
    street2: source.street2 ?? null,
    city: source.city,
    state: source.state,
    zipCode: source.zipCode,
    countryId: source.countryId,
    phoneNumber: source.phoneNumber,
  });
}

/**
 * What a request and the server's pricing of it put on an order: who, the lines, the addresses and
 * every amount. Shared by a new order and an update before payment, so both are priced alike.
 */
export interface PricedOrderContents {
  fields: Pick<
    OrderEntity,
    | 'email'
    | 'firstName'
    | 'lastName'
    | 'currency'
    | 'subtotal'
    | 'shippingAmount'
    | 'shippingTaxAmount'
    | 'shippingMethod'
    | 'shippingLabel'
    | 'taxAmount'
    | 'discountAmount'
    | 'total'
    | 'weight'
    | 'totalItemCount'
    | 'additionalNotes'
  >;
  items: OrderItemEntity[];
  addresses: OrderAddressEntity[];
}

export function pricedOrderContents(request: ValidOrderRequest, summary: CartSummary): PricedOrderContents {
  const shipping = summary.shipping;
  if (!shipping) throw new Error('An order needs a shipping quote');

  const items = summary.lines.map((line, position) =>
    Object.assign(new OrderItemEntity(), {
      position,
      sku: line.sku,
      name: line.name,
      styleName: line.styleName,
      price: line.price,
      originalPrice: line.price,
      priceInclTax: line.price + percentOfCents(line.price, line.taxPercent),
      qty: line.qty,
      weight: line.weight,
      rowWeight: roundToCents(line.weight * line.qty),
      rowTotal: line.rowTotal,
      taxPercent: line.taxPercent,
      taxAmount: line.taxAmount,
      rowTotalInclTax: line.rowTotal + line.taxAmount,
      customOptions: line.finish
        ? [{ type: line.finish.type, label: line.finish.label ?? line.finish.value, value: line.finish.value }]
        : [],
    }),
  );

  return {
    fields: {
      email: request.email,
      firstName: request.firstName,
      lastName: request.lastName,
      currency: summary.currency,
      subtotal: summary.subtotal,
      shippingAmount: shipping.amount,
      shippingTaxAmount: shippingTaxOf(summary),
      shippingMethod: shipping.method,
      shippingLabel: shipping.label,
      taxAmount: summary.taxAmount,
      discountAmount: 0,
      total: summary.total,
      weight: roundToCents(items.reduce((total, item) => total + item.rowWeight, 0)),
      totalItemCount: summary.itemCount,
      additionalNotes: request.additionalNotes ?? null,
    },
    items,
    addresses: [address(request.billing), address(request.shipping)],
  };
}

/** A status history note the customer was not e-mailed about (the order's own changes). */
export function historyNote(status: string, comment: string): OrderStatusHistoryEntity {
  return Object.assign(new OrderStatusHistoryEntity(), { status, comment, isCustomerNotified: false });
}

/** A payment entry waiting for the chosen method to take `amount` (cents). */
export function pendingPayment(entry: OrderPaymentEntity, amount: number, paymentMethod: PaymentMethod): OrderPaymentEntity {
  return Object.assign(entry, {
    status: 'pending',
    amount,
    amountPaid: 0,
    transactionId: null,
    method: paymentMethod.name,
    methodLabel: paymentMethod.title,
    additionalData: { gateway: paymentMethod.gateway },
  });
}

/**
 * A new order from a validated request and the server's own pricing of it: state new, status and
 * payment pending, the first history entry, and a pending payment for the chosen method.
 */
export function buildNewOrder(
  request: ValidOrderRequest,
  summary: CartSummary,
  paymentMethod: PaymentMethod | undefined,
  orderTokenHash: string,
  customerId: string | null = null,
): OrderEntity {
  const { fields, items, addresses } = pricedOrderContents(request, summary);
  return Object.assign(new OrderEntity(), {
    ...fields,
    state: 'new',
    status: 'pending',
    paymentStatus: 'pending',
    // the customer comes from the session (orders.controller), never from the request's body
    customerIsGuest: customerId === null,
    customerId,
    poNumber: null,
    emailSent: false,
    splitPaymentEnabled: false,
    minimumSplitAmount: null,
    orderTokenHash,
    items,
    addresses,
    payments: paymentMethod ? [pendingPayment(new OrderPaymentEntity(), fields.total, paymentMethod)] : [],
    statusHistory: [historyNote('pending', ORDER_MESSAGES.created)],
  });
}
