// Bounded waits, as a shopper meets them: an order row held FOR UPDATE elsewhere (a payment
// result being recorded, a stuck back-office session) makes a change to that order answer a retryable
// 503 after about DB_LOCK_TIMEOUT_MS, never a hang or a 500; the service keeps serving meanwhile.
import { DATABASE_BUSY_MESSAGE } from '@storefront/service-kit';
import pg from 'pg';
import request from 'supertest';
import { order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';

const LOCK_TIMEOUT_MS = 300;
let app: OrdersTestApp;
let holder: pg.Client;
const saved = process.env.DB_LOCK_TIMEOUT_MS;

beforeAll(async () => {
  // read when the app's database module is created
  process.env.DB_LOCK_TIMEOUT_MS = String(LOCK_TIMEOUT_MS);
  app = await startOrdersTestApp();
  holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await holder.connect();
});

afterAll(async () => {
  await holder?.end();
  await app?.close();
  if (saved === undefined) delete process.env.DB_LOCK_TIMEOUT_MS;
  else process.env.DB_LOCK_TIMEOUT_MS = saved;
});

it('answers a change to an order whose row is locked elsewhere with 503 after the lock timeout, and serves on', async () => {
  const created = (await request(app.server).post('/api/order').send(order).expect(201)).body;
  const change = () => request(app.server).patch('/api/order').set('X-Order-Token', created.orderToken).send({ ...order, id: created.data.id, firstName: 'Anna' });

  await holder.query('BEGIN');
  await holder.query('SELECT id FROM orders.orders WHERE id = $1 FOR UPDATE', [created.data.id]);
  try {
    const started = Date.now();
    const blocked = await change();
    const waited = Date.now() - started;
    expect(blocked.status).toBe(503);
    expect(blocked.headers['retry-after']).toBe('1');
    expect(blocked.body).toMatchObject({ success: false, statusCode: 503, message: DATABASE_BUSY_MESSAGE, errorType: 'databaseBusy' });
    expect(JSON.stringify(blocked.body)).not.toMatch(/lock timeout|at .*\.ts/);
    expect(waited).toBeGreaterThanOrEqual(LOCK_TIMEOUT_MS - 10);
    expect(waited).toBeLessThan(LOCK_TIMEOUT_MS + 1500);

    // meanwhile: ready, and the order can still be read (a lock does not stop readers)
    await request(app.server).get('/health/ready').expect(200);
    const view = await request(app.server).get(`/api/order/view/${created.data.id}`).set('X-Order-Token', created.orderToken).expect(200);
    expect(view.body.data.firstName).toBe('Ann');
  } finally {
    await holder.query('ROLLBACK');
  }

  // the lock gone, the same change goes through (the 503 changed nothing)
  const done = await change().expect(200);
  expect(done.body.order.firstName).toBe('Anna');
});
