import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  ADMIN_MESSAGES,
  adminOrderListResponseSchema,
  adminPaymentLinkResponseSchema,
  adminQuoteListResponseSchema,
  adminSplitPaymentResponseSchema,
} from '@storefront/contracts';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';
import { ACTIVE_KEY_MEMO_MS, ApiKeyMatcher, createApiKey, hashApiKey, revokeApiKey } from './api-keys/api-keys.js';

const run = promisify(execFile);
// the built command, as `npm run backoffice` runs it (integration tests run after the build)
const CLI = path.resolve(__dirname, '..', '..', 'dist', 'backoffice', 'cli.js');

/** the per-address admin limit of this file's app (read when it starts) */
const PER_MINUTE = 30;

let app: OrdersTestApp;
let db: DataSource;
/** the key the back-office tests call with */
let KEY: string;
let KEY_ID: string;

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

// each test calls from its own client address (the app trusts X-Forwarded-For from loopback), so
// one test's counts never reach another's limits
let lastAddress = 0;
const nextAddress = () => `198.51.100.${++lastAddress}`;
let address = nextAddress();
beforeEach(() => {
  address = nextAddress();
});

const as = (from: string, authorization?: string) => {
  const set = <T extends request.Test>(test: T): T => {
    test.set('X-Forwarded-For', from);
    if (authorization) test.set('Authorization', authorization);
    return test;
  };
  return {
    get: (url: string) => set(request(app.server).get(url)),
    post: (url: string) => set(request(app.server).post(url)),
  };
};
const admin = () => as(address, `Bearer ${KEY}`);

async function createOrder(): Promise<{ id: string; orderIncrementId: string; total: number }> {
  return (await request(app.server).post('/api/order').send(order).expect(201)).body.data;
}

const saved = { PUBLIC_URL: process.env.PUBLIC_URL, PUBLIC_SITE_URL: process.env.PUBLIC_SITE_URL, TRUST_PROXY: process.env.TRUST_PROXY, RATE_LIMIT_ADMIN_PER_MINUTE: process.env.RATE_LIMIT_ADMIN_PER_MINUTE };

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  process.env.PUBLIC_SITE_URL = 'https://shop.example.com/';
  process.env.TRUST_PROXY = 'loopback';
  process.env.RATE_LIMIT_ADMIN_PER_MINUTE = String(PER_MINUTE);
  app = await startOrdersTestApp();
  db = app.db;
  // the admin API is off while no key is active and no staff member can sign in: start from there
  // (keys are made only by this file; staff/staff.integration.test.ts makes its own staff)
  await db.query('UPDATE orders.admin_api_key SET revoked_at = now() WHERE revoked_at IS NULL');
  await db.query('UPDATE orders.staff_member SET disabled_at = now() WHERE disabled_at IS NULL');
});

afterAll(async () => {
  await app?.close();
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

const auditRows = (action: string, target?: string) =>
  db.query(`SELECT key_id, actor, action, target, outcome, detail FROM orders.admin_audit WHERE action = $1 AND ($2::varchar IS NULL OR target = $2) ORDER BY id`, [action, target ?? null]);

describe('/api/admin while no API key is active', () => {
  it('answers 404 on every admin route, even to a bearer, as if the routes did not exist (never cached)', async () => {
    const quoteCount = async () => (await db.query('SELECT count(*)::int AS n FROM orders.quote'))[0].n as number;
    const before = await quoteCount();
    const guess = () => as(address, 'Bearer sfk_not-a-key');
    for (const call of [
      guess().get('/api/admin/quotes'),
      guess().get('/api/admin/orders'),
      guess().post('/api/admin/quotes').send(kitchenQuote()),
      guess().post('/api/admin/quotes/Q-100001/links').send({}),
      guess().post('/api/admin/orders/SF-100001/split-payment').send({ minimumSplitAmount: 5 }),
    ]) {
      const res = await call.expect(404);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // other test files share the database: nothing was created by these calls
    expect(await quoteCount()).toBe(before);
    // and a revoked key does not switch the routes on
    const revoked = await createApiKey(db, 'revoked-before-use');
    await revokeApiKey(db, revoked.id);
    await as(address, `Bearer ${revoked.key}`).get('/api/admin/orders').expect(404);
  });
});

describe('/api/admin with an API key', () => {
  beforeAll(async () => {
    ({ key: KEY, id: KEY_ID } = await createApiKey(db, 'back-office-tests'));
  });

  it('answers 401 to a missing, wrong or revoked key, and notes when a key was last used', async () => {
    const other = await createApiKey(db, 'soon-revoked');
    await as(address, `Bearer ${other.key}`).get('/api/admin/quotes').expect(200);
    await revokeApiKey(db, other.id);
    const wrongButWellFormed = `sfk_${'A'.repeat(43)}`;
    for (const authorization of [undefined, 'Bearer not-a-key', `Bearer ${wrongButWellFormed}`, `Basic ${KEY}`, `Bearer ${KEY}x`]) {
      const res = await as(address, authorization).get('/api/admin/quotes').expect(401);
      expect(res.body.message).toBe(ADMIN_MESSAGES.keyRequired);
      expect(res.headers['cache-control']).toBe('no-store');
    }
    // the service trusts a key it matched for ACTIVE_KEY_MEMO_MS (ApiKeyMatcher): revoked, it is refused after that
    await new Promise((resolve) => setTimeout(resolve, ACTIVE_KEY_MEMO_MS));
    const revoked = await as(address, `Bearer ${other.key}`).get('/api/admin/quotes').expect(401);
    expect(revoked.body.message).toBe(ADMIN_MESSAGES.keyRevoked);
    await admin().get('/api/admin/quotes').expect(200);
    const [used] = await db.query('SELECT last_used_at FROM orders.admin_api_key WHERE id = $1', [KEY_ID]);
    expect(Date.now() - new Date(used.last_used_at).getTime()).toBeLessThan(60_000);
  });

  it('remembers an active key for ACTIVE_KEY_MEMO_MS and no longer: a revoked key is refused once that has passed; unknown keys are read every time', async () => {
    let now = 1_000_000;
    const matcher = new ApiKeyMatcher(db, ACTIVE_KEY_MEMO_MS, () => now);
    const key = await createApiKey(db, `memo-${Date.now()}`);
    expect(await matcher.match(key.key)).toEqual({ status: 'active', id: key.id, name: key.name, role: 'manager' });
    await revokeApiKey(db, key.id);
    now += ACTIVE_KEY_MEMO_MS - 1;
    expect((await matcher.match(key.key)).status).toBe('active');
    now += 1;
    expect(await matcher.match(key.key)).toEqual({ status: 'revoked' });
    // a revoked key is not remembered: read again, still revoked
    expect(await matcher.match(key.key)).toEqual({ status: 'revoked' });
    // an unknown key is not remembered either: once its row exists, the next call finds it
    const issuedLater = `sfk_${randomBytes(32).toString('base64url')}`;
    expect(await matcher.match(issuedLater)).toEqual({ status: 'unknown' });
    await db.query(`INSERT INTO orders.admin_api_key (name, key_hash, role) VALUES ($1, $2, 'sales')`, [`memo-later-${Date.now()}`, hashApiKey(issuedLater)]);
    expect(await matcher.match(issuedLater)).toMatchObject({ status: 'active', role: 'sales' });
    expect(await matcher.match('not-a-key')).toEqual({ status: 'unknown' });
  });

  it('limits failed keys per address: the 11th in 15 minutes is 429, and then even the right key is refused from there', async () => {
    for (let guess = 1; guess <= 10; guess++) {
      await as(address, `Bearer sfk_guess-${guess}`).get('/api/admin/orders').expect(401);
    }
    const over = await as(address, 'Bearer sfk_guess-11').get('/api/admin/orders').expect(429);
    expect(over.body.message).toBe(ADMIN_MESSAGES.tooManyFailedKeys);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // checked before the key: a right guess from that address learns nothing
    const right = await admin().get('/api/admin/orders').expect(429);
    expect(right.body.message).toBe(ADMIN_MESSAGES.tooManyFailedKeys);
    await admin().post('/api/admin/orders/SF-100001/split-payment').send({ minimumSplitAmount: 5 }).expect(429);
    // another address is not held back
    await as(nextAddress(), `Bearer ${KEY}`).get('/api/admin/orders').expect(200);
  });

  it('limits every admin call per address before the key is checked, reads included', async () => {
    for (let call = 1; call <= PER_MINUTE; call++) await admin().get('/api/admin/orders').query({ limit: 1 }).expect(200);
    const over = await admin().get('/api/admin/orders').expect(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(over.headers['cache-control']).toBe('no-store');
    // a wrong key over the limit is refused by the limit, not judged (and not counted as a failed key)
    await as(address, 'Bearer sfk_wrong').get('/api/admin/orders').expect(429);
    const [failed] = await db.query(`SELECT count(*)::int AS n FROM orders.rate_limit_hits WHERE key = $1`, [`admin-failed-keys:${address}`]);
    expect(failed.n).toBe(0);
  });

  it('audits every write with the key that made it: what, on what, how it ended', async () => {
    const created = (await admin().post('/api/admin/quotes').send(kitchenQuote()).expect(201)).body;
    expect(await auditRows('quote.create', created.quoteIncrementId)).toEqual([
      { key_id: KEY_ID, actor: 'back-office-tests', action: 'quote.create', target: created.quoteIncrementId, outcome: 'succeeded', detail: null },
    ]);
    await admin().post(`/api/admin/quotes/${created.quoteIncrementId}/links`).send({}).expect(201);
    expect(await auditRows('quote.link', created.quoteIncrementId)).toEqual([
      { key_id: KEY_ID, actor: 'back-office-tests', action: 'quote.link', target: created.quoteIncrementId, outcome: 'succeeded', detail: null },
    ]);
    await admin().post('/api/admin/orders/SF-999999998/split-payment').send({ minimumSplitAmount: 5 }).expect(404);
    expect(await auditRows('order.split-payment', 'SF-999999998')).toEqual([
      { key_id: KEY_ID, actor: 'back-office-tests', action: 'order.split-payment', target: 'SF-999999998', outcome: 'refused', detail: 'Order not found.' },
    ]);
  });

  it('pages the orders: limit (at most 200), next, after', async () => {
    const made = [await createOrder(), await createOrder(), await createOrder()];
    const first = adminOrderListResponseSchema.validateSync((await admin().get('/api/admin/orders').query({ limit: 2 }).expect(200)).body, { strict: true });
    expect(first.orders.map((o) => o.id)).toEqual([made[2]!.id, made[1]!.id]);
    expect(first.next).toBe(made[1]!.orderIncrementId);
    const second = (await admin().get('/api/admin/orders').query({ limit: 2, after: first.next }).expect(200)).body;
    expect(second.orders[0].id).toBe(made[0]!.id);
    // by id too, and the last page says so
    const total = (await db.query('SELECT count(*)::int AS n FROM orders.orders'))[0].n as number;
    const [oldest] = await db.query('SELECT id FROM orders.orders ORDER BY created_at, order_increment_id LIMIT 1');
    const last = (await admin().get('/api/admin/orders').query({ after: made[0]!.id, limit: 200 }).expect(200)).body;
    expect(last.orders).toHaveLength(Math.min(total - 3, 200));
    if (total - 3 <= 200) {
      expect(last.next).toBeNull();
      if (total > 3) expect(last.orders.at(-1).id).toBe(oldest.id);
    }
    const tooMany = await admin().get('/api/admin/orders').query({ limit: 201 }).expect(400);
    expect(tooMany.body.errors).toEqual({ limit: 'limit must be at most 200' });
    const unknown = await admin().get('/api/admin/orders').query({ after: 'SF-999999997' }).expect(400);
    expect(unknown.body.errors).toHaveProperty('after');
  });

  it('pages the quotes: limit, next, after', async () => {
    const made = [];
    for (let i = 0; i < 3; i++) made.push((await admin().post('/api/admin/quotes').send(kitchenQuote()).expect(201)).body);
    const first = adminQuoteListResponseSchema.validateSync((await admin().get('/api/admin/quotes').query({ limit: 2 }).expect(200)).body);
    expect(first.quotes.map((q) => q.id)).toEqual([made[2].quoteId, made[1].quoteId]);
    expect(first.next).toBe(made[1].quoteIncrementId);
    const second = (await admin().get('/api/admin/quotes').query({ limit: 1, after: first.next }).expect(200)).body;
    expect(second.quotes.map((q: { id: string }) => q.id)).toEqual([made[0].quoteId]);
    const byId = (await admin().get('/api/admin/quotes').query({ limit: 1, after: made[1].quoteId }).expect(200)).body;
    expect(byId.quotes[0].id).toBe(made[0].quoteId);
    await admin().get('/api/admin/quotes').query({ limit: 201 }).expect(400);
    const unknown = await admin().get('/api/admin/quotes').query({ after: 'Q-999999999' }).expect(400);
    expect(unknown.body.errors).toHaveProperty('after');
  });

  it('creates a quote and answers what `quote create` prints; the link opens the quote on GET /api/quote', async () => {
    const res = await admin().post('/api/admin/quotes').send(kitchenQuote({ expiresIn: '2d' })).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const created = adminPaymentLinkResponseSchema.validateSync(res.body, { strict: true });
    expect(created.quoteIncrementId).toMatch(/^Q-\d+$/);
    expect(created.paymentPath).toBe(`/quote/payment?quoteId=${created.quoteId}&token=${created.token}`);
    expect(created.paymentLink).toBe(`https://shop.example.com${created.paymentPath}`);
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
    expect(created.paymentLink).toBe(`https://shop.example.com${created.paymentPath}`);
    const [row] = await outbox(created.quoteId);
    expect(row).toMatchObject({ recipient: 'ann@example.com', subject: `Your quote ${created.quoteIncrementId} is ready to pay` });
    expect(row.text).toContain(created.paymentLink);

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
    expect(quotes).toHaveLength(2);
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

describe('npm run -s backoffice -- api-keys | audit', () => {
  const cli = (...args: string[]) => run(process.execPath, [CLI, ...args], { env: { ...process.env } });
  const refused = (...args: string[]) =>
    cli(...args).then(
      () => {
        throw new Error(`${args.join(' ')} succeeded`);
      },
      (error: { code: number; stderr: string }) => error,
    );

  it('creates a key that opens the admin API, lists it without the key, and revokes it; each write is audited as cli:<user>', async () => {
    const name = `harness-${Date.now()}`;
    // another key stays active: once this one is revoked the admin API is still on, and answers 401
    await createApiKey(db, `colleague-${Date.now()}`);
    const creation = await cli('api-keys', 'create', '--name', name, '--json');
    const created = JSON.parse(creation.stdout) as { id: string; name: string; role: string; key: string };
    // the service's structured audit line (one JSON object), on stderr: stdout stays the command's answer
    const logged = creation.stderr.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logged).toEqual([
      expect.objectContaining({ level: 'log', context: 'admin-audit', event: 'admin.audit', keyId: null, actor: expect.stringMatching(/^cli:/), action: 'api-key.create', target: created.id, outcome: 'succeeded' }),
    ]);
    expect(Object.keys(created).sort()).toEqual(['id', 'key', 'name', 'role']);
    expect(created.name).toBe(name);
    expect(created.role).toBe('manager');
    expect(created.key).toMatch(/^sfk_[A-Za-z0-9_-]{43}$/);
    await as(address, `Bearer ${created.key}`).get('/api/admin/orders').expect(200);
    // only the hash is kept
    const [stored] = await db.query('SELECT key_hash FROM orders.admin_api_key WHERE id = $1', [created.id]);
    expect(stored.key_hash).not.toContain(created.key.slice(4));

    const listed = (await cli('api-keys', 'list', '--json')).stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const mine = listed.find((key) => key.id === created.id);
    expect(mine).toMatchObject({ id: created.id, name, revokedAt: null });
    expect(JSON.stringify(listed)).not.toContain(created.key);

    // a second active key of that name is refused
    const duplicate = await refused('api-keys', 'create', '--name', name);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toContain(`An active API key is already named "${name}"`);

    expect((await cli('api-keys', 'revoke', '--id', created.id)).stdout).toContain('revoked');
    const res = await as(address, `Bearer ${created.key}`).get('/api/admin/orders').expect(401);
    expect(res.body.message).toBe(ADMIN_MESSAGES.keyRevoked);
    const again = await refused('api-keys', 'revoke', '--id', created.id);
    expect(again.stderr).toMatch(/was already revoked/);

    const audit = (await cli('audit', 'list', '--json', '--limit', '200')).stdout.trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    const ofKey = audit.filter((row) => row.target === created.id);
    expect(ofKey.map((row) => [row.action, row.outcome])).toEqual([
      ['api-key.revoke', 'refused'],
      ['api-key.revoke', 'succeeded'],
      ['api-key.create', 'succeeded'],
    ]);
    expect(ofKey.every((row) => typeof row.actor === 'string' && row.actor.startsWith('cli:') && row.keyId === null)).toBe(true);
    expect((await cli('audit', 'list')).stdout).toMatch(/^WHEN \(UTC\)\s+ACTOR\s+ACTION\s+TARGET\s+OUTCOME/);
  }, 180_000); // seven runs of the command, each a node process that opens the database
});
