import { randomUUID } from 'node:crypto';
import { adminPaymentLinkResponseSchema, adminQuoteDetailSchema, adminRoutes } from '@storefront/contracts';
import request from 'supertest';
import { startOrdersTestApp, type OrdersTestApp } from '../../testing/orders-test-app.js';
import { createApiKey } from '../api-keys/api-keys.js';

// The back office's quotes over HTTP on real PostgreSQL: where a quote stands (sent, viewed,
// expired), an edit priced again by the server and audited, revoking its links, and a create or a
// new link repeated with its Idempotency-Key.

let app: OrdersTestApp;
let key: string;

beforeAll(async () => {
  app = await startOrdersTestApp();
  key = (await createApiKey(app.db, `quotes-tests-${Date.now()}`, 'sales')).key;
});

afterAll(async () => {
  await app?.close();
});

const admin = (bearer = key) => ({
  get: (url: string) => request(app.server).get(url).set('Authorization', `Bearer ${bearer}`),
  post: (url: string) => request(app.server).post(url).set('Authorization', `Bearer ${bearer}`),
  put: (url: string) => request(app.server).put(url).set('Authorization', `Bearer ${bearer}`),
});

const billing = { type: 'billing' as const, email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '2125550100' };
const kitchenQuote = (qty = 3) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '(212) 555-0100',
  addresses: [billing],
  shippingMethod: 'freight',
  items: [{ name: 'Shaker Snow White Base Cabinet 24"', sku: 'SSW-B24', qty, price: 278.99 }],
  shippingAmount: 149.5,
  taxAmount: 74.43,
});

const detailOf = async (quote: string) => adminQuoteDetailSchema.validateSync((await admin().get(adminRoutes.quoteDetail.path.replace(':quote', quote)).expect(200)).body);

describe('a quote in the back office', () => {
  it('is sent with its link, viewed once the customer opens it, and expired once its links are revoked', async () => {
    const created = (await admin().post(adminRoutes.createQuote.path).send(kitchenQuote()).expect(201)).body;
    expect((await detailOf(created.quoteIncrementId)).state).toBe('sent');
    await request(app.server).get('/api/quote').query({ quoteId: created.quoteId, token: created.token }).expect(200);
    const viewed = await detailOf(created.quoteIncrementId);
    expect(viewed.state).toBe('viewed');
    expect(viewed.links[0]!.viewedAt).not.toBeNull();
    const revoked = (await admin().post(adminRoutes.revokeLinks.path.replace(':quote', created.quoteIncrementId)).expect(200)).body;
    expect(revoked.revoked).toBe(1);
    expect(revoked.quote.state).toBe('expired');
    // the customer's link no longer opens it
    await request(app.server).get('/api/quote').query({ quoteId: created.quoteId, token: created.token }).expect(400);
  });

  it('is edited and priced again by the server, keeping its number and its link; the audit keeps before and after', async () => {
    const created = (await admin().post(adminRoutes.createQuote.path).send(kitchenQuote(3)).expect(201)).body;
    const before = await detailOf(created.quoteIncrementId);
    const edited = adminQuoteDetailSchema.validateSync(
      (await admin().put(adminRoutes.updateQuote.path.replace(':quote', created.quoteIncrementId)).send({ ...kitchenQuote(5), total: 1 }).expect(200)).body,
    );
    expect(edited.quote.quoteIncrementId).toBe(created.quoteIncrementId);
    expect(edited.quote.items).toHaveLength(1);
    expect(edited.quote.items[0]!.qty).toBe(5);
    // 5 × $278.99 + $149.50 + $74.43 in cents, whatever total the body claimed
    expect(edited.quote.total).toBe(161_888);
    expect(edited.quote.total).not.toBe(before.quote.total);
    await request(app.server).get('/api/quote').query({ quoteId: created.quoteId, token: created.token }).expect(200);
    const [row] = await app.db.query(`SELECT before, after FROM orders.admin_audit WHERE action = 'quote.update' AND target = $1`, [created.quoteIncrementId]);
    expect(row.before.items[0].qty).toBe(3);
    expect(row.after.items[0].qty).toBe(5);
    const invalid = await admin().put(adminRoutes.updateQuote.path.replace(':quote', created.quoteIncrementId)).send({ ...kitchenQuote(), items: [] }).expect(400);
    expect(invalid.body.errors).toBeDefined();
  });

  it('answers 404 for an unknown quote', async () => {
    await admin().get(adminRoutes.quoteDetail.path.replace(':quote', 'Q-999999999')).expect(404);
  });
});

/** The rows of every table of the orders schema whose text holds `secret` (each row as text: every column). */
async function rowsHolding(secret: string): Promise<string[]> {
  const tables = (await app.db.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'orders'`)) as { tablename: string }[];
  const found: string[] = [];
  for (const { tablename } of tables) {
    const [row] = await app.db.query(`SELECT count(*)::int AS n FROM orders."${tablename}" t WHERE strpos(t::text, $1) > 0`, [secret]);
    if (row.n > 0) found.push(`${tablename}: ${row.n}`);
  }
  return found;
}

describe('a quote created with an Idempotency-Key', () => {
  const quotesOf = (email: string) => app.db.query(`SELECT id FROM orders.quote WHERE email = $1`, [email]);

  it('is created once however often the request is sent: the same quote and the same working link each time', async () => {
    const email = `retry-${Date.now()}@example.com`;
    const idempotencyKey = randomUUID();
    const create = () => admin().post(adminRoutes.createQuote.path).set('Idempotency-Key', idempotencyKey).send({ ...kitchenQuote(), email });
    const first = await create().expect(201);
    const again = await create().expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(again.headers['idempotent-replayed']).toBe('true');
    // the first answer: the same quote, token and link
    expect(again.body).toEqual(first.body);
    const created = adminPaymentLinkResponseSchema.validateSync(first.body);
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(created.paymentLink).toContain(encodeURIComponent(created.token));
    expect(await quotesOf(email)).toHaveLength(1);
    const links = await app.db.query(`SELECT revoked_at FROM orders.quote_payment_link WHERE quote_id = $1`, [created.quoteId]);
    expect(links).toEqual([{ revoked_at: null }]);
    const audits = await app.db.query(`SELECT outcome FROM orders.admin_audit WHERE action = 'quote.create' AND target = $1`, [created.quoteIncrementId]);
    expect(audits).toEqual([{ outcome: 'succeeded' }]);
    // the repeated answer's link opens the quote
    await request(app.server).get('/api/quote').query({ quoteId: created.quoteId, token: created.token }).expect(200);
  });

  it('keeps the link\'s token only sealed: no row of any table holds it readable', async () => {
    const created = adminPaymentLinkResponseSchema.validateSync(
      (await admin().post(adminRoutes.createQuote.path).set('Idempotency-Key', randomUUID()).send({ ...kitchenQuote(), email: `sealed-${Date.now()}@example.com` }).expect(201)).body,
    );
    expect(await rowsHolding(created.token)).toEqual([]);
    // the record is there: the answer without the token's fields, which are sealed apart
    const [record] = await app.db.query(`SELECT response_body, sealed_secret FROM orders.idempotency_records WHERE response_body->>'quoteId' = $1`, [created.quoteId]);
    expect(record.response_body).toEqual({ quoteId: created.quoteId, quoteIncrementId: created.quoteIncrementId, expiresAt: created.expiresAt });
    expect(record.sealed_secret).toEqual(expect.any(String));
  });

  it('answers 422 for the same key with another body, or from another caller, and creates nothing', async () => {
    const email = `conflict-${Date.now()}@example.com`;
    const idempotencyKey = randomUUID();
    await admin().post(adminRoutes.createQuote.path).set('Idempotency-Key', idempotencyKey).send({ ...kitchenQuote(3), email }).expect(201);
    const changed = await admin().post(adminRoutes.createQuote.path).set('Idempotency-Key', idempotencyKey).send({ ...kitchenQuote(4), email }).expect(422);
    expect(changed.body.errorType).toBe('idempotencyKeyReused');
    const colleague = (await createApiKey(app.db, `quotes-tests-other-${Date.now()}`, 'sales')).key;
    const other = await admin(colleague).post(adminRoutes.createQuote.path).set('Idempotency-Key', idempotencyKey).send({ ...kitchenQuote(3), email }).expect(422);
    expect(other.body.errorType).toBe('idempotencyKeyReused');
    expect(await quotesOf(email)).toHaveLength(1);
    const refused = await app.db.query(`SELECT outcome FROM orders.admin_audit WHERE action = 'quote.create' AND outcome = 'refused' AND detail = $1`, [changed.body.message]);
    expect(refused.length).toBeGreaterThanOrEqual(2);
  });

  it('a new link repeated with its key answers the same link, which keeps working', async () => {
    const created = adminPaymentLinkResponseSchema.validateSync((await admin().post(adminRoutes.createQuote.path).send(kitchenQuote()).expect(201)).body);
    const idempotencyKey = randomUUID();
    const issue = () => admin().post(adminRoutes.issueLink.path.replace(':quote', created.quoteIncrementId)).set('Idempotency-Key', idempotencyKey).send({});
    const first = adminPaymentLinkResponseSchema.validateSync((await issue().expect(201)).body);
    const again = await issue().expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first);
    expect(first.token).not.toBe(created.token);
    await request(app.server).get('/api/quote').query({ quoteId: created.quoteId, token: first.token }).expect(200);
    expect(await rowsHolding(first.token)).toEqual([]);
    const [{ n }] = await app.db.query(`SELECT count(*)::int AS n FROM orders.quote_payment_link WHERE quote_id = $1`, [created.quoteId]);
    expect(n).toBe(2);
  });
});
