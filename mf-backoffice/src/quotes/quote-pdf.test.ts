import type { JsPdfConstructor } from '@storefront/pdf-document';
import { businessOf, QUOTE_PDF_PAYMENT_NOTE, quotePdfContent, quotePdfFileName, renderQuotePdf, type QuotePdfBusiness } from './quote-pdf';
import { detail, paymentLink, quote } from './test-support/quote-fixtures';

const business: QuotePdfBusiness = { name: 'Heartwood Cabinetry', lines: ['2150 Industrial Parkway, Suite 100', 'Edison, NJ 08837', '(732) 555-0148', 'hello@heartwoodcabinetry.com'] };

/** Records what a jsPDF document was asked to write, in order (no PDF is made). */
function recordingJsPdf() {
  const written: string[] = [];
  let saved: string | undefined;
  class FakeDoc {
    internal = { pageSize: { getWidth: () => 612, getHeight: () => 792 } };
    text(text: string | string[]) {
      written.push(...(Array.isArray(text) ? text : [text]));
      return this;
    }
    splitTextToSize(text: string) {
      return [text];
    }
    setFont() {}
    setFontSize() {}
    setTextColor() {}
    setDrawColor() {}
    line() {}
    addPage() {}
    save(name: string) {
      saved = name;
    }
  }
  return { JsPdf: FakeDoc as unknown as JsPdfConstructor, written, saved: () => saved };
}

describe('the quote PDF', () => {
  it('says who it is from, the number and date, the customer, addresses, items with quantities and amounts, shipping, tax, discount, total and the terms', () => {
    const content = quotePdfContent(detail(), business);
    expect(content.business).toEqual(business);
    expect(content.title).toBe('Quote Q-100001');
    expect(content.date).toMatch(/^Date: 11\/(20|21)\/2026$/);
    expect(content.customer).toEqual(['Ann Lee', 'ann@example.com', '2125550100', 'PO number: PO-7731']);
    expect(content.addresses).toEqual([
      { heading: 'Bill to', lines: ['Ann Lee', '350 5th Ave', 'New York, NY 10118', 'US', '2125550100'] },
      { heading: 'Ship to', lines: ['Ann Lee', '350 5th Ave', 'New York, NY 10118', 'US', '2125550100'] },
    ]);
    expect(content.shipping).toBe('Shipping method: Freight (curbside)');
    expect(content.items).toEqual([
      { sku: 'SSW-B24', name: 'Shaker Snow White Base Cabinet 24"', qty: '3', unitPrice: '$278.99', amount: '$836.97', notes: 'soft-close hinges' },
      { sku: 'SSW-W3030', name: 'Shaker Snow White Wall Cabinet 30"', qty: '2', unitPrice: '$189.50', amount: '$379.00' },
    ]);
    expect(content.totals).toEqual([
      { label: 'Subtotal', value: '$1,215.97' },
      { label: 'Shipping (Freight (curbside))', value: '$149.50' },
      { label: 'Tax', value: '$74.43' },
      { label: 'Discount', value: '-$50.00' },
      { label: 'Total', value: '$1,389.90' },
    ]);
    expect(content.terms).toEqual(['Split payment: pay at least $250.00 now and the balance later.']);
    expect(content.notes).toBe('Deliver after 10 am.');
    expect(content.paymentNote).toBe('Pay online with the link in your e-mail.');
  });

  it('without split payment or discount says so; an ordered quote adds what is paid and due', () => {
    const content = quotePdfContent(
      detail({
        quote: quote({ splitPaymentEnabled: false, minimumSplitAmount: null, discountAmount: 0, total: 143990, additionalNotes: null, poNumber: null, phone: null }),
        state: 'ordered',
        order: { number: 'SF-100013', status: 'ordered', paidCents: 143990, dueCents: 0 },
      }),
      business,
    );
    expect(content.totals.map((row) => row.label)).toEqual(['Subtotal', 'Shipping (Freight (curbside))', 'Tax', 'Total']);
    expect(content.terms).toEqual(['Payment in full.', 'Paid: $1,439.90. Balance due: $0.00.']);
    expect(content.customer).toEqual(['Ann Lee', 'ann@example.com']);
    expect(content).not.toHaveProperty('notes');
  });

  it('writes all of it, and never the payment link or its token', () => {
    const { JsPdf, written } = recordingJsPdf();
    const content = quotePdfContent(detail(), business);
    renderQuotePdf(JsPdf, content);
    for (const text of ['Heartwood Cabinetry', 'Edison, NJ 08837', 'Quote Q-100001', content.date, 'Ann Lee', 'Bill to', 'Ship to', 'SSW-B24', '3', '$278.99', '$836.97', 'Note: soft-close hinges', '$1,215.97', '$149.50', '$74.43', '-$50.00', 'Total', '$1,389.90', 'Split payment: pay at least $250.00 now and the balance later.', QUOTE_PDF_PAYMENT_NOTE]) {
      expect(written).toContain(text);
    }
    const everything = written.join('\n');
    const link = paymentLink();
    expect(everything).not.toContain(link.token);
    expect(everything).not.toMatch(/token|quote\/payment|https?:/i);
  });

  it('is saved as quote-<number>.pdf', () => {
    expect(quotePdfFileName('Q-100001')).toBe('quote-Q-100001.pdf');
    expect(quotePdfFileName('Q-1/../x')).toBe('quote-Q-1x.pdf');
  });

  it("reads the business's name and contact lines from the site's settings", () => {
    expect(
      businessOf({ site: { name: 'Heartwood Cabinetry', phone: '(732) 555-0148', email: 'hello@heartwoodcabinetry.com', address: { street: '2150 Industrial Parkway, Suite 100', city: 'Edison', state: 'NJ', zip: '08837', country: 'US' } }, menus: {} }),
    ).toEqual(business);
    expect(businessOf({ site: { name: '' } })).toBeUndefined();
    expect(businessOf(null)).toBeUndefined();
  });
});
