import { checkRouteInput } from '../http/route-input.js';
import { orderRoutes } from '../orders/routes.js';

function check(route: typeof orderRoutes.shippingRate | typeof orderRoutes.tax, body: unknown) {
  return checkRouteInput(route.body, body, { part: 'body', invalidMessage: route.invalidMessage });
}

describe('POST /api/order/shipping-rate body', () => {
  it('upper-cases codes and counts one item by default', () => {
    expect(check(orderRoutes.shippingRate, { subtotal: 1250, country: 'us', state: 'ny', zip: '10118' })).toEqual({
      ok: true,
      value: { subtotal: 1250, country: 'US', state: 'NY', zip: '10118', itemCount: 1 },
    });
  });

  it('names the bad fields, the first one in the message', () => {
    expect(check(orderRoutes.shippingRate, { subtotal: -100, itemCount: 1.5 })).toEqual({
      ok: false,
      problem: {
        message: 'Invalid shipping-rate request: subtotal must be a whole number of cents, 0 or more',
        errors: {
          subtotal: 'subtotal must be a whole number of cents, 0 or more',
          country: 'country is required',
          itemCount: 'itemCount must be a whole number of at least 1',
        },
      },
    });
  });

  it('refuses a body that is not an object', () => {
    expect(check(orderRoutes.shippingRate, null)).toEqual({
      ok: false,
      problem: { message: 'Request body must be a JSON object', errors: { _: 'Request body must be a JSON object' } },
    });
  });
});

describe('POST /api/order/tax body', () => {
  it('keeps sku, qty and finish, never a price', () => {
    expect(check(orderRoutes.tax, { country: 'US', state: 'NY', items: [{ sku: 'A', qty: 1, price: 100 }], shippingCost: 995 })).toEqual({
      ok: true,
      value: { country: 'US', state: 'NY', items: [{ sku: 'A', qty: 1 }], shippingCost: 995 },
    });
  });

  it('needs a shipping cost', () => {
    expect(check(orderRoutes.tax, { country: 'US', items: [] })).toMatchObject({
      ok: false,
      problem: { errors: { shippingCost: 'shippingCost must be a whole number of cents, 0 or more' } },
    });
  });

  it('reads numeric text as a quantity and refuses what is not one', () => {
    expect(check(orderRoutes.tax, { country: 'US', items: [{ sku: 'A', qty: '2' }], shippingCost: 0 })).toMatchObject({ ok: true, value: { items: [{ sku: 'A', qty: 2 }] } });
    expect(check(orderRoutes.tax, { country: 'US', items: [{ sku: ' ', qty: 'x' }], shippingCost: 0 })).toMatchObject({
      ok: false,
      problem: { errors: { 'items[0].sku': 'sku is required', 'items[0].qty': 'qty must be a whole number of at least 1' } },
    });
  });
});
