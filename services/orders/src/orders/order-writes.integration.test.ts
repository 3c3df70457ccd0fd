import request from 'supertest';
import type { QueryRunner } from 'typeorm';
import { billing, order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';

/**
 * POST /api/order answers the order from what it inserted and what the INSERTs returned, without
 * reading it back: these tests hold that answer to the stored order (GET /api/order/view/:id) field
 * by field, and hold the write to a few statements whatever the cart's size.
 */
let app: OrdersTestApp;

beforeAll(async () => {
  app = await startOrdersTestApp();
});

afterAll(async () => {
  await app?.close();
});

type Json = Record<string, unknown>;

const view = async (id: string, token: string): Promise<Json> =>
  (await request(app.server).get(`/api/order/view/${id}`).set('X-Order-Token', token).expect(200)).body.data;

/**
 * Every field of the answer equals the stored order's, named in the failure; and the JSON is byte
 * for byte the same (keys in the same order), except for a replay, which comes back from jsonb.
 */
function expectSameOrder(answered: Json, stored: Json, { replay = false } = {}): void {
  expect(Object.keys(answered).sort()).toEqual(Object.keys(stored).sort());
  for (const field of Object.keys(stored)) {
    expect({ field, value: answered[field] }).toEqual({ field, value: stored[field] });
  }
  if (!replay) expect(JSON.stringify(answered)).toBe(JSON.stringify(stored));
}

const carts: [string, object][] = [
  ['a free sample with its finish', order],
  [
    'two samples, a second street line, notes and another shipping address',
    {
      ...order,
      items: [order.items[0], { sku: 'SSW-SMPL-KIT', qty: 1 }],
      addresses: [
        { ...billing, street2: 'Suite 100' },
        { ...billing, type: 'shipping', firstName: 'Bob', street1: '1 Main St', city: 'Portland', state: 'OR', zipCode: '97201' },
      ],
      additionalNotes: 'Leave at the door',
    },
  ],
];

describe('POST /api/order answers the stored order', () => {
  it.each(carts)('%s: the answer equals GET /api/order/view/:id, field by field', async (_name, body) => {
    const created = await request(app.server).post('/api/order').send(body).expect(201);
    const answered = created.body.data as Json;
    expectSameOrder(answered, await view(answered.id as string, created.body.orderToken));
  });

  it('and so does its replay (same Idempotency-Key)', async () => {
    const send = () => request(app.server).post('/api/order').set('Idempotency-Key', 'no-re-read-replay-0001').send(carts[1]![1]);
    const first = await send().expect(201);
    const replay = await send().expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    const stored = await view(first.body.data.id, first.body.orderToken);
    expectSameOrder(first.body.data, stored);
    expectSameOrder(replay.body.data, stored, { replay: true });
  });

  it('and PATCH /api/order (an update before payment) answers the stored order too', async () => {
    const created = await request(app.server).post('/api/order').send(order).expect(201);
    const changed = await request(app.server)
      .patch('/api/order')
      .set('X-Order-Token', created.body.orderToken)
      .send({ ...carts[1]![1], id: created.body.data.id })
      .expect(200);
    const stored = await view(created.body.data.id, created.body.orderToken);
    expectSameOrder(changed.body.order, stored);
    expect(stored).toMatchObject({ totalItemCount: 2, additionalNotes: 'Leave at the door' });
    expect((stored.payments as Json[]).map((payment) => payment.id)).toEqual([created.body.data.payments[0].id]);
    expect((stored.statusHistory as Json[]).map((entry) => entry.comment)).toEqual(['New order has been created', 'Order has been updated before payment']);
  });
});

describe('POST /api/order writes in a few statements', () => {
  /** The statements of the request's transaction: those sent on the query runner that inserted the order. */
  async function statementsOf(body: object, idempotencyKey?: string): Promise<string[]> {
    const byRunner = new Map<QueryRunner | undefined, string[]>();
    const spy = jest.spyOn(app.db.logger, 'logQuery').mockImplementation((query: string, _parameters?: unknown, runner?: QueryRunner) => {
      byRunner.set(runner, [...(byRunner.get(runner) ?? []), query]);
    });
    try {
      const call = request(app.server).post('/api/order');
      await (idempotencyKey ? call.set('Idempotency-Key', idempotencyKey) : call).send(body).expect(201);
    } finally {
      spy.mockRestore();
    }
    const mine = [...byRunner.values()].filter((queries) => queries.some((query) => /INSERT INTO "orders"\."orders"[\s(]/.test(query)));
    expect(mine).toHaveLength(1);
    return mine[0]!.map((query) => query.replace(/\s+/g, ' ').slice(0, 60));
  }

  it('one statement for every table, whatever the number of lines, and no read', async () => {
    const small = await statementsOf(order);
    const large = await statementsOf(carts[1]![1]);
    expect(large).toEqual(small);
    // START TRANSACTION, the order with its items, addresses, payments and status history, COMMIT
    expect(small).toHaveLength(3);
    expect(small[1]).toMatch(/^WITH t0 AS \(INSERT INTO "orders"\."orders"/);
    expect(small.filter((query) => /^SELECT/i.test(query))).toEqual([]);
  });

  it('plus the claim and the answer of an Idempotency-Key', async () => {
    expect(await statementsOf(order, 'few-statements-0001')).toHaveLength(5);
  });
});
