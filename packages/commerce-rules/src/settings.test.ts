import { readFileSync } from 'node:fs';
import path from 'node:path';
import { InvalidSettingsError, parseShippingSettings, parseTaxSettings } from './settings.js';
import { resolveShippingRate } from './shipping.js';
import { resolveTaxRate } from './tax.js';

const settingsDir = path.resolve(__dirname, '..', '..', '..', 'content', 'settings');
const readSettings = (name: string): unknown => JSON.parse(readFileSync(path.join(settingsDir, name), 'utf8'));

describe('the site settings files', () => {
  const shipping = parseShippingSettings(readSettings('shipping.json'));
  const tax = parseTaxSettings(readSettings('tax.json'));

  it('charge Standard Ground by order subtotal, free from $200', () => {
    const nyc = { country: 'US', state: 'NY', zip: '10001' };
    expect(resolveShippingRate(shipping, nyc, { subtotal: 19.98, itemCount: 2 })).toEqual({
      method: 'standard-ground',
      label: 'Standard Ground',
      amount: 9.95,
    });
    expect(resolveShippingRate(shipping, nyc, { subtotal: 120, itemCount: 2 }).amount).toBe(14.95);
    expect(resolveShippingRate(shipping, nyc, { subtotal: 200, itemCount: 2 }).amount).toBe(0);
  });

  it('charge more for Alaska and do not ship to Hawaii', () => {
    const cart = { subtotal: 19.98, itemCount: 2 };
    expect(resolveShippingRate(shipping, { country: 'US', state: 'AK', zip: '99701' }, cart).amount).toBe(39.95);
    expect(resolveShippingRate(shipping, { country: 'US', state: 'AK', zip: '99503' }, cart).amount).toBe(24.95);
    expect(resolveShippingRate(shipping, { country: 'US', state: 'HI', zip: '96813' }, cart).method).toBe('no-methods');
  });

  it('tax New York City at 8.875% and the rest of New York at the state rate', () => {
    expect(resolveTaxRate(tax, { country: 'US', state: 'NY', zip: '10001' })).toBe(8.875);
    expect(resolveTaxRate(tax, { country: 'US', state: 'NY', zip: '10550' })).toBe(8.375);
    expect(resolveTaxRate(tax, { country: 'US', state: 'NY', zip: '14201' })).toBe(4);
    expect(resolveTaxRate(tax, { country: 'US', state: 'OR', zip: '97201' })).toBe(0);
  });
});

describe('parseShippingSettings', () => {
  const valid = {
    isEnabled: true,
    methods: [
      {
        type: 'ground',
        displayName: 'Ground',
        isEnabled: true,
        calculateRateBy: 'Order',
        rates: [{ startValue: 0, endValue: null, rate: 5 }],
        countries: [{ country: 'US' }],
      },
    ],
  };

  it('accepts a valid file', () => {
    expect(parseShippingSettings(valid).methods[0]?.rates).toEqual([{ startValue: 0, endValue: null, rate: 5 }]);
  });

  it.each([
    [{ ...valid, isEnabled: 'yes' }, 'isEnabled must be true or false'],
    [{ ...valid, methods: [{ ...valid.methods[0], calculateRateBy: 'Weight' }] }, 'methods[0].calculateRateBy must be "Order" or "Item"'],
    [{ ...valid, methods: [{ ...valid.methods[0], rates: [{ startValue: 0, endValue: 10, rate: -1 }] }] }, 'methods[0].rates[0].rate must be a number of at least 0'],
    [{ ...valid, methods: [{ ...valid.methods[0], rates: [{ startValue: 10, endValue: 5, rate: 1 }] }] }, 'methods[0].rates[0].endValue must not be below startValue'],
    [{ ...valid, methods: [{ ...valid.methods[0], calculateRateBy: 'Item' }] }, 'methods[0].ratePerItem is needed'],
    [
      { ...valid, methods: [{ ...valid.methods[0], countries: [{ country: 'US', states: [{ state: 'NY', zipCodes: [{ zipCode: '1x*' }] }] }] }] },
      'methods[0].countries[0].states[0].zipCodes[0].zipCode must be a zip',
    ],
  ])('names the broken field (%#)', (input, message) => {
    expect(() => parseShippingSettings(input)).toThrow(InvalidSettingsError);
    expect(() => parseShippingSettings(input)).toThrow(`settings/shipping.json: ${message}`);
  });
});

describe('parseTaxSettings', () => {
  it('rejects a percentage above 100 and a missing state default', () => {
    expect(() => parseTaxSettings({ isEnabled: true, countries: [{ country: 'US', taxPercentage: 101 }] })).toThrow(
      'settings/tax.json: countries[0].taxPercentage must be a percentage between 0 and 100',
    );
    expect(() => parseTaxSettings({ isEnabled: true, countries: [{ country: 'US', states: [{ state: 'NY' }] }] })).toThrow(
      'countries[0].states[0].taxPercentage must be a number of at least 0',
    );
  });
});
