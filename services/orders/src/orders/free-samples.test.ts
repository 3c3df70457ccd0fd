import { readFileSync } from 'node:fs';
import path from 'node:path';
import { priceCart } from '@storefront/commerce-rules';
import { readContentValue, shippingSettingsSchema, taxSettingsSchema } from '@storefront/contracts/content-files';
import type { ProductStyle } from '@storefront/contracts';

/** The site's real catalog and settings: samples are free material samples, the shopper pays shipping. */
const content = path.resolve(__dirname, '..', '..', '..', '..', 'content');
const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(content, file), 'utf8'));
const catalog = readJson('catalogs/product-styles.json') as ProductStyle[];
const settings = {
  shipping: readContentValue('settings/shipping.json', shippingSettingsSchema, readJson('settings/shipping.json')),
  tax: readContentValue('settings/tax.json', taxSettingsSchema, readJson('settings/tax.json')),
};
const samples = catalog.flatMap((style) => style.items.filter((item) => item.isSample));

describe('free material samples', () => {
  it('every sample door in the catalog costs nothing', () => {
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.filter((item) => item.price !== 0)).toEqual([]);
  });

  it('an all-samples order still pays shipping, and tax on it where the rules say', () => {
    const items = samples.slice(0, 5).map((item) => ({ sku: item.sku, qty: 1, ...(item.finish ? { finish: item.finish } : {}) }));
    const newYork = priceCart(catalog, { items, destination: { country: 'US', state: 'NY', zip: '10118' } }, settings);
    expect(newYork).toMatchObject({ subtotal: 0, shipping: { amount: 995 }, taxAmount: 88, total: 1083 });
    const oregon = priceCart(catalog, { items, destination: { country: 'US', state: 'OR', zip: '97201' } }, settings);
    expect(oregon.total).toBeGreaterThan(0);
  });
});
