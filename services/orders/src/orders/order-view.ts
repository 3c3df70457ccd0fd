import type { Order, OrderAddress, OrderPayment, OrderState, PaymentStatus } from '@storefront/contracts';
import type { OrderAddressEntity, OrderEntity, OrderPaymentEntity } from '../entities/index.js';

/** The stored address fields of an order's or a quote's address (same columns). */
type StoredAddress = Pick<OrderAddressEntity, 'type' | 'email' | 'firstName' | 'lastName' | 'street1' | 'street2' | 'city' | 'state' | 'zipCode' | 'countryId' | 'phoneNumber'>;

/** Addresses as the API answers them (orders and quotes alike): billing first, no empty street2. */
export function toAddressViews(addresses: readonly StoredAddress[]): OrderAddress[] {
  return [...addresses]
    .sort((a, b) => (a.type === b.type ? 0 : a.type === 'billing' ? -1 : 1))
    .map((address) => ({
      type: address.type as 'billing' | 'shipping',
      email: address.email,
      firstName: address.firstName,
      lastName: address.lastName,
      street1: address.street1,
      ...(address.street2 ? { street2: address.street2 } : {}),
      city: address.city,
      state: address.state,
      zipCode: address.zipCode,
      countryId: address.countryId,
      phoneNumber: address.phoneNumber,
    }));
}

/** An order's payments as the API answers them (the order's and the quote's it came from), oldest first. */
export function toPaymentViews(payments: readonly OrderPaymentEntity[]): OrderPayment[] {
  return [...payments]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((payment) => ({
      id: payment.id,
      status: payment.status as PaymentStatus,
      amount: payment.amount,
      amountPaid: payment.amountPaid,
      transactionId: payment.transactionId,
      method: payment.method,
      methodLabel: payment.methodLabel,
      createdAt: payment.createdAt.toISOString(),
      additionalData: payment.additionalData,
    }));
}

/** The stored order as the API answers it (Order in @storefront/contracts). */
export function toOrderView(order: OrderEntity): Order {
  return {
    id: order.id,
    orderIncrementId: order.orderIncrementId,
    createdAt: order.createdAt.toISOString(),
    state: order.state as OrderState,
    status: order.status,
    paymentStatus: order.paymentStatus as PaymentStatus,
    email: order.email,
    firstName: order.firstName,
    lastName: order.lastName,
    customerIsGuest: order.customerIsGuest,
    customerId: order.customerId,
    poNumber: order.poNumber,
    orderCurrencyCode: 'USD',
    subtotal: order.subtotal,
    shippingAmount: order.shippingAmount,
    shippingMethod: order.shippingMethod,
    shippingLabel: order.shippingLabel,
    taxAmount: order.taxAmount,
    discountAmount: order.discountAmount,
    total: order.total,
    weight: order.weight,
    totalItemCount: order.totalItemCount,
    additionalNotes: order.additionalNotes,
    emailSent: order.emailSent,
    splitPaymentEnabled: order.splitPaymentEnabled,
    minimumSplitAmount: order.minimumSplitAmount,
    items: [...(order.items ?? [])]
      .sort((a, b) => a.position - b.position)
      .map((item) => ({
        sku: item.sku,
        name: item.name,
        price: item.price,
        originalPrice: item.originalPrice,
        priceInclTax: item.priceInclTax,
        qty: item.qty,
        weight: item.weight,
        rowWeight: item.rowWeight,
        rowTotal: item.rowTotal,
        taxPercent: item.taxPercent,
        taxAmount: item.taxAmount,
        rowTotalInclTax: item.rowTotalInclTax,
        customOptions: item.customOptions,
      })),
    // billing first, as the order pages show them
    addresses: toAddressViews(order.addresses ?? []),
    payments: toPaymentViews(order.payments ?? []),
    statusHistory: [...(order.statusHistory ?? [])]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((entry) => ({
        status: entry.status,
        comment: entry.comment,
        isCustomerNotified: entry.isCustomerNotified,
        createdAt: entry.createdAt.toISOString(),
      })),
  };
}
