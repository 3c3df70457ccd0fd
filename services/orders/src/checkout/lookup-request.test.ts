import { BadRequestException } from '@nestjs/common';
import { parseShippingRateRequest, parseTaxRequest } from './lookup-request.js';

function errorsOf(run: () => unknown): Record<string, string> | undefined {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    return ((error as BadRequestException).getResponse() as { errors?: Record<string, string> }).errors;
  }
  throw new Error('expected a BadRequestException');
}

describe('parseShippingRateRequest', () => {
  it('upper-cases codes and counts one item by default', () => {
    expect(parseShippingRateRequest({ subtotal: 12.5, country: 'us', state: 'ny', zip: '10118' })).toEqual({
      subtotal: 12.5,
      country: 'US',
      state: 'NY',
      zip: '10118',
      itemCount: 1,
    });
  });

  it('names the bad fields', () => {
    expect(errorsOf(() => parseShippingRateRequest({ subtotal: -1, itemCount: 1.5 }))).toEqual({
      subtotal: 'subtotal must be an amount of 0 or more',
      country: 'country is required',
      itemCount: 'itemCount must be a whole number of at least 1',
    });
    expect(() => parseShippingRateRequest(null)).toThrow('Request body must be a JSON object');
  });
});

describe('parseTaxRequest', () => {
  it('keeps sku, qty and finish, never a price', () => {
    expect(parseTaxRequest({ country: 'US', state: 'NY', items: [{ sku: 'A', qty: 1, price: 1 }], shippingCost: 9.95 })).toEqual({
      country: 'US',
      state: 'NY',
      items: [{ sku: 'A', qty: 1 }],
      shippingCost: 9.95,
    });
  });

  it('needs a shipping cost', () => {
    expect(errorsOf(() => parseTaxRequest({ country: 'US', items: [] }))).toEqual({ shippingCost: 'shippingCost must be an amount of 0 or more' });
  });
});
