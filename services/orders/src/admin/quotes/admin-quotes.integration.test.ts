import { adminQuoteDetailSchema, adminRoutes } from '@storefront/contracts';
import request from 'supertest';
import { startOrdersTestApp, type OrdersTestApp } from '../../testing/orders-test-app.js';
import { createApiKey } from '../api-keys/api-keys.js';

// The back office's quotes over HTTP on real PostgreSQL: where a quote stands (sent, viewed,
// expired), an edit priced again by the server and audited, and revoking its links.

let app: OrdersTestApp;
let key: string;

beforeAll(async () => {
  app = await startOrdersTestApp();
  key = (await createApiKey(app.db, `quotes-tests-${Date.now()}`, 'sales')).key;
});

afterAll(async () => {
  await app?.close();
});

const admin = () => ({
  get: (url: string) => request(app.server).get(url).set('Authorization', `Bearer ${key}`),
  post: (url: string) => request(app.server).post(url).set('Authorization', `Bearer ${key}`),
  put: (url: string) => request(app.server).put(url).set('Authorization', `Bearer ${key}`),
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
