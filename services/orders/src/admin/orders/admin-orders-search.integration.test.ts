import { createSchemaDatabase } from '@storefront/service-kit';
import type { DataSource } from 'typeorm';
import { ORDERS_DATABASE } from '../../orders-database.js';
import { PREFIX_CANDIDATES_CAP, searchOrders, type OrderFilters } from './admin-orders.js';

// The list's search by the start of a name or an e-mail, read from the prefix indexes (byte-order
// ranges, candidates merged and sorted, then the page's rows), against what it replaced: the LIKE
// query over the whole table, on real PostgreSQL, on names that make either one easy to get wrong.

const schema = `orders_search_${process.pid}_${Date.now().toString(36)}`;
let db: DataSource;

/** Every order the old search found, newest first: the whole list, no page (the LIKE form, verbatim). */
async function likeSearch(filters: OrderFilters): Promise<string[]> {
  const values: unknown[] = [];
  const param = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  const escaped = (text: string) => `${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
  const text = (filters.q ?? '').trim().toLowerCase();
  const where: string[] = [];
  const number = /^(?:sf-?)?(\d{1,12})$/.exec(text);
  if (number) where.push(`o.order_increment_id LIKE ${param(escaped(`SF-${number[1]}`))}`);
  else if (text.includes('@')) where.push(`lower(o.email) LIKE ${param(escaped(text))}`);
  else {
    const like = param(escaped(text));
    where.push(`(lower(o.first_name || ' ' || o.last_name) LIKE ${like} OR lower(o.last_name) LIKE ${like} OR lower(o.email) LIKE ${like})`);
  }
  if (filters.status) where.push(`o.status = ${param(filters.status)}`);
  if (filters.paymentStatus) where.push(`o.payment_status = ${param(filters.paymentStatus)}`);
  if (filters.from) where.push(`o.created_at >= ${param(filters.from)}::date`);
  if (filters.to) where.push(`o.created_at < ${param(filters.to)}::date + 1`);
  const rows = (await db.query(`SELECT o.order_increment_id FROM orders o WHERE ${where.join(' AND ')} ORDER BY o.created_at DESC, o.order_increment_id DESC`, values)) as {
    order_increment_id: string;
  }[];
  return rows.map((row) => row.order_increment_id);
}

/** Every page of `searchOrders`, each after the last one's last (by number, or by id), and the SQL it sent. */
async function allPages(filters: OrderFilters, limit: number, cursorBy: 'number' | 'id' = 'number'): Promise<{ numbers: string[]; statements: string[] }> {
  const statements: string[] = [];
  const spy = { query: (sql: string, values: unknown[]) => (statements.push(sql), db.query(sql, values)) };
  const numbers: string[] = [];
  let after: string | undefined;
  for (;;) {
    const page = await searchOrders(spy, filters, { limit, after });
    numbers.push(...page.map((order) => order.number));
    if (page.length < limit) return { numbers, statements };
    after = cursorBy === 'id' ? page[page.length - 1]!.id : page[page.length - 1]!.number;
  }
}

let minutes = 0;
/** Orders as the checkout writes them (the columns the list shows), each a minute older than the last unless `at` says when. */
async function insertOrders(orders: { first?: string; last: string; email?: string; status?: string; paymentStatus?: string; at?: string }[]): Promise<void> {
  for (const order of orders) {
    await db.query(
      `INSERT INTO orders (state, status, payment_status, email, first_name, last_name, customer_is_guest, currency, subtotal_cents, shipping_amount_cents,
                           shipping_method, shipping_label, tax_amount_cents, total_cents, weight, total_item_count, created_at, updated_at)
       VALUES ('new', $1, $2, $3, $4, $5, true, 'USD', 10000, 1500, 'freight', 'Freight', 800, 12300, 10, 1, $6, now())`,
      [
        order.status ?? 'ordered',
        order.paymentStatus ?? 'completed',
        order.email ?? `buyer${minutes}@example.com`,
        order.first ?? 'Pat',
        order.last,
        order.at ?? new Date(Date.UTC(2026, 10, 1) - ++minutes * 60_000).toISOString(),
      ],
    );
  }
}

beforeAll(async () => {
  db = await createSchemaDatabase(schema, { migrations: ORDERS_DATABASE.migrations });
  const sameTime = '2026-06-15T12:00:00.123456Z';
  await insertOrders([
    // LIKE's wildcards and escape as plain text
    { last: '50%Off' },
    { last: '50xOff' },
    { last: 'Under_Score' },
    { last: 'UnderXScore' },
    { last: 'Back\\Slash' },
    { last: 'Back\\\\Double' },
    { last: 'Backslash' },
    // non-ASCII letters: more than one byte each in UTF-8
    { first: 'élodie', last: 'Durand' },
    { first: 'Elodie', last: 'Martin' },
    { last: 'straße' },
    { last: 'strasse' },
    { last: 'σωκράτης', email: 'σω@example.gr' },
    { last: 'παπαδόπουλος' },
    { last: 'Zoë', email: 'zoë@example.com' },
    // one order found by its surname and by its e-mail: listed once
    { last: 'Lee', email: 'lee@example.com', status: 'canceled' },
    { last: 'Leeway', email: 'someone@example.com' },
    { first: 'Lee', last: 'Young', email: 'young@example.com' },
    { last: 'Lef' },
    { last: 'Led' },
    // prefixes whose last character is at a boundary: U+00FF/U+0100, U+D7FF/U+E000, U+10FFFF
    { last: 'x\u00ff' },
    { last: 'x\u00ffz' },
    { last: 'x\u0100' },
    { last: 'y\ud7ff' },
    { last: 'y\ud7ffa' },
    { last: 'y\ue000' },
    { last: 'w\u{10ffff}' },
    { last: 'w\u{10ffff}\u{10ffff}q' },
    { last: 'x' },
    { last: '\u{10ffff}\u{10ffff}' },
    { last: 'z~', email: 'z~@example.com' },
    { last: 'z\u007f' },
    // the same instant: the number breaks the tie, also across pages
    ...Array.from({ length: 7 }, (_, index) => ({ last: `Tie${index}`, email: `tie${index}@example.com`, at: sameTime })),
  ]);
  // surnames enough for pages, on different days, statuses and payment states
  for (let index = 0; index < 40; index++) {
    await insertOrders([
      {
        last: `Harris${index}`,
        email: index % 3 === 0 ? `harris.${index}@example.com` : `h${index}@example.com`,
        status: ['ordered', 'pending', 'canceled'][index % 3],
        paymentStatus: ['completed', 'pending', 'failed', 'completed'][index % 4],
        at: new Date(Date.UTC(2026, 0, 1 + index * 7, index % 24)).toISOString(),
      },
    ]);
  }
  // a prefix more common than the cap: `broad` is answered by the newest-first walk
  await db.query(
    `INSERT INTO orders (state, status, payment_status, email, first_name, last_name, customer_is_guest, currency, subtotal_cents, shipping_amount_cents,
                         shipping_method, shipping_label, tax_amount_cents, total_cents, weight, total_item_count, created_at, updated_at)
     SELECT 'new', CASE WHEN s % 7 = 0 THEN 'canceled' ELSE 'ordered' END, 'completed', 'bulk' || s || '@example.com', 'Pat', 'Broad' || s, true, 'USD',
            10000, 1500, 'freight', 'Freight', 800, 12300, 10, 1, timestamptz '2026-10-01' - s * interval '17 minutes', now()
       FROM generate_series(1, $1::int) AS s`,
    [PREFIX_CANDIDATES_CAP + 500],
  );
  await db.query('VACUUM ANALYZE orders');
}, 120_000);

afterAll(async () => {
  await db?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await db?.destroy();
});

const SEARCHES = [
  '50%',
  '50',
  '%',
  '_',
  '\\',
  'under_',
  'under',
  'back\\',
  'back\\\\',
  'back',
  'é',
  'élo',
  'elo',
  'pat é',
  'straß',
  'stras',
  'σω',
  'σωκ',
  'παπ',
  'zoë',
  'zoë@',
  'zo',
  'lee',
  '  LEE ',
  'lee@',
  'lee young',
  'pat lee',
  'le',
  'lef',
  'x\u00ff',
  'x',
  'y\ud7ff',
  'y',
  'w\u{10ffff}',
  'w\u{10ffff}\u{10ffff}',
  '\u{10ffff}',
  'z~',
  'z',
  'tie',
  'harris',
  'harris1',
  'harris.',
  'h1',
  '@example',
  'nobody',
  'broad1',
  'broad',
  'b',
  'pat',
  ' ',
];

describe('the search by the start of a name or an e-mail', () => {
  it('finds what LIKE found, in the same order, whatever the text (wildcards, backslashes, non-ASCII, boundaries)', async () => {
    const found: Record<string, number> = {};
    for (const q of SEARCHES) {
      const expected = await likeSearch({ q });
      const { numbers } = await allPages({ q }, 1_000);
      expect({ q, numbers }).toEqual({ q, numbers: expected });
      found[q] = expected.length;
    }
    // not vacuous: the tricky texts do find the tricky names, and no more
    expect(found).toMatchObject({ '50%': 1, '50': 0, '%': 0, _: 0, '\\': 0, 'under_': 1, 'back\\': 2, 'back\\\\': 1, 'élo': 1, 'pat é': 0, 'straß': 1, σω: 1, παπ: 1, 'zoë@': 1 });
    expect(found).toMatchObject({ lee: 3, '  LEE ': 3, 'lee@': 1, 'x\u00ff': 2, 'y\ud7ff': 2, 'w\u{10ffff}': 2, 'w\u{10ffff}\u{10ffff}': 1, '\u{10ffff}': 1, 'z~': 1, tie: 7 });
    expect(found.broad).toBe(PREFIX_CANDIDATES_CAP + 500);
  });

  it('lists an order its surname and its e-mail both match once', async () => {
    const { numbers } = await allPages({ q: 'lee' }, 10);
    expect(new Set(numbers).size).toBe(numbers.length);
    const [lee] = (await db.query(`SELECT order_increment_id FROM orders WHERE last_name = 'Lee'`)) as { order_increment_id: string }[];
    expect(numbers.filter((number) => number === lee!.order_increment_id)).toHaveLength(1);
  });

  it('pages with the cursor (a number or an id) to the same list, ties on the instant included', async () => {
    for (const [q, limit] of [
      ['harris', 3],
      ['h', 4],
      ['tie', 2],
      ['tie', 1],
      ['lee', 1],
      ['broad1', 100],
      ['broad', 1_000],
    ] as const) {
      const expected = await likeSearch({ q });
      expect({ q, limit, numbers: (await allPages({ q }, limit)).numbers }).toEqual({ q, limit, numbers: expected });
      expect({ q, limit, numbers: (await allPages({ q }, limit, 'id')).numbers }).toEqual({ q, limit, numbers: expected });
    }
  });

  it('combines with the status, payment state and day filters as before', async () => {
    const filtered: OrderFilters[] = [
      { q: 'harris', status: 'canceled' },
      { q: 'harris', paymentStatus: 'failed' },
      { q: 'harris', status: 'ordered', paymentStatus: 'completed' },
      { q: 'harris', from: '2026-03-01' },
      { q: 'harris', to: '2026-03-01' },
      { q: 'harris', from: '2026-02-05', to: '2026-06-30', status: 'pending' },
      { q: 'harris1', from: '2026-01-08', to: '2026-01-08' },
      { q: 'h', paymentStatus: 'pending', from: '2026-02-01' },
      { q: 'lee', status: 'canceled' },
      { q: 'lee', status: 'ordered' },
      { q: 'harris.', to: '2026-05-01' },
      { q: 'tie', from: '2026-06-15', to: '2026-06-15' },
      { q: 'tie', from: '2026-06-16' },
      { q: 'broad', status: 'canceled', from: '2026-09-01' },
      { q: 'broad1', status: 'canceled' },
    ];
    for (const filters of filtered) {
      const expected = await likeSearch(filters);
      for (const limit of [2, 1_000]) {
        expect({ filters, limit, numbers: (await allPages(filters, limit)).numbers }).toEqual({ filters, limit, numbers: expected });
      }
    }
    expect((await likeSearch({ q: 'harris', status: 'canceled', paymentStatus: 'failed' })).length).toBeGreaterThan(0);
  });

  it('reads a rare prefix from the indexes alone, and gives a prefix more common than the cap to the newest-first walk', async () => {
    const rare = await allPages({ q: 'harris' }, 1_000);
    expect(rare.statements).toHaveLength(1);
    expect(rare.statements[0]).toContain('~>=~');
    expect(rare.statements[0]).not.toContain('LIKE');
    const common = await allPages({ q: 'broad' }, 20_000);
    expect(common.statements).toHaveLength(2);
    expect(common.statements[1]).toContain('LIKE');
    // the cap counts the candidates after the cursor: the last pages of a common prefix are read from the indexes
    const last = await allPages({ q: 'broad' }, PREFIX_CANDIDATES_CAP);
    expect(last.statements).toHaveLength(3);
    expect(last.statements[2]).not.toContain('LIKE');
  });

  it('answers the index-only plan PostgreSQL needs: no row read to find or sort the candidates', async () => {
    const statements: { sql: string; values: unknown[] }[] = [];
    await searchOrders({ query: (sql: string, values: unknown[]) => (statements.push({ sql, values }), db.query(sql, values)) }, { q: 'harris' }, { limit: 5 });
    const plan = ((await db.query(`EXPLAIN ${statements[0]!.sql}`, statements[0]!.values)) as { 'QUERY PLAN': string }[]).map((row) => row['QUERY PLAN']).join('\n');
    for (const index of ['orders_name_prefix', 'orders_last_name_prefix', 'orders_email_prefix']) expect(plan).toContain(`Index Only Scan using ${index}`);
  });

  it('still refuses an unknown cursor, and answers an empty page after the last order', async () => {
    await expect(searchOrders(db, { q: 'harris' }, { limit: 5, after: 'SF-999999999' })).rejects.toThrow('no such order');
    const [oldest] = (await likeSearch({ q: 'harris' })).slice(-1);
    await expect(searchOrders(db, { q: 'harris' }, { limit: 5, after: oldest })).resolves.toEqual([]);
  });
});
