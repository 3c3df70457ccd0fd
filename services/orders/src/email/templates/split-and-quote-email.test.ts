import { renderQuotePaymentLink, type QuotePaymentLinkView } from './quote-email.js';
import { renderSplitPaymentConfirmation, type SplitPaymentConfirmationView } from './split-payment-email.js';

const store = { name: 'Heartwood Cabinetry', email: 'hello@heartwoodcabinetry.com', phone: '(732) 555-0148' };
const LINK = 'https://www.heartwoodcabinetry.com/order/split-payment?orderId=SF-100013&email=ann%40example.com';

const instalment = (overrides: Partial<SplitPaymentConfirmationView> = {}): SplitPaymentConfirmationView => ({
  orderNumber: 'SF-100013',
  customerName: 'Ann Lee',
  instalment: { amount: 25000, methodLabel: 'Credit Card', card: 'XXXX4242', transactionId: 'pi_3Q', paidAt: new Date('2026-11-25T15:00:00Z') },
  split: { total: 123450, paid: 75000, remaining: 48450, completePaymentLink: LINK },
  store,
  ...overrides,
});

describe('split-payment confirmation', () => {
  it('the instalment, total, paid so far, remaining and the link to pay the rest', () => {
    const { subject, html, text } = renderSplitPaymentConfirmation(instalment());
    expect(subject).toBe('Payment received for order SF-100013');
    for (const part of [html, text]) {
      expect(part).toContain('$250.00');
      expect(part).toContain('Credit Card (XXXX4242)');
      expect(part).toContain('pi_3Q');
      expect(part).toContain('$1,234.50');
      expect(part).toContain('$750.00');
      expect(part).toContain('$484.50');
      expect(part).toContain('November 25, 2026');
      expect(part).not.toContain('paid in full');
    }
    expect(text).toContain(`Pay the remaining balance: ${LINK}`);
    expect(text).toContain('Remaining balance: $484.50');
    expect(html).toContain(`href="${LINK.replace('&', '&amp;')}"`);
    expect(html).toMatch(/^<!DOCTYPE html>/);
  });

  it('the last instalment: "Your order is paid in full." and no link; no card or transaction when none was reported', () => {
    const { html, text } = renderSplitPaymentConfirmation(
      instalment({
        instalment: { amount: 48450, methodLabel: 'PayPal', card: null, transactionId: null, paidAt: new Date('2026-11-25T15:00:00Z') },
        split: { total: 123450, paid: 123450, remaining: 0, completePaymentLink: null },
      }),
    );
    expect(text).toContain('Your order is paid in full.');
    expect(html).toContain('Your order is paid in full.');
    expect(text).toContain('Payment method: PayPal\n');
    expect(text).not.toContain('Transaction ID');
    expect(html).not.toContain('split-payment');
  });

  it('escapes the customer\'s name', () => {
    const { html } = renderSplitPaymentConfirmation(instalment({ customerName: '<b>Ann</b> Lee' }));
    expect(html).not.toContain('<b>Ann</b>');
    expect(html).toContain('&lt;b&gt;Ann&lt;/b&gt;');
  });
});

const quote = (overrides: Partial<QuotePaymentLinkView> = {}): QuotePaymentLinkView => ({
  quoteNumber: 'Q-100001',
  customerName: 'Bea Cole',
  items: [
    { name: 'Shaker Snow White Base Cabinet 24"', sku: 'SSW-B24', qty: 3, unitPrice: 27899, rowTotal: 83697, notes: 'Left hinge' },
    { name: 'Wall Cabinet', sku: 'SSW-W30', qty: 1, unitPrice: 18950, rowTotal: 18950, notes: null },
  ],
  subtotal: 102647,
  shippingLabel: 'Freight',
  shippingAmount: 14950,
  taxAmount: 0,
  discountAmount: 5000,
  total: 112597,
  paymentLink: 'https://www.heartwoodcabinetry.com/quote/payment?quoteId=9f1c&token=a-b_c',
  expiresAt: new Date('2026-12-09T17:00:00Z'),
  store,
  ...overrides,
});

describe('quote payment-link e-mail', () => {
  it('quote number, items, totals, the link as a button and its expiry', () => {
    const { subject, html, text } = renderQuotePaymentLink(quote());
    expect(subject).toBe('Your quote Q-100001 is ready to pay');
    for (const part of [html, text]) {
      expect(part).toContain('Q-100001');
      expect(part).toContain('SSW-B24');
      expect(part).toContain('Left hinge');
      expect(part).toContain('$836.97');
      expect(part).toContain('$1,026.47');
      expect(part).toContain('Freight');
      expect(part).toContain('-$50.00');
      expect(part).toContain('$1,125.97');
      expect(part).toContain('December 9, 2026');
      expect(part).not.toContain('Tax');
    }
    expect(text).toContain('Review and pay your quote: https://www.heartwoodcabinetry.com/quote/payment?quoteId=9f1c&token=a-b_c');
    expect(html).toContain('href="https://www.heartwoodcabinetry.com/quote/payment?quoteId=9f1c&amp;token=a-b_c"');
    expect(html).toContain('>Review and pay your quote</a>');
  });

  it('escapes what staff typed', () => {
    const { html } = renderQuotePaymentLink(quote({ items: [{ name: '<img src=x>', sku: 'X', qty: 1, unitPrice: 100, rowTotal: 100, notes: '"quoted" & <b>' }] }));
    expect(html).not.toContain('<img src=x>');
    expect(html).toContain('&lt;img src=x&gt;');
    expect(html).toContain('&quot;quoted&quot; &amp; &lt;b&gt;');
  });
});
