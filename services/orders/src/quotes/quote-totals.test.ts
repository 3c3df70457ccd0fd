import { quoteTotals } from './quote-totals.js';

describe('quote totals (server-side, integer cents)', () => {
  it('row total = unit price × qty; total = subtotal + shipping + tax − discount', () => {
    const totals = quoteTotals({
      items: [
        { qty: 3, price: 278.99 },
        { qty: 1, price: 0.1 },
        { qty: 2, price: 0.2 },
      ],
      shippingAmount: 149.5,
      taxAmount: 74.43,
      discountAmount: 50,
      minimumSplitAmount: 250,
    });
    expect(totals.items).toEqual([
      { price: 27899, rowTotal: 83697 },
      { price: 10, rowTotal: 10 },
      { price: 20, rowTotal: 40 },
    ]);
    expect(totals).toMatchObject({ subtotal: 83747, shippingAmount: 14950, taxAmount: 7443, discountAmount: 5000, total: 83747 + 14950 + 7443 - 5000, minimumSplitAmount: 25000 });
  });

  it('sums cents, never floats: 0.1 + 0.2 is exactly 30 cents, and 1.005-style amounts round half up once', () => {
    expect(quoteTotals({ items: [{ qty: 1, price: 0.1 }, { qty: 1, price: 0.2 }], shippingAmount: 0, taxAmount: 0, discountAmount: 0 }).total).toBe(30);
    expect(quoteTotals({ items: [{ qty: 1000, price: 19.99 }], shippingAmount: 0, taxAmount: 0, discountAmount: 0 }).subtotal).toBe(1_999_000);
    expect(quoteTotals({ items: [{ qty: 1, price: 1.005 }], shippingAmount: 0, taxAmount: 0, discountAmount: 0 }).subtotal).toBe(101);
  });

  it('has no minimum split amount unless one is set', () => {
    const base = { items: [{ qty: 1, price: 10 }], shippingAmount: 0, taxAmount: 0, discountAmount: 0 };
    expect(quoteTotals(base).minimumSplitAmount).toBeNull();
    expect(quoteTotals({ ...base, minimumSplitAmount: null }).minimumSplitAmount).toBeNull();
  });

  it('lets a discount take the total below zero only on paper: the service refuses it (see QuotesService)', () => {
    expect(quoteTotals({ items: [{ qty: 1, price: 10 }], shippingAmount: 0, taxAmount: 0, discountAmount: 20 }).total).toBe(-1000);
  });
});
