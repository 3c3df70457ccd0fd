import type { ProductStyle } from '@storefront/contracts';
import { isOfferedIn, isSampleItem, nonSampleSkus } from './sample-order.js';

const catalog = [
  {
    name: 'ssw',
    items: [
      { sku: 'SSW-SMPL-SNW', name: 'Sample door', price: 0, isSample: true },
      { sku: 'SSW-B24', name: 'Base 24', price: 278.99 },
      { sku: 'SSW-W30', name: 'Wall 30', price: 199, isSample: false },
    ],
  },
] as unknown as ProductStyle[];

describe('what a sample order may hold', () => {
  it('a sample item only', () => {
    expect(isSampleItem({ isSample: true })).toBe(true);
    expect(isSampleItem({ isSample: false })).toBe(false);
    expect(isSampleItem({})).toBe(false);
  });

  it('names the catalog items that are not samples, each once, as the catalog spells them; unknown SKUs are not its business', () => {
    expect(nonSampleSkus(catalog, [{ sku: 'SSW-SMPL-SNW' }])).toEqual([]);
    expect(nonSampleSkus(catalog, [{ sku: 'ssw-b24' }, { sku: 'SSW-SMPL-SNW' }, { sku: 'SSW-W30' }, { sku: 'SSW-B24' }, { sku: 'NOPE' }])).toEqual(['SSW-B24', 'SSW-W30']);
  });
});

describe('where a payment method is offered', () => {
  it('in its scopes only; everywhere when it lists none', () => {
    expect(isOfferedIn({ scopes: ['convert-to-order', 'complete-order-payment'] }, 'sample-order')).toBe(false);
    expect(isOfferedIn({ scopes: ['sample-order'] }, 'sample-order')).toBe(true);
    expect(isOfferedIn({}, 'sample-order')).toBe(true);
  });
});
