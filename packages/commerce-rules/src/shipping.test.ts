import type { ShippingSettings } from '@storefront/contracts';
import { resolveShippingRate } from './shipping.js';

const ground = {
  type: 'standard-ground',
  displayName: 'Standard Ground',
  isEnabled: true,
  calculateRateBy: 'Order' as const,
  rates: [
    { startValue: 0, endValue: 49.99, rate: 9.95 },
    { startValue: 50, endValue: 199.99, rate: 14.95 },
    { startValue: 200, endValue: null, rate: 0 },
  ],
  countries: [
    {
      country: 'US',
      states: [
        {
          state: 'AK',
          rate: 39.95,
          zipCodes: [
            { zipCode: '99501-99524', rate: 24.95 },
            { zipCode: '9995*', isShippingDisabled: true },
          ],
        },
        { state: 'HI', isShippingDisabled: true, zipCodes: [{ zipCode: '96813', isShippingDisabled: false }] },
      ],
    },
  ],
};

const settings: ShippingSettings = { isEnabled: true, methods: [ground] };
const ny = { country: 'US', state: 'NY', zip: '10001' };

describe('resolveShippingRate by order subtotal', () => {
  it.each([
    [0, 995],
    [4999, 995],
    [5000, 1495],
    [19999, 1495],
    [20000, 0],
    [500000, 0],
  ])('a subtotal of %p cents costs %p cents', (subtotal, amount) => {
    expect(resolveShippingRate(settings, ny, { subtotal, itemCount: 1 })).toEqual({
      method: 'standard-ground',
      label: 'Standard Ground',
      amount,
    });
  });

  it('matches the subtotal in cents against ranges the settings write in dollars, both ends included', () => {
    expect(resolveShippingRate(settings, ny, { subtotal: 5000, itemCount: 1 }).amount).toBe(1495);
    expect(resolveShippingRate(settings, ny, { subtotal: 4999, itemCount: 1 }).amount).toBe(995);
  });

  it('uses the state rate, then a more specific zip entry', () => {
    const cart = { subtotal: 30000, itemCount: 3 };
    expect(resolveShippingRate(settings, { country: 'US', state: 'AK', zip: '99701' }, cart).amount).toBe(3995);
    expect(resolveShippingRate(settings, { country: 'US', state: 'ak', zip: '99510' }, cart).amount).toBe(2495);
  });

  it('gives no methods to a disabled state or zip, unless a more specific entry enables it', () => {
    const cart = { subtotal: 2000, itemCount: 1 };
    expect(resolveShippingRate(settings, { country: 'US', state: 'HI', zip: '96720' }, cart).method).toBe('no-methods');
    expect(resolveShippingRate(settings, { country: 'US', state: 'AK', zip: '99950' }, cart)).toEqual({
      method: 'no-methods',
      label: 'No shipping methods available',
      amount: 0,
    });
    expect(resolveShippingRate(settings, { country: 'US', state: 'HI', zip: '96813' }, cart).amount).toBe(995);
  });

  it('ships to the US only, and treats a missing country as the US', () => {
    const cart = { subtotal: 2000, itemCount: 1 };
    expect(resolveShippingRate(settings, { country: 'CA', state: 'ON', zip: 'K1A0B1' }, cart).method).toBe('no-methods');
    const withCanada: ShippingSettings = {
      isEnabled: true,
      methods: [{ ...ground, countries: [...ground.countries, { country: 'CA' }] }],
    };
    expect(resolveShippingRate(withCanada, { country: 'CA' }, cart).method).toBe('no-methods');
    expect(resolveShippingRate(settings, { country: '', state: 'NY' }, cart).amount).toBe(995);
    expect(resolveShippingRate(settings, undefined, cart).amount).toBe(995);
  });

  it('gives no methods when shipping is switched off or every method is disabled', () => {
    const cart = { subtotal: 2000, itemCount: 1 };
    expect(resolveShippingRate({ ...settings, isEnabled: false }, ny, cart).method).toBe('no-methods');
    expect(resolveShippingRate({ isEnabled: true, methods: [{ ...ground, isEnabled: false }] }, ny, cart).method).toBe(
      'no-methods',
    );
  });

  it('gives no methods when no range covers the subtotal', () => {
    const gap: ShippingSettings = { isEnabled: true, methods: [{ ...ground, rates: [{ startValue: 0, endValue: 10, rate: 5 }] }] };
    expect(resolveShippingRate(gap, ny, { subtotal: 1100, itemCount: 1 }).method).toBe('no-methods');
  });
});

describe('resolveShippingRate per item and across methods', () => {
  const perItem = {
    type: 'sample-mail',
    displayName: 'Sample Mail',
    isEnabled: true,
    calculateRateBy: 'Item' as const,
    ratePerItem: 3.5,
    countries: [{ country: 'US', states: [{ state: 'AK', ratePerItem: 7.25 }, { state: 'HI', ratePerItem: 8 }] }],
  };

  it('multiplies the per-item rate by the item count, with state overrides', () => {
    const only: ShippingSettings = { isEnabled: true, methods: [perItem] };
    expect(resolveShippingRate(only, ny, { subtotal: 3000, itemCount: 3 }).amount).toBe(1050);
    expect(resolveShippingRate(only, { country: 'US', state: 'AK' }, { subtotal: 3000, itemCount: 3 }).amount).toBe(2175);
  });

  it('quotes the first listed method that delivers, skipping one disabled for the region', () => {
    const both: ShippingSettings = { isEnabled: true, methods: [ground, perItem] };
    expect(resolveShippingRate(both, ny, { subtotal: 3000, itemCount: 3 }).method).toBe('standard-ground');
    expect(resolveShippingRate(both, { country: 'US', state: 'HI', zip: '96720' }, { subtotal: 3000, itemCount: 2 })).toEqual({
      method: 'sample-mail',
      label: 'Sample Mail',
      amount: 1600,
    });
  });
});
