import type { OrderEntity } from '../../entities/index.js';
import { renderOrderEmail } from './order-email.js';
import { cardLast4, customerEmailOf, orderEmailView, splitPaymentView, type OrderEmailView } from './order-email-view.js';

const store = { name: 'Heartwood Cabinetry', email: 'hello@heartwoodcabinetry.com', phone: '(732) 555-0148' };

const address = {
  email: 'ann@example.com',
  firstName: 'Ann',
  lastName: 'Lee',
  street1: '350 5th Ave',
  street2: null,
  city: 'New York',
  state: 'NY',
  zipCode: '10118',
  countryId: 'US',
  phoneNumber: '(212) 555-0100',
};

/** An order as the orders service stores it (only what the e-mail reads). */
function paidOrder(overrides: Partial<OrderEntity> = {}): OrderEntity {
  return {
    id: '5f0c3c59-3c1b-4b55-9f3b-7d2b1c0e8a11',
    orderIncrementId: 'SF-100042',
    createdAt: new Date('2026-11-23T15:00:00Z'),
    email: 'order@example.com',
    firstName: 'Ann',
    lastName: 'Lee',
    subtotal: 28898,
    shippingAmount: 995,
    shippingLabel: 'Standard Ground',
    taxAmount: 2653,
    discountAmount: 0,
    total: 32546,
    additionalNotes: null,
    items: [
      {
        position: 1,
        sku: 'SSW-B24',
        name: 'Shaker Snow White Base Cabinet 24"',
        price: 27899,
        qty: 1,
        rowTotal: 27899,
        taxPercent: 8.875,
        customOptions: [],
      },
      {
        position: 0,
        sku: 'SSW-SMPL-SNW',
        name: 'Shaker Snow White Sample Door - Snow White',
        price: 999,
        qty: 1,
        rowTotal: 999,
        taxPercent: 8.875,
        customOptions: [{ type: 'paint', label: 'Snow White', value: 'snow-white' }],
      },
    ],
    addresses: [
      { ...address, type: 'billing', email: 'billing@example.com' },
      { ...address, type: 'shipping', street1: '1 Main St' },
    ],
    payments: [
      {
        status: 'completed',
        methodLabel: 'Credit Card',
        createdAt: new Date('2026-11-23T15:01:00Z'),
        additionalData: { card: { brand: 'visa', last4: '4242' } },
      },
    ],
    ...overrides,
  } as unknown as OrderEntity;
}

const view = (overrides: Partial<OrderEntity> = {}): OrderEmailView => orderEmailView(paidOrder(overrides), store, 'https://www.heartwoodcabinetry.com/');

/** $325.46 in instalments: $100.00 paid (a failed attempt does not count) */
const splitOrder = (overrides: Partial<OrderEntity> = {}): Partial<OrderEntity> => ({
  splitPaymentEnabled: true,
  minimumSplitAmount: 5000,
  payments: [
    { status: 'failed', amountPaid: 0, methodLabel: 'Credit Card', createdAt: new Date('2026-11-23T15:00:30Z'), additionalData: {} },
    { status: 'completed', amountPaid: 10000, methodLabel: 'Credit Card', createdAt: new Date('2026-11-23T15:01:00Z'), additionalData: { last4: '4242' } },
  ] as never,
  ...overrides,
});
const SPLIT_LINK = 'https://www.heartwoodcabinetry.com/order/split-payment?orderId=SF-100042&email=order%40example.com';

describe('order e-mail', () => {
  it("the customer's e-mail links to the order's page with its view token; the staff's does not", () => {
    const viewUrl = 'https://www.heartwoodcabinetry.com/order/view/5f0c3c59-3c1b-4b55-9f3b-7d2b1c0e8a11?token=abc_DEF-123';
    const customer = renderOrderEmail({ ...view(), viewUrl }, 'customer');
    expect(customer.html).toContain(`<a href="${viewUrl}"`);
    expect(customer.html).toContain('View your order</a>');
    expect(customer.text).toContain(`View your order: ${viewUrl}`);
    const admin = renderOrderEmail(view(), 'admin');
    expect(admin.html).not.toContain('View your order');
  });

  it('an order paid on the sandbox says so in the subject and at the top, to the customer and the staff', () => {
    const sandboxPaid = { payments: [{ status: 'completed', methodLabel: 'Credit Card', createdAt: new Date(), additionalData: { last4: '4242', sandbox: true } }] } as never;
    for (const audience of ['customer', 'admin'] as const) {
      const { subject, html, text } = renderOrderEmail(view(sandboxPaid), audience);
      expect(subject).toMatch(/^\[Test payment\] (Your order|New Order) #SF-100042/);
      expect(text.split('\n')[0]).toBe('Test payment: no money was taken.');
      expect(html).toContain('Test payment: no money was taken.');
    }
    const real = renderOrderEmail(view(), 'customer');
    expect(real.subject).not.toContain('Test payment');
    expect(real.html).not.toContain('Test payment');
  });

  it('shows the order number, date, items, totals, addresses and the masked card', () => {
    const { subject, html, text } = renderOrderEmail(view(), 'customer');
    expect(subject).toBe('Your order #SF-100042 has been received');
    for (const part of [html, text]) {
      expect(part).toContain('SF-100042');
      expect(part).toContain('November 23, 2026');
      expect(part).toContain('SSW-SMPL-SNW');
      expect(part).toContain('Snow White (Paint)');
      expect(part).toContain('$278.99');
      expect(part).toContain('$288.98');
      expect(part).toContain('Standard Ground');
      expect(part).toContain('$9.95');
      expect(part).toContain('Tax (8.875%)');
      expect(part).toContain('$26.53');
      expect(part).toContain('$325.46');
      expect(part).toContain('1 Main St');
      expect(part).toContain('New York, NY 10118');
      expect(part).toContain('Credit Card (XXXX4242)');
    }
    // items in the order they were placed
    expect(text.indexOf('SSW-SMPL-SNW')).toBeLessThan(text.indexOf('SSW-B24'));
    expect(text).toContain('1 x $9.99 = $9.99');
    expect(html).toMatch(/^<!DOCTYPE html>\s*<html lang="en">/);
    expect(html).toContain('<table role="presentation"');
  });

  it('leaves the tax line out when no tax was charged', () => {
    const { html, text } = renderOrderEmail(view({ taxAmount: 0, total: 29893 }), 'customer');
    expect(html).not.toContain('Tax');
    expect(text).not.toContain('Tax');
    expect(text).toContain('Total: $298.93');
  });

  it("titles the admins' version 'New Order' with the customer's contact", () => {
    const { subject, html, text } = renderOrderEmail(view(), 'admin');
    expect(subject).toBe('New Order #SF-100042');
    expect(html).toContain('>New Order</h1>');
    expect(text.startsWith('New Order\n')).toBe(true);
    expect(html).toContain('mailto:billing@example.com');
    expect(text).toContain('billing@example.com');
    expect(text).toContain('(212) 555-0100');
    expect(renderOrderEmail(view(), 'customer').html).not.toContain('mailto:');
  });

  it('escapes every value that came from the shopper', () => {
    const evil = '<script>alert("x")</script>';
    const order = paidOrder({
      firstName: `Ann${evil}`,
      additionalNotes: `Leave at <b>door</b> & "ring"`,
      addresses: [{ ...address, type: 'billing', email: 'a"><img src=x>@example.com', street1: evil } as never],
    });
    const { html } = renderOrderEmail(orderEmailView(order, store), 'admin');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>door</b>');
    expect(html).not.toContain('"><img');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain('Leave at &lt;b&gt;door&lt;/b&gt; &amp; &quot;ring&quot;');
  });

  it('names no card when the gateway reported none', () => {
    const { text } = renderOrderEmail(view({ payments: [{ status: 'completed', methodLabel: 'PayPal', createdAt: new Date(), additionalData: {} }] as never }), 'customer');
    expect(text).toContain('Payment method: PayPal\n');
    expect(text).not.toContain('XXXX');
  });
});

describe('order e-mail of a split-payment order', () => {
  it('customer and admin: total, paid so far, remaining, Split Payment and the link to pay the rest', () => {
    for (const audience of ['customer', 'admin'] as const) {
      const { html, text } = renderOrderEmail(view(splitOrder()), audience);
      expect(text).toContain('Total: $325.46');
      expect(text).toContain('Paid so far: $100.00');
      expect(text).toContain('Remaining balance: $225.46');
      expect(text).toContain('Payment method: Split Payment\n');
      expect(text).toContain(`Pay the remaining balance: ${SPLIT_LINK}`);
      expect(html).toContain('Paid so far');
      expect(html).toContain('$225.46');
      expect(html).toContain('<strong>Payment method</strong><br>Split Payment');
      expect(html).toContain(`href="${SPLIT_LINK.replace('&', '&amp;')}"`);
      expect(html).toContain('>Pay the remaining balance</a>');
    }
    expect(renderOrderEmail(view(splitOrder()), 'admin').text).toContain('and its first instalment paid.');
  });

  it('paid in full: no link, the card again, and says so', () => {
    const paid = splitOrder({
      payments: [
        { status: 'completed', amountPaid: 10000, methodLabel: 'Credit Card', createdAt: new Date('2026-11-23T15:01:00Z'), additionalData: { last4: '4242' } },
        { status: 'completed', amountPaid: 22546, methodLabel: 'PayPal', createdAt: new Date('2026-11-24T15:01:00Z'), additionalData: {} },
      ] as never,
    });
    const { html, text } = renderOrderEmail(view(paid), 'customer');
    expect(text).toContain('Paid so far: $325.46');
    expect(text).toContain('Remaining balance: $0.00');
    expect(text).not.toContain('Split Payment\n');
    expect(text).toContain('paid in full');
    expect(html).not.toContain('/order/split-payment');
    expect(renderOrderEmail(view(paid), 'admin').text).toContain('and paid.');
  });

  it('an order without split payment has no split block', () => {
    const { html, text } = renderOrderEmail(view(), 'customer');
    for (const part of [html, text]) {
      expect(part).not.toContain('Paid so far');
      expect(part).not.toContain('Remaining balance');
      expect(part).not.toContain('Split Payment');
      expect(part).not.toContain('split-payment');
    }
    expect(view().split).toBeNull();
    // nor without the site's address to link to
    expect(orderEmailView(paidOrder(splitOrder()), store).split).toBeNull();
  });

  it('splitPaymentView: cents, never a negative balance', () => {
    const order = { splitPaymentEnabled: true, total: 1000, orderIncrementId: 'SF-1', email: 'a+b@example.com', payments: [{ status: 'completed', amountPaid: 1200 }] };
    expect(splitPaymentView(order, 'https://x.example')).toEqual({ total: 1000, paid: 1200, remaining: 0, completePaymentLink: null });
    expect(splitPaymentView({ ...order, payments: [] }, 'https://x.example/')).toEqual({
      total: 1000,
      paid: 0,
      remaining: 1000,
      completePaymentLink: 'https://x.example/order/split-payment?orderId=SF-1&email=a%2Bb%40example.com',
    });
    expect(splitPaymentView({ ...order, splitPaymentEnabled: false }, 'https://x.example')).toBeNull();
  });
});

describe('cardLast4', () => {
  it.each([
    [{ last4: '1111' }, '1111'],
    [{ cardLast4: 4444 }, '4444'],
    [{ card: { last4: '4242' } }, '4242'],
    [{ accountNumber: 'XXXX0027' }, '0027'],
    [{ brand: 'visa' }, null],
    [{ last4: 'abcd' }, null],
    [null, null],
  ])('%j -> %s', (data, expected) => {
    expect(cardLast4(data as Record<string, unknown> | null)).toBe(expected);
  });
});

describe('customerEmailOf', () => {
  it("uses the billing address's e-mail, else the order's", () => {
    expect(customerEmailOf(paidOrder())).toBe('billing@example.com');
    expect(customerEmailOf(paidOrder({ addresses: [] }))).toBe('order@example.com');
  });
});
