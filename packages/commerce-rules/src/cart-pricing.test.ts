import type { CommerceSettings, ProductStyle } from '@storefront/contracts';
import { priceCart, shippingTaxOf } from './cart-pricing.js';

const shakerWhite = {
  name: 'ssw',
  title: 'Shaker Snow White',
  description: '',
  shortDescription: '',
  category: 'kitchen-cabinets',
  doorStyle: 'shaker',
  addedOn: '2026-01-01',
  layout: 'v1',
  images: [
    { src: '/images/kitchens/ssw.svg', altText: 'Shaker Snow White kitchen', width: 1, height: 1, type: 'base' },
    { src: '/images/styles/ssw-alabaster.svg', altText: 'Alabaster door', width: 1, height: 1, type: 'sample', label: 'Alabaster' },
  ],
  finishes: [
    {
      name: 'paint',
      group: 'paint',
      title: 'Paint',
      items: [
        { value: 'snow-white', label: 'Snow White', hex: '#fff', image: { src: '/images/swatches/snow-white.svg' }, colorFamily: 'white' },
        { value: 'alabaster', label: 'Alabaster', hex: '#eee', image: { src: '/s/alabaster.svg' }, colorFamily: 'white', doorImage: '/d/alabaster.svg' },
      ],
    },
  ],
  items: [
    { sku: 'SSW-SMPL-SNW', name: 'Sample Door - Snow White', price: 9.99, weight: 3.2, isSample: true, finish: { type: 'paint', value: 'snow-white' } },
    { sku: 'SSW-SMPL-ALB', name: 'Sample Door - Alabaster', price: 9.99, weight: 3.2, isSample: true, finish: { type: 'paint', value: 'alabaster' } },
    { sku: 'SSW-B24', name: 'Base Cabinet 24"', price: 278.99, weight: 48 },
  ],
  specifications: { specView: 'tabular', specs: [] },
} as ProductStyle;

const settings: CommerceSettings = {
  shipping: {
    isEnabled: true,
    methods: [
      {
        type: 'standard-ground',
        displayName: 'Standard Ground',
        isEnabled: true,
        calculateRateBy: 'Order',
        rates: [
          { startValue: 0, endValue: 49.99, rate: 9.95 },
          { startValue: 50, endValue: 199.99, rate: 14.95 },
          { startValue: 200, endValue: null, rate: 0 },
        ],
        countries: [{ country: 'US', states: [{ state: 'HI', isShippingDisabled: true }] }],
      },
    ],
  },
  tax: {
    isEnabled: true,
    countries: [{ country: 'US', states: [{ state: 'NY', taxPercentage: 4, zipCodes: [{ zipCode: '100*', taxPercentage: 8.875 }] }] }],
  },
};

const manhattan = { country: 'US', state: 'NY', zip: '10001' };

describe('priceCart', () => {
  it('prices from the catalog, charging tax per line and on shipping', () => {
    const summary = priceCart(
      [shakerWhite],
      {
        items: [
          { sku: 'SSW-SMPL-SNW', qty: 1 },
          { sku: 'SSW-SMPL-ALB', qty: 1 },
        ],
        destination: manhattan,
      },
      settings,
    );
    expect(summary.lines.map((l) => [l.sku, l.qty, l.price, l.rowTotal, l.taxAmount])).toEqual([
      ['SSW-SMPL-SNW', 1, 999, 999, 89],
      ['SSW-SMPL-ALB', 1, 999, 999, 89],
    ]);
    expect(summary.subtotal).toBe(1998);
    expect(summary.shipping).toEqual({ method: 'standard-ground', label: 'Standard Ground', amount: 995 });
    expect(summary.taxPercent).toBe(8.875);
    // 0.89 + 0.89 on the doors, 0.88 on shipping (9.95 * 8.875% = 0.883)
    expect(summary.taxAmount).toBe(266);
    expect(shippingTaxOf(summary)).toBe(88);
    expect(summary.total).toBe(3259);
    expect(summary.itemCount).toBe(2);
    expect(summary.currency).toBe('USD');
  });

  it('ignores any price the browser sends', () => {
    const forged = { sku: 'SSW-B24', qty: 1, price: 0.01 } as { sku: string; qty: number };
    const summary = priceCart([shakerWhite], { items: [forged] }, settings);
    expect(summary.lines[0]?.price).toBe(27899);
    expect(summary.total).toBe(27899);
  });

  it('prices a sample at most once and names it as over its limit, merges repeats of the same sample, and keeps other items up to 99', () => {
    const summary = priceCart(
      [shakerWhite],
      {
        items: [
          { sku: 'SSW-SMPL-SNW', qty: 5 },
          { sku: 'ssw-smpl-snw', qty: 1 },
          { sku: 'SSW-B24', qty: 2 },
        ],
      },
      settings,
    );
    expect(summary.lines.map((l) => [l.sku, l.qty, l.rowTotal])).toEqual([
      ['SSW-SMPL-SNW', 1, 999],
      ['SSW-B24', 2, 55798],
    ]);
    expect(summary.itemCount).toBe(3);
    expect(summary.overLimit).toEqual([{ sku: 'SSW-SMPL-SNW', name: expect.any(String), max: 1 }]);
    const within = priceCart([shakerWhite], { items: [{ sku: 'SSW-SMPL-SNW', qty: 1 }, { sku: 'SSW-B24', qty: 99 }] }, settings);
    expect(within.overLimit).toEqual([]);
    expect(priceCart([shakerWhite], { items: [{ sku: 'SSW-B24', qty: 100 }] }, settings).overLimit).toEqual([{ sku: 'SSW-B24', name: expect.any(String), max: 99 }]);
  });

  it('lists unknown SKUs once and leaves them out of the totals', () => {
    const summary = priceCart(
      [shakerWhite],
      { items: [{ sku: 'NOPE-1', qty: 1 }, { sku: 'NOPE-1', qty: 1 }, { sku: 'SSW-SMPL-ALB', qty: 1 }] },
      settings,
    );
    expect(summary.unknownSkus).toEqual(['NOPE-1']);
    expect(summary.subtotal).toBe(999);
  });

  it('describes the sample finish from the catalog, with its label and door image', () => {
    const summary = priceCart(
      [shakerWhite],
      { items: [{ sku: 'SSW-SMPL-ALB', qty: 1, finish: { type: 'paint', value: 'snow-white' } }] },
      settings,
    );
    expect(summary.lines[0]).toMatchObject({
      styleName: 'ssw',
      styleTitle: 'Shaker Snow White',
      finish: { type: 'paint', value: 'alabaster', label: 'Alabaster', image: '/d/alabaster.svg' },
      image: { src: '/images/styles/ssw-alabaster.svg', altText: 'Alabaster door' },
    });
  });

  it('has no shipping and no tax without a destination', () => {
    const summary = priceCart([shakerWhite], { items: [{ sku: 'SSW-SMPL-SNW', qty: 1 }] }, settings);
    expect(summary.shipping).toBeNull();
    expect(summary.taxAmount).toBe(0);
    expect(summary.total).toBe(999);
  });

  it('reports no-methods for a region that is not shipped to, without charging shipping', () => {
    const summary = priceCart(
      [shakerWhite],
      { items: [{ sku: 'SSW-SMPL-SNW', qty: 1 }], destination: { country: 'US', state: 'HI', zip: '96813' } },
      settings,
    );
    expect(summary.shipping?.method).toBe('no-methods');
    expect(summary.total).toBe(999);
  });

  it('quotes free shipping from $200 and nothing for an empty cart', () => {
    const big = priceCart([shakerWhite], { items: [{ sku: 'SSW-B24', qty: 1 }], destination: { country: 'US', state: 'OR' } }, settings);
    expect(big.shipping?.amount).toBe(0);
    const empty = priceCart([shakerWhite], { items: [], destination: manhattan }, settings);
    expect(empty).toMatchObject({ lines: [], subtotal: 0, shipping: null, taxAmount: 0, total: 0, itemCount: 0 });
  });
});
