import type { TaxSettings } from '@storefront/contracts';
import { resolveTaxRate } from './tax.js';

const settings: TaxSettings = {
  isEnabled: true,
  countries: [
    {
      country: 'US',
      states: [
        {
          state: 'NY',
          taxPercentage: 4,
          zipCodes: [
            { zipCode: '100*', taxPercentage: 8.875 },
            { zipCode: '10000-10099', taxPercentage: 8.5 },
            { zipCode: '10001', taxPercentage: 9 },
          ],
        },
        { state: 'NJ', taxPercentage: 6.625 },
      ],
    },
    { country: 'CA', taxPercentage: 13 },
  ],
};

describe('resolveTaxRate', () => {
  it('uses the zip entry with the spec priority: exact, range, wildcard', () => {
    expect(resolveTaxRate(settings, { country: 'US', state: 'NY', zip: '10001' })).toBe(9);
    expect(resolveTaxRate(settings, { country: 'US', state: 'NY', zip: '10002' })).toBe(8.5);
    expect(resolveTaxRate(settings, { country: 'US', state: 'NY', zip: '10099' })).toBe(8.5);
    expect(resolveTaxRate(settings, { country: 'US', state: 'NY', zip: '100' })).toBe(8.875);
  });

  it('falls back to the state default, then the country, then 0', () => {
    expect(resolveTaxRate(settings, { country: 'US', state: 'NY', zip: '12901' })).toBe(4);
    expect(resolveTaxRate(settings, { country: 'US', state: 'nj' })).toBe(6.625);
    expect(resolveTaxRate(settings, { country: 'US', state: 'OR', zip: '97201' })).toBe(0);
    expect(resolveTaxRate(settings, { country: 'ca', state: 'ON' })).toBe(13);
    expect(resolveTaxRate(settings, { country: 'MX' })).toBe(0);
  });

  it('defaults the country to the US', () => {
    expect(resolveTaxRate(settings, { country: '', state: 'NJ' })).toBe(6.625);
  });

  it('charges nothing when tax is switched off', () => {
    expect(resolveTaxRate({ ...settings, isEnabled: false }, { country: 'US', state: 'NY', zip: '10001' })).toBe(0);
  });
});
