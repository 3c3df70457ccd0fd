import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { PAYMENT_MESSAGES, updateOrderResponseSchema } from '@storefront/contracts';
import { billing, order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';

let app: OrdersTestApp;

const ADMIN_EMAILS = ['orders@heartwood.example', 'samples@heartwood.example'];

beforeAll(async () => {
  app = await startOrdersTestApp();
  // the admin list the answers carry (read at first use)
  await writeFile(
    path.join(process.env.CONTENT_DIR!, 'settings', 'notifications.json'),
    JSON.stringify({ adminEmails: ADMIN_EMAILS, fromAddress: 'orders@heartwood.example', fromName: 'Heartwood Cabinetry' }),
  );
});

afterAll(async () => {
  await app?.close();
});

interface Created {
  orderToken: string;
  data: { id: string; orderIncrementId: string; total: number; payments: { id: string }[] };
}

async function createOrder(body: object = order): Promise<Created> {
  const created: Created = (await request(app.server).post('/api/order').send(body).expect(201)).body;
  tokens.set(created.data.id, created.orderToken);
  return created;
}

/** The order as its owner sees it (with the order token, as the checkout would). */
const tokens = new Map<string, string>();
const viewOf = async (id: string) => (await request(app.server).get(`/api/order/view/${id}`).set('X-Order-Token', tokens.get(id) ?? '').expect(200)).body.data;
const patch = (token?: string) => {
  const call = request(app.server).patch('/api/order');
  return token === undefined ? call : call.set('X-Order-Token', token);
};

describe('POST /api/order: order token and Idempotency-Key', () => {
  it('answers an order token and stores only its SHA-256', async () => {
    const created = await createOrder();
    expect(created.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await app.db.query(`SELECT order_token_hash, encode(sha256(convert_to($2, 'UTF8')), 'hex') AS expected FROM orders.orders WHERE id = $1`, [
      created.data.id,
      created.orderToken,
    ]);
    expect(row.order_token_hash).toBe(row.expected);
    expect(JSON.stringify(await viewOf(created.data.id))).not.toContain(created.orderToken);
  });

  it('makes one order of 50 concurrent submits with one key, and answers all 50 alike', async () => {
    const before = await app.orderCount();
    const key = 'double-click-0001-0002';
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => request(app.server).post('/api/order').set('Idempotency-Key', key).send(order)),
    );
    expect(await app.orderCount()).toBe(before + 1);
    const first = answers[0]!;
    expect(first.status).toBe(201);
    expect(first.body.orderToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (const answer of answers) {
      expect(answer.status).toBe(first.status);
      expect(answer.body).toEqual(first.body);
    }
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(49);

    // the replayed token works: it is the order's token
    await patch(first.body.orderToken).send({ ...order, id: first.body.data.id }).expect(200);
  });

  it('refuses the same key with another body (422) and a malformed key (400)', async () => {
    const key = 'key-used-twice-0001';
    await request(app.server).post('/api/order').set('Idempotency-Key', key).send(order).expect(201);
    const before = await app.orderCount();
    const other = await request(app.server)
      .post('/api/order')
      .set('Idempotency-Key', key)
      .send({ ...order, firstName: 'Bob' })
      .expect(422);
    expect(other.body).toMatchObject({ message: 'This Idempotency-Key was already used with a different request.' });
    const malformed = await request(app.server).post('/api/order').set('Idempotency-Key', 'short').send(order).expect(400);
    expect(malformed.body.message).toBe("Idempotency-Key must be 8 to 128 letters, digits, '-', '_' or ':'.");
    expect(await app.orderCount()).toBe(before);
  });

  it('the same key on the create and on the update is two writes, not a 422: a key belongs to its route', async () => {
    const key = 'one-key-two-routes-0001';
    const created = await request(app.server).post('/api/order').set('Idempotency-Key', key).send(order).expect(201);
    const updated = await patch(created.body.orderToken).set('Idempotency-Key', key).send({ ...order, firstName: 'Bob', id: created.body.data.id }).expect(200);
    expect(updated.body.order.firstName).toBe('Bob');
    // and each replays its own answer
    const replayed = await request(app.server).post('/api/order').set('Idempotency-Key', key).send(order).expect(201);
    expect(replayed.body.data.id).toBe(created.body.data.id);
  });

  it('lets a key whose first request failed be used again', async () => {
    const key = 'failed-first-0001';
    await request(app.server).post('/api/order').set('Idempotency-Key', key).send({ ...order, items: [] }).expect(400);
    await request(app.server).post('/api/order').set('Idempotency-Key', key).send(order).expect(201);
  });
});

describe('PATCH /api/order', () => {
  it('needs the order token: 403 without it or with another', async () => {
    const created = await createOrder();
    const other = await createOrder();
    const update = { ...order, id: created.data.id, firstName: 'Eve' };
    const missing = await patch().send(update).expect(403);
    expect(missing.body.message).toBe('This order can only be changed with its order token (X-Order-Token header).');
    const wrong = await patch(other.orderToken).send(update).expect(403);
    expect(wrong.body.message).toBe('The order token does not match this order.');
    expect((await viewOf(created.data.id)).firstName).toBe('Ann');
  });

  it('refuses a forged body naming status, payments or emailSent, and changes nothing', async () => {
    const created = await createOrder();
    const before = await viewOf(created.data.id);
    const forged = await patch(created.orderToken)
      .send({
        ...order,
        id: created.data.id,
        status: 'ordered',
        payments: [{ status: 'completed', amount: created.data.total, amountPaid: created.data.total }],
        emailSent: true,
        total: 0,
      })
      .expect(400);
    expect(forged.body).toMatchObject({
      errorType: 'forbiddenFields',
      message: 'These fields are set by the store and cannot be changed: status, payments, emailSent, total.',
      errors: { status: 'This field cannot be changed', payments: 'This field cannot be changed', emailSent: 'This field cannot be changed' },
    });
    expect(await viewOf(created.data.id)).toEqual(before);
  });

  it('re-prices the order, replaces items and addresses, and resets the payment to pending with the new total', async () => {
    const created = await createOrder();
    // a failed payment first: the order waits for payment
    await request(app.server)
      .post(`/internal/orders/${created.data.id}/payment-result`)
      .send({ attemptId: 'patch-fail-1', gateway: 'sandbox', method: 'credit-card', methodLabel: 'Credit Card', status: 'failed', amount: created.data.total, transactionId: null, message: 'Declined', additionalData: {} })
      .expect(200);

    const oregon = { ...billing, type: 'shipping', street1: '1 Pine St', city: 'Portland', state: 'OR', zipCode: '97201' };
    const res = await patch(created.orderToken)
      .set('Idempotency-Key', 'patch-reprice-0001')
      .send({ ...order, id: created.data.id, items: [{ sku: 'SSW-SMPL-KIT', qty: 1, price: 1 }], addresses: [billing, oregon] })
      .expect(200);
    expect(res.body.success).toBe(true);
    // the spec's answer: the admin list the server sends the New Order e-mail to (rows 14.3, 15.18)
    expect(updateOrderResponseSchema.validateSync(res.body, { strict: true }).adminEmail).toEqual(ADMIN_EMAILS);
    const updated = res.body.order;
    expect(updated).toMatchObject({
      id: created.data.id,
      orderIncrementId: created.data.orderIncrementId,
      status: 'pending_payment',
      paymentStatus: 'pending',
      subtotal: 27899,
      shippingAmount: 0,
      taxAmount: 0,
      total: 27899,
      totalItemCount: 1,
    });
    expect(updated.items).toEqual([expect.objectContaining({ sku: 'SSW-SMPL-KIT', price: 27899, qty: 1 })]);
    expect(updated.addresses[1]).toMatchObject({ type: 'shipping', street1: '1 Pine St', state: 'OR' });
    expect(updated.addresses).toHaveLength(2);
    expect(updated.payments).toEqual([
      expect.objectContaining({ id: created.data.payments[0]!.id, status: 'pending', amount: 27899, amountPaid: 0, transactionId: null, method: 'credit-card' }),
    ]);
    expect(updated.statusHistory.at(-1)).toMatchObject({ status: 'pending_payment', comment: 'Order has been updated before payment' });

    const payable = await request(app.server).get(`/internal/orders/${created.data.id}/payable`).expect(200);
    expect(payable.body).toMatchObject({ amountDue: 27899, paymentId: created.data.payments[0]!.id });

    // the same PATCH again with its key: the same answer, no second history entry
    const again = await patch(created.orderToken)
      .set('Idempotency-Key', 'patch-reprice-0001')
      .send({ ...order, id: created.data.id, items: [{ sku: 'SSW-SMPL-KIT', qty: 1, price: 1 }], addresses: [billing, oregon] })
      .expect(200);
    expect(again.body).toEqual(res.body);
    expect((await viewOf(created.data.id)).statusHistory).toHaveLength(updated.statusHistory.length);
  });

  it('applies 20 concurrent copies of one PATCH (one key) once, answering all alike', async () => {
    const created = await createOrder();
    const update = { ...order, id: created.data.id, items: [{ sku: 'SSW-SMPL-KIT', qty: 1 }] };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => patch(created.orderToken).set('Idempotency-Key', 'patch-race-0001').send(update)),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(answers[0]!.body);
    }
    const history = (await viewOf(created.data.id)).statusHistory.filter(
      (entry: { comment: string }) => entry.comment === 'Order has been updated before payment',
    );
    expect(history).toHaveLength(1);
  });

  it('answers 409 once the order is paid', async () => {
    const created = await createOrder();
    await request(app.server)
      .post(`/internal/orders/${created.data.id}/payment-result`)
      .send({ attemptId: 'patch-paid-1', gateway: 'sandbox', method: 'credit-card', methodLabel: 'Credit Card', status: 'completed', amount: created.data.total, transactionId: 'tx-paid-1', additionalData: {} })
      .expect(200);
    const res = await patch(created.orderToken).send({ ...order, id: created.data.id }).expect(409);
    expect(res.body).toMatchObject({ message: 'This order has already been paid.' });
  });

  it.each(['pending', 'on_hold'])('answers 409 while a %s payment of it is still being decided, and changes nothing', async (status) => {
    const created = await createOrder();
    await request(app.server)
      .post(`/internal/orders/${created.data.id}/payment-result`)
      .send({ attemptId: `patch-${status}-1`, gateway: 'sandbox', method: 'credit-card', methodLabel: 'Credit Card', status, amount: created.data.total, transactionId: `tx-${status}-1`, additionalData: {} })
      .expect(200);
    const before = await viewOf(created.data.id);
    const res = await patch(created.orderToken).send({ ...order, id: created.data.id, firstName: 'Changed' }).expect(409);
    expect(res.body).toMatchObject({ message: PAYMENT_MESSAGES.inProgress, errorType: 'paymentInProgress' });
    expect(await viewOf(created.data.id)).toEqual(before);
  });

  it('answers 4xx for bad bodies', async () => {
    const created = await createOrder();
    const noId = await patch(created.orderToken).send(order).expect(400);
    expect(noId.body.message).toBe('Order ID is required');
    await patch(created.orderToken).send({ ...order, id: 'not-an-id' }).expect(404);
    await patch(created.orderToken).send({ ...order, id: '00000000-0000-4000-8000-000000000000' }).expect(404);
    const invalid = await patch(created.orderToken).send({ ...order, id: created.data.id, email: 'x' }).expect(400);
    expect(invalid.body.errors).toEqual({ email: 'Invalid email address' });
    await patch(created.orderToken).set('Content-Type', 'application/json').send('"text"').expect(400);
    await patch(created.orderToken).set('Idempotency-Key', 'bad key!').send({ ...order, id: created.data.id }).expect(400);
  });
});
