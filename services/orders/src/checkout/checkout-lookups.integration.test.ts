import request from 'supertest';
import { billing, order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';

let app: OrdersTestApp;

beforeAll(async () => {
  app = await startOrdersTestApp();
});

afterAll(async () => {
  await app?.close();
});

const NO_METHODS_PANEL =
  'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.';

describe('POST /api/order/shipping-rate', () => {
  it('answers the rate for the subtotal band', async () => {
    const res = await request(app.server).post('/api/order/shipping-rate').send({ subtotal: 0, country: 'US', state: 'NY', zip: '10118' }).expect(200);
    expect(res.body).toEqual({
      success: true,
      shippingMethod: {
        type: 'standard-ground',
        displayName: 'Standard Ground',
        description: expect.stringContaining('Samples ship by ground'),
        rate: 995,
      },
    });
    const free = await request(app.server).post('/api/order/shipping-rate').send({ subtotal: 25000, country: 'us', state: 'ny' }).expect(200);
    expect(free.body.shippingMethod.rate).toBe(0);
  });

  it("answers success false with the spec's text where nothing ships", async () => {
    const res = await request(app.server).post('/api/order/shipping-rate').send({ subtotal: 1000, country: 'US', state: 'HI', zip: '96813' }).expect(200);
    expect(res.body).toMatchObject({ success: false, shippingMethod: { type: 'no-methods', rate: 0 }, message: NO_METHODS_PANEL });
    const canada = await request(app.server).post('/api/order/shipping-rate').send({ subtotal: 1000, country: 'CA' }).expect(200);
    expect(canada.body.success).toBe(false);
  });

  it('answers 400 for a bad body', async () => {
    const res = await request(app.server).post('/api/order/shipping-rate').send({ subtotal: '10', country: 'USA' }).expect(400);
    expect(res.body.errors).toEqual({ subtotal: 'subtotal must be a whole number of cents, 0 or more', country: 'country must be a two-letter code' });
    await request(app.server).post('/api/order/shipping-rate').send({ subtotal: 100, country: 'US', itemCount: 0 }).expect(400);
    await request(app.server).post('/api/order/shipping-rate').set('Content-Type', 'application/json').send('[1]').expect(400);
  });
});

describe('POST /api/order/tax', () => {
  it('prices items from the catalog and taxes shipping at the destination rate', async () => {
    const res = await request(app.server)
      .post('/api/order/tax')
      .send({ country: 'US', state: 'NY', zip: '10118', items: [{ sku: 'SSW-B24', qty: 2, price: 1 }, { sku: 'SSW-SMPL-SNW', qty: 1 }], shippingCost: 995 })
      .expect(200);
    expect(res.body).toEqual({
      success: true,
      taxItems: [
        { sku: 'SSW-B24', taxAmount: 2476, taxPercent: 8.875, rowTaxAmount: 4952 },
        { sku: 'SSW-SMPL-SNW', taxAmount: 0, taxPercent: 8.875, rowTaxAmount: 0 },
      ],
      shippingTaxAmount: 88,
      taxSubTotal: 4952,
      taxTotal: 5040,
      taxPercent: 8.875,
    });
    const oregon = await request(app.server).post('/api/order/tax').send({ country: 'US', state: 'OR', items: [{ sku: 'SSW-B24', qty: 1 }], shippingCost: 0 }).expect(200);
    expect(oregon.body).toMatchObject({ taxTotal: 0, taxPercent: 0 });
  });

  it('answers 400 for unknown items and bad bodies', async () => {
    const unknown = await request(app.server).post('/api/order/tax').send({ country: 'US', items: [{ sku: 'GONE-1', qty: 1 }], shippingCost: 0 }).expect(400);
    expect(unknown.body).toMatchObject({ errorType: 'unknownSkus' });
    const bad = await request(app.server).post('/api/order/tax').send({ items: 'x', shippingCost: -100 }).expect(400);
    expect(bad.body.errors).toEqual({
      country: 'country is required',
      items: 'items must be a list of { sku, qty }',
      shippingCost: 'shippingCost must be a whole number of cents, 0 or more',
    });
  });
});

describe('GET /api/order/checkout-locations', () => {
  it('answers countries by name and the US states with DC, cacheable for an hour', async () => {
    const res = await request(app.server).get('/api/order/checkout-locations').expect(200);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.headers['surrogate-control']).toBe('max-age=3600');
    expect(res.body.defaultCountry).toBe('US');
    const names = res.body.countries.map((country: { name: string }) => country.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    expect(res.body.countries).toContainEqual({ code: 'US', name: 'United States' });
    const states = res.body.states.US as { code: string; name: string }[];
    expect(states).toHaveLength(51);
    expect(states).toContainEqual({ code: 'DC', name: 'District of Columbia' });
    expect(states.map((state) => state.code)).not.toContain('PR');
  });
});

describe('address locations on orders', () => {
  it('refuses an unknown country or a US state that is not one', async () => {
    const before = await app.orderCount();
    const res = await request(app.server)
      .post('/api/order')
      .send({ ...order, addresses: [{ ...billing, countryId: 'XX' }, { ...billing, type: 'shipping', state: 'ZZ' }] })
      .expect(400);
    expect(res.body.errors).toEqual({ bill_country: 'Please select a valid country', ship_state: 'Please select a valid state' });
    expect(await app.orderCount()).toBe(before);
  });
});
