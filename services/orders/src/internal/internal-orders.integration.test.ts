import type { PaymentResultReport } from '@storefront/contracts';
import { signInternalRequest } from '@storefront/service-kit';
import request from 'supertest';
import { order, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';
import { HELD_TEST_PAYMENT, OrderPaymentsService } from './order-payments.service.js';

let app: OrdersTestApp;

beforeAll(async () => {
  app = await startOrdersTestApp();
});

afterAll(async () => {
  delete process.env.PAYMENTS_INTERNAL_SECRET;
  await app?.close();
});

async function createOrder(): Promise<{ id: string; orderIncrementId: string; total: number; payments: { id: string }[]; orderToken: string }> {
  const res = await request(app.server).post('/api/order').send(order).expect(201);
  return { ...res.body.data, orderToken: res.body.orderToken };
}

const completed = (attemptId: string, amount: number) => ({
  attemptId,
  gateway: 'sandbox',
  method: 'credit-card',
  methodLabel: 'Credit Card',
  status: 'completed',
  amount,
  transactionId: `tx-${attemptId}`,
  additionalData: { cardType: 'visa', last4: '4242', note: 'card 4242 4242 4242 4242' },
});

describe('GET /internal/orders/:id/payable', () => {
  it('answers what may be charged, from the stored order', async () => {
    const created = await createOrder();
    const res = await request(app.server).get(`/internal/orders/${created.id}/payable`).expect(200);
    expect(res.body).toEqual({
      id: created.id,
      orderIncrementId: created.orderIncrementId,
      status: 'pending',
      total: created.total,
      amountDue: created.total,
      currency: 'USD',
      email: 'ann@example.com',
      paymentId: created.payments[0]!.id,
      billing: { firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' },
      shipping: { firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' },
      // an order placed at checkout, not from a quote: paid as a sample order
      scope: 'sample-order',
    });
  });

  it('answers 404 "Order not found." for an unknown or malformed id', async () => {
    const unknown = await request(app.server).get('/internal/orders/00000000-0000-4000-8000-000000000000/payable').expect(404);
    expect(unknown.body).toMatchObject({ message: 'Order not found.' });
    await request(app.server).get('/internal/orders/nope/payable').expect(404);
  });

  it("needs payments' signature once PAYMENTS_INTERNAL_SECRET is set, over the report's exact body", async () => {
    const created = await createOrder();
    const secret = 'payments-internal-secret-for-tests-0123456789';
    process.env.PAYMENTS_INTERNAL_SECRET = secret;
    const payable = `/internal/orders/${created.id}/payable`;
    const result = `/internal/orders/${created.id}/payment-result`;
    try {
      const missing = await request(app.server).get(payable).expect(401);
      expect(missing.body.message).toBe('This internal call is not signed by a service allowed to make it.');
      await request(app.server).get(payable).set('X-Internal-Token', secret).expect(401);
      await request(app.server).get(payable).set(signInternalRequest({ caller: 'forms', secret, method: 'GET', url: payable })).expect(401);
      // a report signed for one amount and sent with another: refused, the order stays unpaid
      const signedFor = JSON.stringify(completed('attempt-token-1', 1));
      const forged = JSON.stringify(completed('attempt-token-1', created.total));
      await request(app.server)
        .post(result)
        .set({ ...signInternalRequest({ caller: 'payments', secret, method: 'POST', url: result, body: signedFor }), 'Content-Type': 'application/json' })
        .send(forged)
        .expect(401);
      const still = await request(app.server).get(payable).set(signInternalRequest({ caller: 'payments', secret, method: 'GET', url: payable })).expect(200);
      expect(still.body).toMatchObject({ status: 'pending', amountDue: created.total });
      await request(app.server)
        .post(result)
        .set({ ...signInternalRequest({ caller: 'payments', secret, method: 'POST', url: result, body: forged }), 'Content-Type': 'application/json' })
        .send(forged)
        .expect(200);
    } finally {
      delete process.env.PAYMENTS_INTERNAL_SECRET;
    }
  });
});

describe('POST /internal/orders/:id/payment-result', () => {
  it('answers only { success: true } to Prefer: return=minimal (the payments service), and applies the report the same', async () => {
    const created = await createOrder();
    const report = completed('attempt-minimal-1', created.total);
    const res = await request(app.server).post(`/internal/orders/${created.id}/payment-result`).set('Prefer', 'handling=strict, return=minimal').send(report).expect(200);
    expect(res.body).toEqual({ success: true });
    const view = await request(app.server).get(`/api/order/view/${created.id}`).set('X-Order-Token', created.orderToken).expect(200);
    expect(view.body.data).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    // another preference is no reason to leave the order out
    const again = await request(app.server).post(`/internal/orders/${created.id}/payment-result`).set('Prefer', 'return=representation').send(report).expect(200);
    expect(again.body.order).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
  });

  it('marks the order ordered on a completed payment, once, however often it is reported', async () => {
    const created = await createOrder();
    const report = completed('attempt-ok-1', created.total);
    const first = await request(app.server).post(`/internal/orders/${created.id}/payment-result`).send(report).expect(200);
    expect(first.body.success).toBe(true);
    expect(first.body.order).toMatchObject({ status: 'ordered', paymentStatus: 'completed', state: 'processing' });
    expect(first.body.order.payments).toEqual([
      expect.objectContaining({
        id: created.payments[0]!.id,
        status: 'completed',
        amount: created.total,
        amountPaid: created.total,
        transactionId: 'tx-attempt-ok-1',
        method: 'credit-card',
        methodLabel: 'Credit Card',
        additionalData: expect.objectContaining({ cardType: 'visa', last4: '4242', note: 'card XXXX4242', gateway: 'sandbox' }),
      }),
    ]);
    expect(first.body.order.statusHistory.at(-1)).toMatchObject({
      status: 'ordered',
      comment: `Order ${created.orderIncrementId} has been paid with transaction id tx-attempt-ok-1`,
      isCustomerNotified: false,
    });

    // the same report again (a retry, or the webhook after the redirect) changes nothing
    const again = await request(app.server).post(`/internal/orders/${created.id}/payment-result`).send(report).expect(200);
    expect(again.body.order).toEqual(first.body.order);

    // a late failure from another attempt does not undo the payment
    const late = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send({ ...report, attemptId: 'attempt-late-fail', status: 'failed', transactionId: null, message: 'Declined' })
      .expect(200);
    expect(late.body.order).toEqual(first.body.order);

    const payable = await request(app.server).get(`/internal/orders/${created.id}/payable`).expect(200);
    expect(payable.body).toMatchObject({ status: 'ordered', amountDue: 0, paymentId: null });
  });

  it('applies a newer outcome of the same attempt (held, then completed) to that attempt\'s entry', async () => {
    const created = await createOrder();
    const held = { ...completed('attempt-held-1', created.total), status: 'on_hold', transactionId: null, message: 'Additional authentication required' };
    const first = await request(app.server).post(`/internal/orders/${created.id}/payment-result`).send(held).expect(200);
    expect(first.body.order).toMatchObject({ status: 'pending_payment', paymentStatus: 'on_hold' });

    const later = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send(completed('attempt-held-1', created.total))
      .expect(200);
    expect(later.body.order).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(later.body.order.payments).toEqual([expect.objectContaining({ id: created.payments[0]!.id, status: 'completed' })]);
  });

  it('does not call an order ordered when the payment covered less than was due', async () => {
    const created = await createOrder();
    const res = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send(completed('attempt-short-1', created.total - 1))
      .expect(200);
    expect(res.body.order).toMatchObject({ status: 'partially_paid', paymentStatus: 'completed' });
    const payable = await request(app.server).get(`/internal/orders/${created.id}/payable`).expect(200);
    expect(payable.body.amountDue).toBe(1);
  });

  it('applies concurrent copies of one report once', async () => {
    const created = await createOrder();
    const report = completed('attempt-race-1', created.total);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => request(app.server).post(`/internal/orders/${created.id}/payment-result`).send(report)),
    );
    expect(answers.map((res) => res.status)).toEqual(Array(10).fill(200));
    const [{ n }] = await app.db.query(
      `SELECT count(*)::int AS n FROM orders.order_status_history WHERE order_id = $1 AND status = 'ordered'`,
      [created.id],
    );
    expect(n).toBe(1);
  });

  it('names the transaction in the failed-payment note when the provider recorded one (review row 12.9)', async () => {
    const created = await createOrder();
    const res = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send({ ...completed('attempt-fail-tx', created.total), status: 'failed', transactionId: 'pi_declined_0042', message: 'Your card was declined.' })
      .expect(200);
    expect(res.body.order.statusHistory.at(-1)).toMatchObject({
      status: 'pending_payment',
      comment: `Payment failed for order ${created.orderIncrementId} with transaction id pi_declined_0042: Your card was declined.`,
    });
  });

  it('keeps the order pending_payment with the spec history note on a failed payment', async () => {
    const created = await createOrder();
    const res = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send({ ...completed('attempt-fail-1', created.total), status: 'failed', transactionId: null, message: 'Your card was declined.' })
      .expect(200);
    expect(res.body.order).toMatchObject({ status: 'pending_payment', paymentStatus: 'failed', state: 'new' });
    expect(res.body.order.payments).toEqual([expect.objectContaining({ id: created.payments[0]!.id, status: 'failed', amountPaid: 0 })]);
    expect(res.body.order.statusHistory.at(-1)).toMatchObject({
      status: 'pending_payment',
      comment: `Payment failed for order ${created.orderIncrementId}: Your card was declined.`,
    });
    const payable = await request(app.server).get(`/internal/orders/${created.id}/payable`).expect(200);
    expect(payable.body).toMatchObject({ status: 'pending_payment', amountDue: created.total });

    // the next attempt may still complete the same order
    const paid = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send(completed('attempt-fail-2', created.total))
      .expect(200);
    expect(paid.body.order).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(paid.body.order.payments).toHaveLength(1);
  });

  it('answers 400 for a malformed report and 404 for an unknown order', async () => {
    const created = await createOrder();
    const bad = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send({ attemptId: 'attempt-bad-1', status: 'paid', amount: -100 })
      .expect(400);
    expect(bad.body.message).toMatch(/^Invalid payment result: /);
    expect(bad.body.errors).toMatchObject({ status: expect.any(String), amount: expect.any(String), gateway: 'gateway is required' });
    await request(app.server).post(`/internal/orders/${created.id}/payment-result`).send('[]').set('Content-Type', 'application/json').expect(400);
    await request(app.server)
      .post('/internal/orders/00000000-0000-4000-8000-000000000000/payment-result')
      .send(completed('attempt-missing', 1))
      .expect(404);
    const other = await createOrder();
    await request(app.server).post(`/internal/orders/${other.id}/payment-result`).send(completed('attempt-other-1', other.total)).expect(200);
    const reused = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send(completed('attempt-other-1', created.total))
      .expect(409);
    expect(reused.body.message).toBe('This payment attempt was already reported for another order.');
    const unchanged = await request(app.server).get(`/api/order/view/${created.id}`).set('X-Order-Token', created.orderToken).expect(200);
    expect(unchanged.body.data.status).toBe('pending');
  });
});

describe('a completed test or sandbox payment in production', () => {
  const saved = { NODE_ENV: process.env.NODE_ENV, PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX };
  afterEach(() => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });

  /**
   * The report applied as production would apply it. The service is called directly: what the
   * internal route's caller check asks in production is the internal guard's business, not this rule's.
   */
  async function reportInProduction(id: string, report: PaymentResultReport, sandbox?: string) {
    process.env.NODE_ENV = 'production';
    if (sandbox) process.env.PAYMENTS_SANDBOX = sandbox;
    else delete process.env.PAYMENTS_SANDBOX;
    try {
      return await app.app.get(OrderPaymentsService).recordPaymentResult(id, report);
    } finally {
      process.env.NODE_ENV = saved.NODE_ENV ?? 'test';
      if (saved.NODE_ENV === undefined) delete process.env.NODE_ENV;
    }
  }
  const emailsOf = async (orderId: string) => ((await app.db.query(`SELECT kind FROM email_outbox WHERE order_id = $1`, [orderId])) as { kind: string }[]).map((row) => row.kind);

  it('is held for review: recorded on hold with nothing paid, the order unpaid, no e-mail, the same report again a repeat', async () => {
    for (const marker of [{ sandbox: true }, { testPayment: true }]) {
      const created = await createOrder();
      const report: PaymentResultReport = { ...completed(`attempt-test-${Object.keys(marker)[0]}`, created.total), status: 'completed', additionalData: { rawStatus: 'succeeded', ...marker } };
      const held = await reportInProduction(created.id, report);
      expect(held.order).toMatchObject({ status: 'pending_payment', paymentStatus: 'on_hold' });
      expect(held.order!.payments).toEqual([
        expect.objectContaining({ status: 'on_hold', amountPaid: 0, transactionId: report.transactionId, additionalData: expect.objectContaining({ heldForReview: true, ...marker }) }),
      ]);
      expect(held.order!.statusHistory.at(-1)).toMatchObject({ status: 'pending_payment', comment: `Payment for order ${created.orderIncrementId} is on_hold` });
      expect(await emailsOf(created.id)).toEqual([]);
      // still owed in full, and a repeat of the report (a retry, a webhook) changes nothing
      expect((await request(app.server).get(`/internal/orders/${created.id}/payable`).expect(200)).body).toMatchObject({ amountDue: created.total, status: 'pending_payment' });
      expect((await reportInProduction(created.id, report)).order).toEqual(held.order);
    }
    expect(HELD_TEST_PAYMENT).toContain('PAYMENTS_SANDBOX');
  });

  it('pays the order as usual with PAYMENTS_SANDBOX=allow (a demo), and a real payment in production', async () => {
    const demo = await createOrder();
    const allowed = await reportInProduction(demo.id, { ...completed('attempt-demo', demo.total), status: 'completed', additionalData: { sandbox: true, testPayment: true } }, 'allow');
    expect(allowed.order).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(await emailsOf(demo.id)).toEqual(expect.arrayContaining(['order-confirmation']));

    const real = await createOrder();
    const paid = await reportInProduction(real.id, { ...completed('attempt-real', real.total), status: 'completed', additionalData: { rawStatus: 'succeeded' } });
    expect(paid.order).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
  });

  it('pays the order in development, where the sandbox is the point', async () => {
    const created = await createOrder();
    const res = await request(app.server)
      .post(`/internal/orders/${created.id}/payment-result`)
      .send({ ...completed('attempt-dev-sandbox', created.total), additionalData: { sandbox: true, testPayment: true } })
      .expect(200);
    expect(res.body.order).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
  });
});
