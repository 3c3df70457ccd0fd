import { amountReceived, splitPaymentDue } from '@storefront/commerce-rules';
import type { Order, PaymentMethod, Quote, SplitPaymentOrder } from '@storefront/contracts';
import type { FakeAnswer } from '@storefront/ui/testing';
import { ann, orderFor } from './checkout-fixtures.js';

/** As content/settings/payment-methods.json lists it (on the sandbox). */
export const splitPaymentMethod: PaymentMethod = {
  name: 'split-payment',
  title: 'Split Payment',
  description: 'Pay your cabinet order in instalments.',
  enabled: true,
  isDefault: false,
  gateway: 'stripe',
  sortOrder: 4,
  cardEntry: 'hosted',
  sandbox: true,
  dependsOn: 'credit-card',
  config: { publishableKey: '', scriptUrl: '/api/payment/sandbox/hosted-fields.js' },
};

/** The payments service's answer to POST /api/payment/attempts. */
export function attemptAnswer(status: string, extra: { transactionId?: string; nextAction?: object | null; message?: string | null; orderIncrementId?: string } = {}): FakeAnswer {
  const { transactionId = 'txn-1', nextAction = null, message = null, orderIncrementId = 'SF-100013' } = extra;
  return { status: 201, body: { attempt: { id: 'att-1', status, nextAction, message, transactionId }, orderIncrementId, testPayment: true } };
}

const address = { ...ann, city: 'New York', state: 'NY', countryId: 'US', phoneNumber: '2125550100' };

export function quoteFor(overrides: Partial<Quote> = {}): Quote {
  return {
    id: 'quote-1',
    quoteIncrementId: 'Q-100001',
    poNumber: 'PO-7731',
    ...ann,
    phone: null,
    createdAt: '2026-11-23T15:00:00.000Z',
    status: 'ready_to_order',
    addresses: [
      { ...address, type: 'billing', street1: '350 5th Ave', zipCode: '10118' },
      { ...address, type: 'shipping', street1: '1 Dock Rd', zipCode: '10001' },
    ],
    shippingMethod: 'freight',
    shippingLabel: 'Freight (curbside)',
    items: [{ id: 'i1', name: 'Shaker Base Cabinet 24"', sku: 'SSW-B24', qty: 2, price: 50000, rowTotal: 100000, notes: 'soft-close hinges' }],
    additionalNotes: 'Deliver after 9 am.',
    subtotal: 100000,
    shippingAmount: 0,
    taxAmount: 0,
    discountAmount: 0,
    total: 100000,
    splitPaymentEnabled: true,
    minimumSplitAmount: 20000,
    orderId: null,
    payments: [],
    ...overrides,
  };
}

type Payment = Order['payments'][number];

export function paymentFor(overrides: Partial<Payment> = {}): Payment {
  return {
    id: 'pay-1',
    status: 'completed',
    amount: 30000,
    amountPaid: 30000,
    transactionId: 'txn-1',
    method: 'credit-card',
    methodLabel: 'Credit or Debit Card',
    createdAt: '2026-11-24T10:00:00.000Z',
    additionalData: {},
    ...overrides,
  };
}

/** What the split-payment lookup and confirmation answer of an order: its figures only. */
export function splitFiguresOf(order: Order): SplitPaymentOrder {
  return {
    id: order.id,
    orderIncrementId: order.orderIncrementId,
    status: order.status,
    splitPaymentEnabled: order.splitPaymentEnabled,
    subtotal: order.subtotal,
    shippingLabel: order.shippingLabel,
    shippingAmount: order.shippingAmount,
    taxAmount: order.taxAmount,
    discountAmount: order.discountAmount,
    total: order.total,
    minimumSplitAmount: order.minimumSplitAmount,
    amountReceived: amountReceived(order.payments),
    amountDue: splitPaymentDue(order.total, order.payments),
  };
}

/** An order paid in instalments: total $1,000.00, minimum split $200.00. */
export function splitOrderFor(overrides: Partial<Order> = {}): Order {
  return orderFor({
    id: 'ord-9',
    orderIncrementId: 'SF-100013',
    email: 'ann@example.com',
    subtotal: 100000,
    shippingAmount: 0,
    total: 100000,
    splitPaymentEnabled: true,
    minimumSplitAmount: 20000,
    payments: [],
    ...overrides,
  });
}
