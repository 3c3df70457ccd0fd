import { adminPaymentLinkResponseSchema, adminQuoteListResponseSchema, adminSplitPaymentResponseSchema } from '@storefront/contracts';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';

const TOKEN = 'an-admin-secret-of-at-least-32-characters';
const AUTH = `Bearer ${TOKEN}`;

let app: OrdersTestApp;
let db: DataSource;

const billing = { type: 'billing' as const, street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' };

/** A quote as staff write it (the back office's quote file). */
const kitchenQuote = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '(212) 555-0100',
  addresses: [billing],
  shippingMethod: 'freight',
  items: [{ name: 'Shaker Snow White Base Cabinet 24"', sku: 'SSW-B24', qty: 3, price: 278.99 }],
  shippingAmount: 149.5,
  taxAmount: 74.43,
  ...overrides,
});

const admin = () => ({
  get: (path: string) => request(app.server).get(path).set('Authorization', AUTH),
  post: (path: string) => request(app.server).post(path).set('Authorization', AUTH),
});

async function createOrder(): Promise<{ id: string; orderIncrementId: string; total: number }> {
  return (await request(app.server).post('/api/order').send(order).expect(201)).body.data;
}

const savedSiteUrl = { PUBLIC_URL: process.env.PUBLIC_URL, PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL };

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  process.env.PUBLIC_SITE_URL = 'https://shop.example.com/';
  app = await startOrdersTestApp();
  db = app.db;
});

afterAll(async () => {
  await app?.close();
  for (const [name, value] of Object.entries(savedSiteUrl)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

afterEach(() => {
  delete process.env.ADMIN_API_TOKEN;
});

describe('/api/admin without ADMIN_API_TOKEN', () => {
  it('answers 404 on every admin route, even to a bearer, as if the routes did not exist (never cached)', async () => {
    delete process.env.ADMIN_API_TOKEN;
    const quoteCount = async () => (await db.query('SELECT count(*)::int AS n FROM orders.quote'))[0].n as number;
    const before = await quoteCount();
    for (const call of [
      admin().get('/api/admin/quotes'),
      admin().get('/api/admin/orders'),
      admin().post('/api/admin/quotes').send(kitchenQuote()),
      admin().post('/api/admin/quotes/Q-100001/links').send({}),
      admin().post('/api/admin/orders/SF-100001/split-payment').send({ minimumSplitAmount: 5 }),
    ]) {
      const res = await call.expect(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // other test files share the database: nothing was created by these calls
    expect(await quoteCount()).toBe(before);
  });
});

describe('/api/admin with ADMIN_API_TOKEN', () => {
  beforeEach(() => {
    process.env.ADMIN_API_TOKEN = TOKEN;
  });

  it('answers 401 to a missing or wrong bearer', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', `Basic ${TOKEN}`]) {
      const call = request(app.server).get('/api/admin/quotes');
      const res = await (authorization ? call.set('Authorization', authorization) : call).expect(401);
      expect(res.body.message).toBe('A valid Authorization: Bearer <ADMIN_API_TOKEN> header is required.');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('creates a quote and answers what `quote create` prints; the link opens the quote on GET /api/quote', async () => {
    const res = await admin().post('/api/admin/quotes').send(kitchenQuote({ expiresIn: '2d' })).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = adminPaymentLinkResponseSchema.validateSync(res.body, { strict: true });
    expect(created.quoteIncrementId).toMatch(/^Q-\d+$/);
    expect(created.paymentLink.path).toBe(`/quote/payment?quoteId=${created.quoteId}&token=${created.token}`);
    expect(created.paymentLink.url).toBe(`https://shop.example.com${created.paymentLink.path}`);
    const lifetime = Date.parse(created.expiresAt) - Date.now();
    expect(lifetime).toBeGreaterThan(2 * 86_400_000 - 60_000);
    expect(lifetime).toBeLessThanOrEqual(2 * 86_400_000);

    const opened = await request(app.server).get('/api/quote').query({ quoteId: created.quoteId, token: created.token }).expect(200);
    expect(opened.body.data).toMatchObject({ id: created.quoteId, quoteIncrementId: created.quoteIncrementId, status: 'ready_to_order' });
  });

  it('send: true e-mails the link to the quote\'s address, queued with the link; the answer says emailQueued', async () => {
    const outbox = (quoteId: string) =>
      db.query(`SELECT recipient, subject, text FROM orders.email_outbox WHERE kind = 'quote-payment-link' AND dedupe_key LIKE $1 ORDER BY created_at`, [`quote-payment-link:${quoteId}:%`]);
    const res = await admin().post('/api/admin/quotes').send(kitchenQuote({ send: true })).expect(201);
    const created = adminPaymentLinkResponseSchema.validateSync(res.body, { strict: true });
    expect(created.emailQueued).toBe(true);
    expect(created.paymentLink.url).toBe(`https://shop.example.com${created.paymentLink.path}`);
    const [row] = await outbox(created.quoteId);
    expect(row).toMatchObject({ recipient: 'ann@example.com', subject: `Your quote ${created.quoteIncrementId} is ready to pay` });
    expect(row.text).toContain(created.paymentLink.url);

    const again = (await admin().post(`/api/admin/quotes/${created.quoteIncrementId}/links`).send({ send: true }).expect(201)).body;
    expect(again.emailQueued).toBe(true);
    expect(await outbox(created.quoteId)).toHaveLength(2);
    // without send: no e-mail, no emailQueued
    const quiet = (await admin().post(`/api/admin/quotes/${created.quoteIncrementId}/links`).send({}).expect(201)).body;
    expect(quiet).not.toHaveProperty('emailQueued');
    expect(await outbox(created.quoteId)).toHaveLength(2);
  });

  it('answers 400 with the field errors of a quote that breaks a rule, creating nothing', async () => {
    const before = (await db.query('SELECT count(*)::int AS n FROM orders.quote'))[0].n;
    const res = await admin()
      .post('/api/admin/quotes')
      .send(kitchenQuote({ email: 'not-an-address', items: [], splitPaymentEnabled: true }))
      .expect(400);
    expect(res.body.errors).toMatchObject({ email: 'Invalid email address', items: expect.any(String), minimumSplitAmount: expect.any(String) });
    const bad = await admin().post('/api/admin/quotes').send(kitchenQuote({ expiresIn: '3w' })).expect(400);
    expect(bad.body.errors).toHaveProperty('expiresIn');
    const tooLong = await admin().post('/api/admin/quotes').send(kitchenQuote({ expiresIn: '366d' })).expect(400);
    expect(tooLong.body.errors).toEqual({ expiresIn: 'expiresIn must be at most 365d (got "366d")' });
    expect((await db.query('SELECT count(*)::int AS n FROM orders.quote'))[0].n).toBe(before);
  });

  it('issues a new link by quote number; the old link stops working; unknown 404, ordered 409', async () => {
    const first = (await admin().post('/api/admin/quotes').send(kitchenQuote()).expect(201)).body;
    const second = adminPaymentLinkResponseSchema.validateSync(
      (await admin().post(`/api/admin/quotes/${first.quoteIncrementId.toLowerCase()}/links`).send({ expiresInMs: 3_600_000 }).expect(201)).body,
    );
    expect(second.quoteId).toBe(first.quoteId);
    expect(second.token).not.toBe(first.token);
    await request(app.server).get('/api/quote').query({ quoteId: first.quoteId, token: first.token }).expect(400);
    await request(app.server).get('/api/quote').query({ quoteId: second.quoteId, token: second.token }).expect(200);
    // by id, with no body at all
    await admin().post(`/api/admin/quotes/${first.quoteId}/links`).expect(201);

    const unknown = await admin().post('/api/admin/quotes/Q-999999999/links').send({}).expect(404);
    expect(unknown.body.message).toBe('Quote not found.');
    // paid: the quote became an order (as its conversion records it)
    const paidOrder = await createOrder();
    await db.query(`UPDATE orders.quote SET status = 'ordered', order_id = $2 WHERE id = $1`, [first.quoteId, paidOrder.id]);
    const ordered = await admin().post(`/api/admin/quotes/${first.quoteId}/links`).send({}).expect(409);
    expect(ordered.body).toMatchObject({ message: 'This quote has already been ordered.', errorType: 'quoteAlreadyOrdered' });
  });

  it('lists the quotes newest first, by status and limit', async () => {
    const made = (await admin().post('/api/admin/quotes').send(kitchenQuote()).expect(201)).body;
    const res = await admin().get('/api/admin/quotes').query({ status: 'ready_to_order', limit: 2 }).expect(200);
    const { quotes } = adminQuoteListResponseSchema.validateSync(res.body);
    expect(quotes.length).toBeLessThanOrEqual(2);
    expect(quotes[0]!.id).toBe(made.quoteId);
    expect(quotes.every((quote) => quote.status === 'ready_to_order')).toBe(true);
    await admin().get('/api/admin/quotes').query({ status: 'lost' }).expect(400);
  });

  it('lists orders by status and turns split payment on by order number, refusing what the CLI refuses', async () => {
    const created = await createOrder();
    const listed = (await admin().get('/api/admin/orders').query({ status: 'pending' }).expect(200)).body.orders as { id: string; status: string }[];
    expect(listed.map((o) => o.id)).toContain(created.id);
    expect(listed.every((o) => o.status === 'pending')).toBe(true);

    const split = await admin().post(`/api/admin/orders/${created.orderIncrementId.toLowerCase()}/split-payment`).send({ minimumSplitAmount: '5.00' }).expect(200);
    expect(adminSplitPaymentResponseSchema.validateSync(split.body)).toMatchObject({
      id: created.id,
      splitPaymentEnabled: true,
      minimumSplitAmount: '$5.00',
      minimumSplitAmountCents: 500,
      amountDueCents: created.total,
    });

    const unknown = await admin().post('/api/admin/orders/SF-999999999/split-payment').send({ minimumSplitAmount: 5 }).expect(404);
    expect(unknown.body.message).toBe('Order not found.');
    const tooHigh = await admin().post(`/api/admin/orders/${created.id}/split-payment`).send({ minimumSplitAmount: created.total / 100 }).expect(409);
    expect(tooHigh.body.message).toMatch(/^The minimum split amount must be less than the order total/);
    const zero = await admin().post(`/api/admin/orders/${created.id}/split-payment`).send({ minimumSplitAmount: 0 }).expect(400);
    expect(zero.body.errors).toHaveProperty('minimumSplitAmount');

    await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send({ attemptId: `admin-${created.id}`, gateway: 'sandbox', method: 'credit-card', methodLabel: 'Credit Card', status: 'completed', amount: created.total, transactionId: `tx-${created.id}`, additionalData: {} })
      .expect(200);
    const paid = await admin().post(`/api/admin/orders/${created.id}/split-payment`).send({ minimumSplitAmount: 1 }).expect(409);
    expect(paid.body.message).toBe(`Order ${created.orderIncrementId} is already paid in full.`);
  });
});
