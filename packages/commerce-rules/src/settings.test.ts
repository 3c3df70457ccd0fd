import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readContentValue, shippingSettingsSchema, taxSettingsSchema } from '@storefront/contracts/content-files';
import { resolveShippingRate } from './shipping.js';
import { resolveTaxRate } from './tax.js';

const settingsDir = path.resolve(__dirname, '..', '..', '..', 'content', 'settings');
const readSettings = (name: string): unknown => JSON.parse(readFileSync(path.join(settingsDir, name), 'utf8'));

describe('the site settings files', () => {
  const shipping = readContentValue('settings/shipping.json', shippingSettingsSchema, readSettings('shipping.json'));
  const tax = readContentValue('settings/tax.json', taxSettingsSchema, readSettings('tax.json'));

  it('charge Standard Ground by order subtotal, free from $200', () => {
    const nyc = { country: 'US', state: 'NY', zip: '10001' };
    expect(resolveShippingRate(shipping, nyc, { subtotal: 1998, itemCount: 2 })).toEqual({
      method: 'standard-ground',
      label: 'Standard Ground',
      amount: 995,
    });
    expect(resolveShippingRate(shipping, nyc, { subtotal: 12000, itemCount: 2 }).amount).toBe(1495);
    expect(resolveShippingRate(shipping, nyc, { subtotal: 20000, itemCount: 2 }).amount).toBe(0);
  });

  it('charge more for Alaska and do not ship to Hawaii', () => {
    const cart = { subtotal: 1998, itemCount: 2 };
    expect(resolveShippingRate(shipping, { country: 'US', state: 'AK', zip: '99701' }, cart).amount).toBe(3995);
    expect(resolveShippingRate(shipping, { country: 'US', state: 'AK', zip: '99503' }, cart).amount).toBe(2495);
    expect(resolveShippingRate(shipping, { country: 'US', state: 'HI', zip: '96813' }, cart).method).toBe('no-methods');
  });

  it('tax New York City at 8.875% and the rest of New York at the state rate', () => {
    expect(resolveTaxRate(tax, { country: 'US', state: 'NY', zip: '10001' })).toBe(8.875);
    expect(resolveTaxRate(tax, { country: 'US', state: 'NY', zip: '10550' })).toBe(8.375);
    expect(resolveTaxRate(tax, { country: 'US', state: 'NY', zip: '14201' })).toBe(4);
    expect(resolveTaxRate(tax, { country: 'US', state: 'OR', zip: '97201' })).toBe(0);
  });
});
