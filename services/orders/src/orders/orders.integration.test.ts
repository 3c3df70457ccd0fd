import request from 'supertest';
import { cartLinesText } from '@storefront/contracts';
import type { DataSource } from 'typeorm';
import { billing, order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';

let testApp: OrdersTestApp;
let db: DataSource;
const orderCount = (): Promise<number> => testApp.orderCount();

beforeAll(async () => {
  testApp = await startOrdersTestApp();
  db = testApp.db;
});

afterAll(async () => {
  await testApp?.close();
});

describe('POST /api/order/cart-summary', () => {
  it('prices the cart from the catalog: a free sample, shipping and New York City tax on the shipping', async () => {
    const res = await request(testApp.server)
      .post('/api/order/cart-summary')
      .send({ items: [{ sku: 'SSW-SMPL-SNW', qty: 1, price: 0 }, { sku: 'GONE-1', qty: 1 }], destination: { country: 'US', state: 'NY', zip: '10118' } })
      .expect(200);
    expect(res.body).toMatchObject({
      unknownSkus: ['GONE-1'],
      itemCount: 1,
      subtotal: 0,
      shipping: { method: 'standard-ground', label: 'Standard Ground', amount: 995 },
      taxPercent: 8.875,
      // nothing on the free door, 0.88 on shipping
      taxAmount: 88,
      total: 1083,
      currency: 'USD',
    });
    expect(res.body.lines[0]).toMatchObject({ sku: 'SSW-SMPL-SNW', price: 0, finish: { label: 'Snow White' } });
  });

  it('answers 400 with a clear message for a malformed cart', async () => {
    const res = await request(testApp.server).post('/api/order/cart-summary').send({ items: [{ qty: 1 }] }).expect(400);
    expect(res.body).toMatchObject({ success: false, message: 'Invalid cart: sku is required', errors: { 'items[0].sku': 'sku is required' } });
    const notAList = await request(testApp.server).post('/api/order/cart-summary').send({ items: 'SSW' }).expect(400);
    expect(notAList.body.message).toBe('Invalid cart: items must be a list of { sku, qty }');
  });
});

describe('GET /api/order/cart-summary?lines= (the lines cookie, priced into the checkout\'s first HTML)', () => {
  const cart = [
    { sku: 'SSW-SMPL-SNW', qty: 1, finish: { type: 'paint', value: 'snow-white' } },
    { sku: 'ssw-b24', qty: 2, finish: { type: 'paint', value: 'snow-white' } },
    { sku: 'GONE-1', qty: 1 },
  ];

  it('answers exactly what the POST answers for the same cart (not the order lookup of GET /api/order/:orderId)', async () => {
    const posted = await request(testApp.server).post('/api/order/cart-summary').send({ items: cart }).expect(200);
    const got = await request(testApp.server).get('/api/order/cart-summary').query({ lines: cartLinesText(cart) }).expect(200);
    expect(got.body).toEqual(posted.body);
    expect(got.body).toMatchObject({ unknownSkus: ['GONE-1'], itemCount: 3, shipping: null });
    expect(got.body.lines.map((line: { sku: string }) => line.sku)).toEqual(['SSW-SMPL-SNW', 'SSW-B24']);
  });

  it('answers 400 with the cart\'s own messages for lines it cannot read', async () => {
    const missing = await request(testApp.server).get('/api/order/cart-summary').expect(400);
    expect(missing.body).toMatchObject({ success: false, message: 'Invalid cart: lines must be a list of [sku, finish type, finish value, qty]' });
    const notJson = await request(testApp.server).get('/api/order/cart-summary').query({ lines: '[["SSW' }).expect(400);
    expect(notJson.body.message).toBe('Invalid cart: lines must be a list of [sku, finish type, finish value, qty]');
    const noSku = await request(testApp.server).get('/api/order/cart-summary').query({ lines: '[["", "paint", "snow-white", 1]]' }).expect(400);
    expect(noSku.body.message).toBe('Invalid cart: sku is required');
    const twice = await request(testApp.server).get('/api/order/cart-summary?lines=%5B%5D&lines=%5B%5D').expect(400);
    expect(twice.body.message).toBe('Invalid cart: lines must be a list of [sku, finish type, finish value, qty]');
  });
});

describe('POST /api/order', () => {
  it('stores the order priced by the server, ignoring amounts the browser sends; free samples still pay shipping', async () => {
    const res = await request(testApp.server)
      .post('/api/order')
      .send({ ...order, total: 1, subtotal: 1, shippingAmount: 0, items: [{ ...order.items[0], price: 500 }], customerId: 'someone-else' })
      .expect(201);
    expect(res.body).toMatchObject({ success: true, status: 201, orderToken: expect.any(String) });
    const created = res.body.data;
    expect(created).toMatchObject({
      orderIncrementId: expect.stringMatching(/^SF-1\d{5}$/),
      state: 'new',
      status: 'pending',
      paymentStatus: 'pending',
      customerIsGuest: true,
      customerId: null,
      subtotal: 0,
      shippingAmount: 995,
      shippingMethod: 'standard-ground',
      shippingLabel: 'Standard Ground',
      taxAmount: 88,
      total: 1083,
      totalItemCount: 1,
      weight: 3.2,
      statusHistory: [{ status: 'pending', comment: 'New order has been created', isCustomerNotified: false }],
      payments: [{ status: 'pending', amount: 1083, amountPaid: 0, method: 'credit-card', methodLabel: 'Credit Card' }],
    });
    expect(created.items).toEqual([
      expect.objectContaining({ sku: 'SSW-SMPL-SNW', price: 0, qty: 1, rowTotal: 0, taxAmount: 0, rowTotalInclTax: 0, customOptions: [{ type: 'paint', label: 'Snow White', value: 'snow-white' }] }),
    ]);
    expect(created.addresses.map((a: { type: string }) => a.type)).toEqual(['billing', 'shipping']);

    // stored as integer cents (bigint, which pg answers as text)
    const [row] = await db.query('SELECT total_cents, status, order_increment_id FROM orders.orders WHERE id = $1', [created.id]);
    expect(row).toEqual({ total_cents: '1083', status: 'pending', order_increment_id: created.orderIncrementId });
  });

  it('gives each order its own increasing number', async () => {
    const first = await request(testApp.server).post('/api/order').send(order).expect(201);
    const second = await request(testApp.server).post('/api/order').send(order).expect(201);
    const number = (r: request.Response) => Number(String(r.body.data.orderIncrementId).slice(3));
    expect(number(second)).toBe(number(first) + 1);
  });

  it('uses the billing address for shipping when none is given, and charges free shipping from $200', async () => {
    const res = await request(testApp.server)
      .post('/api/order')
      .send({ ...order, items: [{ sku: 'SSW-SMPL-KIT', qty: 1 }], addresses: [{ ...billing, state: 'OR', zipCode: '97201' }] })
      .expect(201);
    expect(res.body.data).toMatchObject({ subtotal: 27899, shippingAmount: 0, taxAmount: 0, total: 27899 });
    expect(res.body.data.addresses[1]).toMatchObject({ type: 'shipping', state: 'OR' });
  });

  it('rejects bad fields with the checkout messages, keyed by form field, and stores nothing', async () => {
    const before = await orderCount();
    const res = await request(testApp.server)
      .post('/api/order')
      .send({
        ...order,
        email: 'ann@',
        lastName: 'L',
        addresses: [{ ...billing, zipCode: '1a' }, { ...billing, type: 'shipping', firstName: 'R2D2', phoneNumber: '555-0100' }],
      })
      .expect(400);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Please correct the highlighted fields.',
      errors: {
        email: 'Invalid email address',
        lastName: 'Name must be at least 2 characters',
        bill_zip: 'Only numbers are allowed',
        ship_first_name: 'Only alphabets are allowed',
        ship_phone: 'Phone number must be at least 10 digits',
      },
    });
    expect(await orderCount()).toBe(before);
  });

  it('rejects an empty cart, unknown items, a second copy of a sample and an unavailable payment method', async () => {
    const before = await orderCount();
    const empty = await request(testApp.server).post('/api/order').send({ ...order, items: [] }).expect(400);
    expect(empty.body.message).toBe('Your cart is empty. Add at least one sample before placing an order.');
    const unknown = await request(testApp.server).post('/api/order').send({ ...order, items: [{ sku: 'GONE-1', qty: 1 }] }).expect(400);
    expect(unknown.body.message).toBe('Some items in your cart are no longer available: GONE-1. Please remove them and try again.');
    const twice = await request(testApp.server).post('/api/order').send({ ...order, items: [{ sku: 'SSW-SMPL-SNW', qty: 2 }] }).expect(400);
    expect(twice.body.message).toBe('You can order maximum 1 quantity of item "Shaker Snow White Sample Door - Snow White".');
    const paypal = await request(testApp.server).post('/api/order').send({ ...order, paymentMethod: 'online-payment' }).expect(400);
    expect(paypal.body.message).toBe('Payment method not available');
    expect(await orderCount()).toBe(before);
  });

  // review, "the server is looser than the browser": what the checkout cannot send is refused here too
  it('refuses what the checkout refuses: no payment method, split payment on a sample order, cabinets in the sample cart', async () => {
    const before = await orderCount();
    const { paymentMethod: _omitted, ...withoutMethod } = order;
    const none = await request(testApp.server).post('/api/order').send(withoutMethod).expect(400);
    expect(none.body).toMatchObject({ success: false, errors: { paymentMethod: 'Please select a payment method' } });
    const blank = await request(testApp.server).post('/api/order').send({ ...order, paymentMethod: '  ' }).expect(400);
    expect(blank.body.errors).toEqual({ paymentMethod: 'Please select a payment method' });
    // enabled, but offered for quotes and balances only (scopes): the checkout's chooser never lists it
    const split = await request(testApp.server).post('/api/order').send({ ...order, paymentMethod: 'split-payment' }).expect(400);
    expect(split.body).toMatchObject({ message: 'Payment method not available', errors: { paymentMethod: 'Payment method not available' } });
    const cabinets = await request(testApp.server)
      .post('/api/order')
      .send({ ...order, items: [...order.items, { sku: 'ssw-b24', qty: 1 }] })
      .expect(400);
    expect(cabinets.body).toMatchObject({ errorType: 'samplesOnly', message: 'Only samples can be ordered at checkout: SSW-B24. Please remove them and try again.' });
    expect(await orderCount()).toBe(before);

    // and an update of a kept order, likewise
    const created = await request(testApp.server).post('/api/order').send(order).expect(201);
    const patch = () => request(testApp.server).patch('/api/order').set('X-Order-Token', created.body.orderToken);
    await patch().send({ ...withoutMethod, id: created.body.data.id }).expect(400);
    expect((await patch().send({ ...order, id: created.body.data.id, paymentMethod: 'split-payment' }).expect(400)).body.message).toBe('Payment method not available');
    expect((await patch().send({ ...order, id: created.body.data.id, items: [{ sku: 'SSW-B24', qty: 1 }] }).expect(400)).body.errorType).toBe('samplesOnly');
  });

  it('refuses an address no shipping method reaches', async () => {
    const hawaii = { ...billing, type: 'shipping', state: 'HI', zipCode: '96813', city: 'Honolulu' };
    const res = await request(testApp.server).post('/api/order').send({ ...order, addresses: [billing, hawaii] }).expect(400);
    expect(res.body.message).toBe('Sorry, no shipping methods are available for the selected shipping address.');
    const canada = { ...billing, type: 'shipping', countryId: 'CA', state: 'ON', zipCode: '123456' };
    await request(testApp.server).post('/api/order').send({ ...order, addresses: [billing, canada] }).expect(400);
  });
});

describe('GET /api/order/view/:id', () => {
  it('answers the stored order to whoever holds its order token', async () => {
    const created = await request(testApp.server).post('/api/order').send(order).expect(201);
    const res = await request(testApp.server).get(`/api/order/view/${created.body.data.id}`).set('X-Order-Token', created.body.orderToken).expect(200);
    expect(res.body).toEqual({ success: true, status: 200, data: created.body.data });
    // the e-mail link's form: the token in the address
    await request(testApp.server).get(`/api/order/view/${created.body.data.id}`).query({ token: created.body.orderToken }).expect(200);
  });

  it('answers 404 without the token or with another order\'s: an id alone shows nobody\'s order', async () => {
    const mine = await request(testApp.server).post('/api/order').send(order).expect(201);
    const theirs = await request(testApp.server).post('/api/order').send(order).expect(201);
    const without = await request(testApp.server).get(`/api/order/view/${mine.body.data.id}`).expect(404);
    expect(without.body).toMatchObject({ success: false, message: 'Order not found.' });
    expect(JSON.stringify(without.body)).not.toContain(order.email);
    await request(testApp.server).get(`/api/order/view/${mine.body.data.id}`).set('X-Order-Token', theirs.body.orderToken).expect(404);
    await request(testApp.server).get(`/api/order/view/${mine.body.data.id}`).query({ token: 'guess' }).expect(404);
  });

  it('answers 404 "Order not found." for an unknown or malformed id', async () => {
    const unknown = await request(testApp.server).get('/api/order/view/00000000-0000-4000-8000-000000000000').expect(404);
    expect(unknown.body).toMatchObject({ success: false, message: 'Order not found.' });
    const malformed = await request(testApp.server).get('/api/order/view/not-an-id').expect(404);
    expect(malformed.body).toMatchObject({ success: false, message: 'Order not found.' });
  });
});

describe('GET /health', () => {
  it('reports the service and its database', async () => {
    const res = await request(testApp.server).get('/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', service: 'orders', database: 'up' });
  });
});
