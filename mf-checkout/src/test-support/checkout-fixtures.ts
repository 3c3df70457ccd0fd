import type { CartSummary, CheckoutLocations, CheckoutPagesContent, Order, PaymentMethod, SelectedSample } from '@storefront/contracts';

export const door: SelectedSample = {
  sku: 'SSW-SAMPLE',
  name: 'Shaker Snow White Sample Door',
  qty: 1,
  finish: { type: 'painted', value: 'dove-grey', label: 'Dove Grey' },
  styleName: 'ssw',
  styleTitle: 'Shaker Snow White',
  image: { src: '/images/door-dove-grey.svg', altText: 'Sample door in Dove Grey' },
};

export const locations: CheckoutLocations = {
  countries: [
    { code: 'US', name: 'United States' },
    { code: 'CA', name: 'Canada' },
  ],
  states: {
    US: [
      { code: 'NY', name: 'New York' },
      { code: 'TX', name: 'Texas' },
    ],
  },
  defaultCountry: 'US',
};

/** As the payments service lists them on the sandbox: no keys, so every gateway is the sandbox's. */
export const stripeCard: PaymentMethod = {
  name: 'credit-card',
  title: 'Credit or Debit Card',
  description: 'Pay securely with Visa, Mastercard, American Express or Discover.',
  enabled: true,
  isDefault: true,
  gateway: 'stripe',
  sortOrder: 1,
  cardEntry: 'hosted',
  sandbox: true,
  config: { publishableKey: '', scriptUrl: '/api/payment/sandbox/hosted-fields.js' },
};
export const paypal: PaymentMethod = {
  name: 'online-payment',
  title: 'PayPal',
  description: 'Check out with your PayPal account.',
  enabled: true,
  isDefault: false,
  gateway: 'paypal',
  sortOrder: 2,
  cardEntry: 'none',
  sandbox: true,
  config: { clientId: '' },
};
export const authorizeNet: PaymentMethod = {
  name: 'credit-card',
  title: 'Credit Card (Authorize.net)',
  description: 'Pay by card through Authorize.net.',
  enabled: true,
  isDefault: false,
  gateway: 'authorizenet',
  sortOrder: 3,
  cardEntry: 'direct',
  sandbox: true,
  config: { scriptUrl: '/api/payment/sandbox/hosted-fields.js' },
};

export function summaryFor(lines: SelectedSample[], extra: Partial<CartSummary> = {}): CartSummary {
  return {
    lines: lines.map((item) => ({
      sku: item.sku,
      name: item.name,
      styleName: item.styleName ?? '',
      styleTitle: item.styleTitle ?? '',
      qty: 1,
      price: 450,
      rowTotal: 450,
      taxPercent: 0,
      taxAmount: 0,
      weight: 2,
      finish: item.finish,
    })),
    unknownSkus: [],
    overLimit: [],
    itemCount: lines.length,
    subtotal: 123450,
    shipping: null,
    taxPercent: 0,
    taxAmount: 0,
    total: 123450,
    currency: 'USD',
    ...extra,
  };
}

/** The shopper of every order and quote here. */
export const ann = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee' };

export function orderFor(overrides: Partial<Order> = {}): Order {
  return {
    id: 'ord-1',
    orderIncrementId: '100000123',
    createdAt: '2026-11-23T10:00:00.000Z',
    state: 'new',
    status: 'pending',
    paymentStatus: 'pending',
    ...ann,
    customerIsGuest: true,
    customerId: null,
    poNumber: null,
    orderCurrencyCode: 'USD',
    subtotal: 450,
    shippingAmount: 999,
    shippingMethod: 'standard-ground',
    shippingLabel: 'Standard Ground',
    taxAmount: 0,
    discountAmount: 0,
    total: 1449,
    weight: 2,
    totalItemCount: 1,
    additionalNotes: null,
    emailSent: false,
    splitPaymentEnabled: false,
    minimumSplitAmount: null,
    items: [],
    addresses: [],
    payments: [
      {
        id: 'pay-1',
        status: 'pending',
        amount: 1449,
        amountPaid: 0,
        transactionId: null,
        method: 'credit-card',
        methodLabel: 'Credit or Debit Card',
        createdAt: '2026-11-23T10:00:00.000Z',
        additionalData: {},
      },
    ],
    statusHistory: [],
    ...overrides,
  };
}

export const checkoutPages: CheckoutPagesContent = {
  orderSuccess: {
    default: {
      title: 'Thank you for your order!',
      html: '<p>Your order number is <strong>{{order-id}}</strong>.</p>',
      actions: [{ label: 'Continue Shopping', href: '/order-samples' }],
    },
    split: {
      title: 'Thank you for your payment!',
      html: '<p>Order {{order-id}}: we received {{partial-payment}}; {{remaining-balance}} is left to pay.</p>',
      actions: [],
    },
    trade: { title: 'Thanks, trade partner!', html: '<p>Order {{order-id}} is in.</p>', actions: [] },
    pending: { title: 'Thank you for your order!', html: '<p>Order {{order-id}}: your payment is being confirmed.</p>', actions: [] },
  },
  paymentFail: {
    title: 'Payment failed',
    html: '<p>Nothing was charged. Your order is kept.</p>',
    actions: [
      { label: 'Try again', href: '/checkout', variant: 'primary' },
      { label: 'Contact us', href: '/contact', variant: 'secondary' },
    ],
  },
  verify: { processing: 'Processing your payment…' },
};
