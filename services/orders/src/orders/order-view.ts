import type { Order, OrderState, PaymentStatus } from '@storefront/contracts';
import type { OrderEntity } from '../entities/index.js';

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
    addresses: [...(order.addresses ?? [])]
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
      })),
    payments: [...(order.payments ?? [])]
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
      })),
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
