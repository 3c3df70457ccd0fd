import { createHash } from 'node:crypto';
import { quoteResponseSchema } from '@storefront/contracts';
import { createSchemaDatabase } from '@storefront/service-kit';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { CreateQuotes1764000001000 } from '../migrations/1764000001000-create-quotes.js';
import { ORDERS_DATABASE } from '../orders-database.js';
import { order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';
import { QuoteError } from './quote-errors.js';
import { QuotesService } from './quotes.service.js';

/** The lookups' limit in this file (read when the app module loads): small enough to reach in the 429 test. */
const LOOKUP_LIMIT = 5;
const EXPIRED = 'The quote link has expired. Please contact admin to receive a new payment link.';
const NOT_FOUND = 'Quote not found. The link may be incorrect.';

let testApp: OrdersTestApp;
let db: DataSource;
let quotes: QuotesService;

beforeAll(async () => {
  process.env.RATE_LIMIT_LOOKUPS_PER_MINUTE = String(LOOKUP_LIMIT);
  testApp = await startOrdersTestApp();
  db = testApp.db;
  quotes = testApp.app.get(QuotesService);
});

afterAll(async () => {
  await testApp?.close();
});

/** Each lookup from its own documentation address, so only the 429 test meets the limit. */
let lastAddress = 0;
const nextAddress = () => {
  lastAddress += 1;
  return `198.18.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};
const byLink = (query: Record<string, string>, address = nextAddress()) => request(testApp.server).get('/api/quote').query(query).set('X-Forwarded-For', address);
const view = (id: string, query: Record<string, string> = {}, address = nextAddress()) =>
  request(testApp.server).get(`/api/quote/view/${encodeURIComponent(id)}`).query(query).set('X-Forwarded-For', address);

const billing = {
  type: 'billing' as const,
  street1: '350 5th Ave',
  city: 'New York',
  state: 'ny',
  zipCode: '10118',
  countryId: 'us',
};

/** A kitchen quote as staff write it: dollars, and totals that must never be read. */
const kitchenQuote = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ann',
  lastName: 'Lee',
  email: 'ann@example.com',
  phone: '(212) 555-0100',
  poNumber: 'PO-7731',
  addresses: [billing],
  shippingMethod: 'freight',
  shippingLabel: 'Freight (curbside)',
  items: [
    { name: 'Shaker Snow White Base Cabinet 24"', sku: 'SSW-B24', qty: 3, price: 278.99, notes: 'soft-close hinges' },
    { name: 'Filler strip', sku: 'SSW-F3', qty: 2, price: 0.1 },
    { name: 'Toe kick', sku: 'SSW-TK8', qty: 1, price: '0.2' },
  ],
  additionalNotes: 'Deliver after 10 am.',
  shippingAmount: 149.5,
  taxAmount: 74.43,
  discountAmount: 50,
  splitPaymentEnabled: true,
  minimumSplitAmount: 250,
  ...overrides,
});

async function rejection(promise: Promise<unknown>): Promise<QuoteError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(QuoteError);
  return error as QuoteError;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const withoutRequestId = (body: Record<string, unknown>) => {
  const { requestId, ...rest } = body;
  expect(typeof requestId === 'string' || requestId === undefined).toBe(true);
  return rest;
};

describe('QuotesService.createQuote', () => {
  it('computes every amount itself in integer cents, from the unit prices in dollars; totals sent along are never read', async () => {
    const quote = await quotes.createQuote(
      kitchenQuote({ subtotal: 1, total: 1, items: kitchenQuote().items.map((item) => ({ ...item, rowTotal: 1 })) }),
    );
    expect(quote).toMatchObject({
      quoteIncrementId: expect.stringMatching(/^Q-1\d{5}$/),
      status: 'ready_to_order',
      firstName: 'Ann',
      phone: '(212) 555-0100',
      poNumber: 'PO-7731',
      shippingMethod: 'freight',
      shippingLabel: 'Freight (curbside)',
      // 3 × 278.99 + 2 × 0.10 + 1 × 0.20, exactly
      subtotal: 83697 + 20 + 20,
      shippingAmount: 14950,
      taxAmount: 7443,
      discountAmount: 5000,
      total: 83737 + 14950 + 7443 - 5000,
      splitPaymentEnabled: true,
      minimumSplitAmount: 25000,
      orderId: null,
      payments: [],
    });
    expect(quote.items).toEqual([
      { id: expect.any(String), name: 'Shaker Snow White Base Cabinet 24"', sku: 'SSW-B24', qty: 3, price: 27899, rowTotal: 83697, notes: 'soft-close hinges' },
      { id: expect.any(String), name: 'Filler strip', sku: 'SSW-F3', qty: 2, price: 10, rowTotal: 20, notes: null },
      { id: expect.any(String), name: 'Toe kick', sku: 'SSW-TK8', qty: 1, price: 20, rowTotal: 20, notes: null },
    ]);
    // the customer's names, e-mail and phone fill the address; it ships where it is billed
    const address = { email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '(212) 555-0100' };
    expect(quote.addresses).toEqual([
      { type: 'billing', ...address },
      { type: 'shipping', ...address },
    ]);
    expect(quoteResponseSchema.validateSync({ success: true, data: quote }, { strict: true })).toBeTruthy();

    const [row] = await db.query(`SELECT subtotal_cents, total_cents, minimum_split_amount_cents, status FROM orders.quote WHERE id = $1`, [quote.id]);
    expect(row).toEqual({ subtotal_cents: '83737', total_cents: String(83737 + 14950 + 7443 - 5000), minimum_split_amount_cents: '25000', status: 'ready_to_order' });
    const items = await db.query(`SELECT price_cents, row_total_cents FROM orders.quote_item WHERE quote_id = $1 ORDER BY position`, [quote.id]);
    expect(items).toEqual([
      { price_cents: '27899', row_total_cents: '83697' },
      { price_cents: '10', row_total_cents: '20' },
      { price_cents: '20', row_total_cents: '20' },
    ]);
  });

  it('numbers quotes from their own sequence, apart from orders', async () => {
    const [a, b] = [await quotes.createQuote(kitchenQuote()), await quotes.createQuote(kitchenQuote())];
    expect(Number(b.quoteIncrementId.slice(2))).toBe(Number(a.quoteIncrementId.slice(2)) + 1);
    const created = await request(testApp.server).post('/api/order').send(order).expect(201);
    expect(created.body.data.orderIncrementId).toMatch(/^SF-/);
  });

  it('refuses a quote that breaks a rule, naming each broken field with its own message', async () => {
    const error = await rejection(
      quotes.createQuote(
        kitchenQuote({
          email: 'ann@',
          items: [{ name: '', sku: 'X-1', qty: 0, price: 19.999 }],
          addresses: [{ ...billing, zipCode: 'abc' }],
          shippingAmount: -1,
          minimumSplitAmount: null,
        }),
      ),
    );
    expect(error.errorType).toBe('invalidQuote');
    expect(error.errors).toEqual({
      email: 'Invalid email address',
      'items[0].name': 'Item name is required',
      'items[0].qty': 'Quantity must be a whole number of at least 1',
      'items[0].price': 'Price must have at most 2 decimals',
      shippingAmount: 'Shipping amount cannot be negative',
      minimumSplitAmount: 'Minimum split amount is required when split payment is enabled',
      // the addresses take the customer's e-mail, so they break with it
      'addresses[0].email': 'Invalid email address',
      'addresses[1].email': 'Invalid email address',
      'addresses[0].zipCode': 'Only numbers are allowed',
      'addresses[1].zipCode': 'Only numbers are allowed',
    });
    expect(error.message).toBe('email: Invalid email address');

    expect((await rejection(quotes.createQuote(kitchenQuote({ items: [] })))).errors).toEqual({ items: 'A quote needs at least one item' });
    expect((await rejection(quotes.createQuote(kitchenQuote({ addresses: [] })))).errors).toEqual({ addresses: 'A billing address is required' });
    expect((await rejection(quotes.createQuote('not a quote'))).message).toBe('Request body must be a JSON object');
  });

  it('refuses a discount larger than the quote and a minimum split above the total (both judged in cents)', async () => {
    const items = [{ name: 'Door', sku: 'D-1', qty: 1, price: 100 }];
    const discount = await rejection(quotes.createQuote(kitchenQuote({ items, shippingAmount: 0, taxAmount: 0, discountAmount: 100.01, splitPaymentEnabled: false })));
    expect(discount).toMatchObject({ errorType: 'invalidQuote', errors: { discountAmount: 'Discount cannot exceed the quote amount' } });
    const split = await rejection(quotes.createQuote(kitchenQuote({ items, shippingAmount: 0, taxAmount: 0, discountAmount: 0, minimumSplitAmount: 100.01 })));
    expect(split.errors).toEqual({ minimumSplitAmount: 'Minimum split amount cannot exceed the total' });
    // a quote fully discounted is allowed: it totals 0
    expect((await quotes.createQuote(kitchenQuote({ items, shippingAmount: 0, taxAmount: 0, discountAmount: 100, splitPaymentEnabled: false }))).total).toBe(0);
  });

  it('keeps no minimum split on a quote paid in one go, whatever was sent (a 0 once broke the column rule: a 500)', async () => {
    const quote = await quotes.createQuote(kitchenQuote({ splitPaymentEnabled: false, minimumSplitAmount: 0 }));
    expect(quote.minimumSplitAmount).toBeNull();
  });
});

describe('payment links', () => {
  it('hand out a token of 256 random bits (base64url) once: only its SHA-256 is stored, the token itself nowhere in the database', async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    const before = Date.now();
    const link = await quotes.issuePaymentLink(quote.id);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(link.token, 'base64url')).toHaveLength(32);
    expect(link).toMatchObject({ quoteId: quote.id, quoteIncrementId: quote.quoteIncrementId, path: `/quote/payment?quoteId=${quote.id}&token=${link.token}` });
    // 14 days by default
    expect(link.expiresAt.getTime() - before).toBeGreaterThan(14 * 86_400_000 - 60_000);
    expect(link.expiresAt.getTime() - before).toBeLessThan(14 * 86_400_000 + 60_000);

    const stored = await db.query(`SELECT token_hash, revoked_at FROM orders.quote_payment_link WHERE quote_id = $1`, [quote.id]);
    expect(stored).toEqual([{ token_hash: createHash('sha256').update(link.token).digest('hex'), revoked_at: null }]);

    // every row of every table of the service's schema, as text: the token is in none of them
    const tables = (await db.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = 'orders' AND table_type = 'BASE TABLE'`)) as { table_name: string }[];
    expect(tables.map((table) => table.table_name)).toEqual(expect.arrayContaining(['quote', 'quote_item', 'quote_address', 'quote_payment_link']));
    for (const { table_name: table } of tables) {
      const [found] = await db.query(`SELECT count(*)::int AS n FROM orders."${table}" t WHERE row_to_json(t)::text LIKE '%' || $1 || '%'`, [link.token]);
      expect({ table, rows: found.n }).toEqual({ table, rows: 0 });
    }
  });

  it('are issued by quote number too, and refuse an unknown quote, a nonsensical expiry and a quote already ordered', async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    expect((await quotes.issuePaymentLink(quote.quoteIncrementId.toLowerCase())).quoteId).toBe(quote.id);
    expect(await rejection(quotes.issuePaymentLink('Q-999999999'))).toMatchObject({ errorType: 'quoteNotExist', message: 'Quote not found.' });
    expect(await rejection(quotes.issuePaymentLink('nonsense'))).toMatchObject({ errorType: 'quoteNotExist' });
    for (const expiresInMs of [0, -5, 1.5, Number.NaN, 366 * 86_400_000]) {
      expect(await rejection(quotes.issuePaymentLink(quote.id, { expiresInMs }))).toMatchObject({ errorType: 'invalidExpiry' });
    }
    const created = await request(testApp.server).post('/api/order').send(order).expect(201);
    await db.query(`UPDATE orders.quote SET status = 'ordered', order_id = $2 WHERE id = $1`, [quote.id, created.body.data.id]);
    expect(await rejection(quotes.issuePaymentLink(quote.id))).toMatchObject({ errorType: 'quoteAlreadyOrdered', message: 'This quote has already been ordered.' });
    // the quote now shows its order's payments
    expect(await quotes.resolve(quote.quoteIncrementId)).toMatchObject({ status: 'ordered', orderId: created.body.data.id, payments: [{ status: 'pending', amount: created.body.data.total }] });
  });

  it('expire: a link made to work briefly answers tokenExpired after that', async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    const link = await quotes.issuePaymentLink(quote.id, { expiresInMs: 1500 });
    await byLink({ quoteId: quote.id, token: link.token }).expect(200);
    await sleep(1600);
    const res = await byLink({ quoteId: quote.id, token: link.token }).expect(400);
    expect(withoutRequestId(res.body)).toEqual({ success: false, statusCode: 400, errorType: 'tokenExpired', message: EXPIRED });
    expect(await rejection(quotes.findByLink(quote.id, link.token))).toMatchObject({ errorType: 'tokenExpired' });
    // the view page does not open with it either
    await view(quote.id, { token: link.token }).expect(404);
  });

  it('are revoked by a newer one: the old link answers quoteNotExist, exactly like a wrong token', async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    const first = await quotes.issuePaymentLink(quote.id);
    const second = await quotes.issuePaymentLink(quote.id);
    const old = await byLink({ quoteId: quote.id, token: first.token }).expect(400);
    expect(withoutRequestId(old.body)).toEqual({ success: false, statusCode: 400, errorType: 'quoteNotExist', message: NOT_FOUND });
    await byLink({ quoteId: quote.id, token: second.token }).expect(200);
    const rows = await db.query(`SELECT token_hash, revoked_at IS NOT NULL AS revoked FROM orders.quote_payment_link WHERE quote_id = $1 ORDER BY created_at`, [quote.id]);
    expect(rows.map((row: { revoked: boolean }) => row.revoked).sort()).toEqual([false, true]);
  });

  it('issued at the same moment leave exactly one link working (the quote row is locked while issuing)', async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    const links = await Promise.all([1, 2, 3, 4].map(() => quotes.issuePaymentLink(quote.id)));
    const [open] = await db.query(`SELECT count(*)::int AS n FROM orders.quote_payment_link WHERE quote_id = $1 AND revoked_at IS NULL`, [quote.id]);
    expect(open.n).toBe(1);
    const working = await Promise.all(links.map((link) => quotes.findByLink(quote.id, link.token).then(() => true, () => false)));
    expect(working.filter(Boolean)).toHaveLength(1);
  });
});

describe('GET /api/quote?quoteId&token', () => {
  it('answers the quote for its link: { success, data } in the contract, never cached', async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    const link = await quotes.issuePaymentLink(quote.id);
    const res = await byLink({ quoteId: quote.id, token: link.token }).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toEqual({ success: true, data: quote });
    expect(quoteResponseSchema.validateSync(res.body, { strict: true })).toBeTruthy();
  });

  it('answers a wrong token and an unknown quote alike (400 quoteNotExist), and a malformed or missing id the same, never 500', async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    const link = await quotes.issuePaymentLink(quote.id);
    const answers = [
      await byLink({ quoteId: quote.id, token: link.token.slice(0, -1) + (link.token.endsWith('A') ? 'B' : 'A') }),
      await byLink({ quoteId: quote.id, token: 'x'.repeat(500) }),
      await byLink({ quoteId: '00000000-0000-4000-8000-000000000000', token: link.token }),
      await byLink({ quoteId: quote.quoteIncrementId, token: link.token }),
      await byLink({ quoteId: "1' OR '1'='1", token: link.token }),
      await byLink({ quoteId: quote.id }),
      await byLink({}),
      // a repeated parameter (an array to the query parser)
      await request(testApp.server).get(`/api/quote?quoteId=${quote.id}&quoteId=${quote.id}&token=${link.token}`).set('X-Forwarded-For', nextAddress()),
    ];
    for (const res of answers) {
      expect(res.status).toBe(400);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(withoutRequestId(res.body)).toEqual({ success: false, statusCode: 400, errorType: 'quoteNotExist', message: NOT_FOUND });
    }
    // the service itself says the same to a caller outside HTTP
    expect(await rejection(quotes.findByLink('not-a-uuid', link.token))).toMatchObject({ errorType: 'quoteNotExist', message: NOT_FOUND });
  });
});

describe('GET /api/quote/view/:id?token=', () => {
  it('answers the quote to the holder of its current link token', async () => {
    const quote = await quotes.createQuote(kitchenQuote({ phone: undefined, poNumber: undefined, addresses: [{ ...billing, phoneNumber: '212-555-0199' }] }));
    const link = await quotes.issuePaymentLink(quote.id);
    const res = await view(quote.id, { token: link.token }).expect(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.body).toEqual({ success: true, data: { ...quote, phone: null, poNumber: null } });
    expect(quoteResponseSchema.validateSync(res.body, { strict: true })).toBeTruthy();
  });

  it("answers 404 'Quote not found.' without a token, with a wrong or revoked one, and for a malformed or unknown id", async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    const revoked = await quotes.issuePaymentLink(quote.id);
    const current = await quotes.issuePaymentLink(quote.id);
    const answers = [
      await view(quote.id),
      await view(quote.id, { token: 'wrong' }),
      await view(quote.id, { token: revoked.token }),
      await view('00000000-0000-4000-8000-000000000000', { token: current.token }),
      await view('not-an-id', { token: current.token }),
      await request(testApp.server).get(`/api/quote/view/${quote.id}?token=${current.token}&token=${current.token}`).set('X-Forwarded-For', nextAddress()),
    ];
    for (const res of answers) {
      expect(res.status).toBe(404);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(withoutRequestId(res.body)).toEqual({ success: false, statusCode: 404, errorType: 'quoteNotExist', message: 'Quote not found.' });
    }
  });
});

describe('rate limits', () => {
  it('answer 429 past the lookups limit, per client address and route', async () => {
    const quote = await quotes.createQuote(kitchenQuote());
    const link = await quotes.issuePaymentLink(quote.id);
    const flooder = '203.0.113.50';
    for (let n = 0; n < LOOKUP_LIMIT; n += 1) await byLink({ quoteId: quote.id, token: `guess-${n}` }, flooder).expect(400);
    const limited = await byLink({ quoteId: quote.id, token: link.token }, flooder).expect(429);
    expect(limited.body).toMatchObject({ success: false, statusCode: 429, message: 'Too many requests. Please wait a minute and try again.' });
    for (let n = 0; n < LOOKUP_LIMIT; n += 1) await view(quote.id, { token: `guess-${n}` }, flooder).expect(404);
    await view(quote.id, { token: link.token }, flooder).expect(429);
    // another shopper is not affected
    await byLink({ quoteId: quote.id, token: link.token }).expect(200);
  });
});

describe('QuotesService outside Nest (the back office builds it from a DataSource)', () => {
  it('creates, issues, finds, resolves and lists with a plain `new QuotesService(dataSource)`', async () => {
    const service = new QuotesService(db);
    const quote = await service.createQuote(kitchenQuote({ email: 'plain@example.com' }));
    const link = await service.issuePaymentLink(quote.quoteIncrementId, { expiresInMs: 60_000 });
    expect((await service.findByLink(quote.id, link.token)).id).toBe(quote.id);
    expect((await service.findForView(quote.id, link.token)).id).toBe(quote.id);
    expect((await service.resolve(quote.id)).quoteIncrementId).toBe(quote.quoteIncrementId);
    expect(await rejection(service.resolve('Q-0'))).toMatchObject({ errorType: 'quoteNotExist' });
    const listed = await service.listQuotes({ status: 'ready_to_order', limit: 3 });
    expect(listed).toHaveLength(3);
    expect(listed[0]!.id).toBe(quote.id);
    expect((await service.listQuotes({ status: 'ordered' })).every((entry) => entry.status === 'ordered')).toBe(true);
  });

  it('creates a quote and its link in one transaction when given the caller\'s manager', async () => {
    const service = new QuotesService(db);
    const failed = db.transaction(async (manager) => {
      const quote = await service.createQuote(kitchenQuote({ poNumber: 'PO-ROLLBACK' }), manager);
      await service.issuePaymentLink(quote.id, { manager });
      throw new Error('the e-mail could not be queued');
    });
    await expect(failed).rejects.toThrow('the e-mail could not be queued');
    const [left] = await db.query(`SELECT count(*)::int AS n FROM orders.quote WHERE po_number = 'PO-ROLLBACK'`);
    expect(left.n).toBe(0);
  });
});

describe('the quotes migration', () => {
  const schema = `orders_quotes_${process.pid}_${Date.now().toString(36)}`;
  // the service's own list, up to and including the quotes migration (the one under test is the last)
  const MIGRATIONS = ORDERS_DATABASE.migrations.slice(0, ORDERS_DATABASE.migrations.indexOf(CreateQuotes1764000001000) + 1);

  it('holds statuses to ready_to_order | ordered, and its down removes every quote table', async () => {
    const migrated = await createSchemaDatabase(schema, { migrations: MIGRATIONS });
    try {
      const insert = (status: string) =>
        migrated.query(
          `INSERT INTO quote (first_name, last_name, email, status, shipping_method, shipping_label, subtotal_cents, total_cents) VALUES ('A', 'B', 'a@example.com', $1, 'm', 'm', 0, 0) RETURNING quote_increment_id`,
          [status],
        );
      expect((await insert('ready_to_order'))[0].quote_increment_id).toBe('Q-100001');
      await expect(insert('pending')).rejects.toThrow(/quote_status_check/);
      // ordered only with the order it became
      await expect(insert('ordered')).rejects.toThrow(/quote_ordered_has_order/);
      await migrated.undoLastMigration();
      const left = await migrated.query(`SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_name LIKE 'quote%'`, [schema]);
      expect(left).toEqual([]);
      await migrated.runMigrations();
      expect((await insert('ready_to_order'))[0].quote_increment_id).toBe('Q-100001');
    } finally {
      await migrated.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await migrated.destroy();
    }
  });
});
