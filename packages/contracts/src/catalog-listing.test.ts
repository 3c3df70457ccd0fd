import { productStylePath } from './catalog-listing.js';

describe('productStylePath', () => {
  it('links to the style page, with the finish chosen when given', () => {
    expect(productStylePath('ssw')).toBe('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw');
    expect(productStylePath('crs', { type: 'high gloss', value: 'sage&green' })).toBe(
      '/products/kitchen-cabinets/rta-kitchen-cabinets/crs?type=high%20gloss&value=sage%26green',
    );
  });
});
