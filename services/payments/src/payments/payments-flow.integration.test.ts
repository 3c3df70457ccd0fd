import { createTestApp, type TestApp } from '@storefront/service-kit';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PAYMENTS_BODY_LIMIT, PaymentsAppModule } from '../app.module.js';
import { OrdersStandIn } from '../testing/orders-stand-in.js';

const schema = `payments_flow_${process.pid}_${Date.now().toString(36)}`;
const nextYear = String(new Date().getFullYear() + 1);
let testApp: TestApp;
let db: DataSource;
const orders = new OrdersStandIn();
let keySeq = 0;

const newKey = () => `test-key-${Date.now().toString(36)}-${++keySeq}`;

async function tokenise(cardNumber: string): Promise<string> {
  const res = await request(testApp.server)
    .post('/api/payment/sandbox/payment-methods')
    .send({ cardNumber, expMonth: '12', expYear: nextYear, cvc: '123' });
  expect(res.status).toBe(201);
  return res.body.id as string;
}

async function pay(orderId: string, cardNumber: string, key = newKey(), extra: Record<string, unknown> = {}) {
  const paymentMethodId = await tokenise(cardNumber);
  return request(testApp.server)
    .post('/api/payment/stripe/payment-intent')
    .set('Idempotency-Key', key)
    .send({ paymentMethodId, currency: 'usd', metadata: { orderId }, ...extra });
}

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
}

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = '100000';
  await orders.start();
  testApp = await createTestApp(
    PaymentsAppModule.register({ schema, orders: { baseUrl: orders.url, internalToken: 'internal-secret' }, reporter: { intervalMs: 100, maxBackoffMs: 400 } }),
    { bodyLimit: PAYMENTS_BODY_LIMIT },
  );
  db = testApp.app.get(DataSource);
});

afterAll(async () => {
  await db?.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await testApp?.close();
  await orders.stop();
});

describe('sandbox card tokenising', () => {
  it('answers the shared card rules per field', async () => {
    const res = await request(testApp.server)
      .post('/api/payment/sandbox/payment-methods')
      .send({ cardNumber: '4242', expMonth: '13', expYear: '2001', cvc: '' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'Please check the card details.',
      errors: { cardNumber: 'Card number is invalid', expMonth: 'Expiry month is invalid', expYear: 'Expiry year is invalid', cardCode: 'CVV is required' },
    });
    const empty = await request(testApp.server).post('/api/payment/sandbox/payment-methods').send({});
    expect(empty.body.errors).toMatchObject({ cardNumber: 'Card number is required', cardCode: 'CVV is required' });
  });

  it('keeps only brand, last 4, expiry and the outcome', async () => {
    const res = await request(testApp.server)
      .post('/api/payment/sandbox/payment-methods')
      .send({ cardNumber: '4000 0025 0000 3155', expMonth: '7', expYear: nextYear.slice(2), cvc: '123' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^pm_sandbox_/), card: { brand: 'visa', last4: '3155', expMonth: 7, expYear: Number(nextYear) } });
    const [row] = await db.query(`SELECT * FROM "${schema}".sandbox_payment_method WHERE id = $1`, [res.body.id]);
    expect(row.outcome).toBe('requiresAuthentication');
    expect(JSON.stringify(row)).not.toContain('4000002500003155');
  });
});

describe('POST /api/payment/stripe/payment-intent', () => {
  it.each([
    ['succeeds', SANDBOX_TEST_CARDS.succeeds, 'succeeded', 'completed', undefined],
    ['any other valid number', '5555555555554444', 'succeeded', 'completed', undefined],
    ['declined', SANDBOX_TEST_CARDS.declined, 'requires_payment_method', 'failed', 'Your card was declined.'],
    ['pending', SANDBOX_TEST_CARDS.pending, 'processing', 'pending', 'Unexpected payment status: processing'],
    ['onHold', SANDBOX_TEST_CARDS.onHold, 'requires_action', 'on_hold', 'Additional authentication required'],
  ])('%s card -> intent %s, payment %s, reported to orders', async (name, card, intentStatus, status, message) => {
    const orderId = `order-card-${name.replace(/\W/g, '')}`;
    orders.addOrder(orderId, 250.5);
    const res = await pay(orderId, card);
    expect(res.status).toBe(200);
    expect(res.body.paymentIntent).toMatchObject({ status: intentStatus, amount: 25050, currency: 'usd' });
    expect(res.body.paymentIntent.next_action).toBeUndefined();
    expect(res.body.payment).toEqual({ status, ...(message ? { message } : {}) });
    expect(res.body.orderIncrementId).toBe(orders.orders.get(orderId)!.orderIncrementId);
    if (status === 'completed') expect(res.body.error).toBeUndefined();
    else expect(res.body).toMatchObject({ error: true, message });
    const [report] = orders.reportsFor(orderId);
    expect(report).toMatchObject({
      gateway: 'stripe',
      method: 'credit-card',
      status,
      amount: 250.5,
      transactionId: res.body.paymentIntent.id,
      additionalData: { cardBrand: card.startsWith('5') ? 'mastercard' : 'visa', last4: card.slice(-4), rawStatus: intentStatus },
    });
    expect(report?.message).toBe(message);
    expect(orders.reports.find((r) => r.orderId === orderId)?.token).toBe('internal-secret');
  });

  it('3-D Secure card: redirect to the challenge, complete it, verify with the gateway', async () => {
    orders.addOrder('order-3ds', 99);
    const res = await pay('order-3ds', SANDBOX_TEST_CARDS.requiresAuthentication);
    expect(res.body.paymentIntent.status).toBe('requires_action');
    expect(res.body.payment).toEqual({ status: 'on_hold' });
    expect(res.body.error).toBeUndefined();
    const { url, return_url } = res.body.paymentIntent.next_action.redirect_to_url;
    expect(return_url).toBe('/payment/verify/stripe');
    expect(url).toMatch(/^\/api\/payment\/sandbox\/challenge\/pi_sandbox_\w+\?return_url=%2Fpayment%2Fverify%2Fstripe$/);
    expect(orders.reportsFor('order-3ds')).toHaveLength(0);

    const page = await request(testApp.server).get(url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.text).toContain('<h1>Sandbox 3-D Secure</h1>');
    expect(page.text).toContain('$99.00');
    expect(page.text).toContain('Complete authentication');
    expect(page.text).not.toMatch(/<script|style/);

    const evil = await request(testApp.server)
      .post(url.replace(/return_url=.*/, 'return_url=https%3A%2F%2Fevil.example%2Fpayment%2F'))
      .type('form')
      .send({ decision: 'complete' });
    expect(evil.status).toBe(400);

    const answer = await request(testApp.server).post(url).type('form').send({ decision: 'complete' });
    expect(answer.status).toBe(303);
    const location = new URL(answer.headers.location as string, 'http://site');
    expect(location.pathname).toBe('/payment/verify/stripe');
    expect(location.searchParams.get('redirect_status')).toBe('succeeded');
    const intentId = location.searchParams.get('payment_intent')!;
    const secret = location.searchParams.get('payment_intent_client_secret')!;
    expect(intentId).toBe(res.body.paymentIntent.id);

    const again = await request(testApp.server).post(url).type('form').send({ decision: 'fail' });
    expect(again.status).toBe(409);

    const wrongSecret = await request(testApp.server).post('/api/payment/stripe/verify').send({ paymentIntentId: intentId, paymentIntentClientSecret: `${intentId}_secret_nope` });
    expect(wrongSecret.status).toBe(400);

    const verify = await request(testApp.server).post('/api/payment/credit-card/verify').send({ paymentIntentId: intentId, paymentIntentClientSecret: secret });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({
      success: true,
      status: 'completed',
      transactionId: intentId,
      transactionResponse: { amount: 99 },
      metadata: { orderId: 'order-3ds', orderIncrementId: orders.orders.get('order-3ds')!.orderIncrementId, paymentId: 'pay-order-3ds' },
    });
    expect(orders.reportsFor('order-3ds')).toEqual([expect.objectContaining({ status: 'completed', transactionId: intentId })]);

    // A reload of the return page verifies again: same answer, nothing new reported.
    const reload = await request(testApp.server).post('/api/payment/stripe/verify').send({ paymentIntentId: intentId });
    expect(reload.body).toEqual(verify.body);
    expect(orders.reportsFor('order-3ds')).toHaveLength(1);
  });

  it('3-D Secure failed: verify answers failed and reports it', async () => {
    orders.addOrder('order-3ds-fail', 10);
    const res = await pay('order-3ds-fail', SANDBOX_TEST_CARDS.requiresAuthentication);
    const answer = await request(testApp.server).post(res.body.paymentIntent.next_action.redirect_to_url.url).type('form').send({ decision: 'fail' });
    expect(new URL(answer.headers.location as string, 'http://site').searchParams.get('redirect_status')).toBe('failed');
    const verify = await request(testApp.server).post('/api/payment/stripe/verify').send({ paymentIntentId: res.body.paymentIntent.id });
    expect(verify.body).toMatchObject({ success: false, status: 'failed', error: expect.any(String) });
    expect(orders.reportsFor('order-3ds-fail')).toEqual([expect.objectContaining({ status: 'failed' })]);
  });

  it('20 concurrent calls with one Idempotency-Key charge once and answer the same', async () => {
    orders.addOrder('order-concurrent', 42);
    const paymentMethodId = await tokenise(SANDBOX_TEST_CARDS.succeeds);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(testApp.server).post('/api/payment/stripe/payment-intent').set('Idempotency-Key', key).send({ paymentMethodId, metadata: { orderId: 'order-concurrent' } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const [{ count: attempts }] = await db.query(`SELECT count(*)::int AS count FROM "${schema}".payment_attempt WHERE order_id = 'order-concurrent'`);
    const [{ count: intents }] = await db.query(`SELECT count(*)::int AS count FROM "${schema}".sandbox_intent WHERE metadata->>'orderId' = 'order-concurrent'`);
    expect([attempts, intents]).toEqual([1, 1]);
    expect(orders.reportsFor('order-concurrent')).toHaveLength(1);
  });

  it('ignores the amount in the body: the order decides', async () => {
    orders.addOrder('order-amount', 1234.56);
    const res = await pay('order-amount', SANDBOX_TEST_CARDS.succeeds, newKey(), { amount: 1 });
    expect(res.body.paymentIntent.amount).toBe(123456);
    expect(orders.reportsFor('order-amount')[0]?.amount).toBe(1234.56);
  });

  it('refuses bad calls with clear 4xx answers', async () => {
    orders.addOrder('order-checks', 5);
    orders.addOrder('order-paid', 0);
    const paymentMethodId = await tokenise(SANDBOX_TEST_CARDS.succeeds);
    const post = (gateway: string, key: string | undefined, orderId: string) => {
      const req = request(testApp.server).post(`/api/payment/${gateway}/payment-intent`);
      if (key) req.set('Idempotency-Key', key);
      return req.send({ paymentMethodId, metadata: { orderId } });
    };
    expect((await post('stripe', undefined, 'order-checks')).body.message).toBe('Idempotency-Key header is required');
    expect((await post('stripe', 'short', 'order-checks')).status).toBe(400);
    expect((await post('bitcoin', newKey(), 'order-checks')).body.message).toBe('Payment method not available');
    const missing = await post('stripe', newKey(), 'no-such-order');
    expect([missing.status, missing.body.message]).toEqual([404, 'Order not found.']);
    const paid = await post('stripe', newKey(), 'order-paid');
    expect([paid.status, paid.body.message]).toEqual([409, 'This order has already been fully paid.']);
    const key = newKey();
    expect((await post('stripe', key, 'order-checks')).status).toBe(200);
    const reused = await post('stripe', key, 'order-other');
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/already used for another order/);
    const otherCard = await request(testApp.server)
      .post('/api/payment/stripe/payment-intent')
      .set('Idempotency-Key', key)
      .send({ paymentMethodId: await tokenise(SANDBOX_TEST_CARDS.declined), metadata: { orderId: 'order-checks' } });
    expect([otherCard.status, otherCard.body.message]).toEqual([422, expect.stringMatching(/another card or gateway/)]);
    expect((await post('paypal', newKey(), 'order-checks')).body.message).toBe('Payment method not available');
    const huge = await request(testApp.server)
      .post('/api/payment/stripe/payment-intent')
      .set('Idempotency-Key', newKey())
      .send({ paymentMethodId, metadata: { orderId: 'order-checks' }, shipping: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    const noCard = await request(testApp.server).post('/api/payment/stripe/payment-intent').set('Idempotency-Key', newKey()).send({ metadata: { orderId: 'order-checks' } });
    expect(noCard.status).toBe(400);
    expect(noCard.body.errors.paymentMethodId).toBeDefined();
  });

  it('answers the shopper while orders is down and reports once it is back', async () => {
    orders.addOrder('order-outage', 77);
    // Orders answers the payable read, then goes down before the result is reported.
    orders.dropReports = true;
    const res = await pay('order-outage', SANDBOX_TEST_CARDS.succeeds);
    expect(res.body.payment).toEqual({ status: 'completed' });
    const [row] = await db.query(`SELECT reported_at FROM "${schema}".payment_attempt WHERE order_id = 'order-outage'`);
    expect(row.reported_at).toBeNull();
    // Retries keep failing while it is down...
    await new Promise((r) => setTimeout(r, 400));
    expect(orders.reportsFor('order-outage')).toHaveLength(0);
    const [{ report_tries: tries }] = await db.query(`SELECT report_tries FROM "${schema}".payment_attempt WHERE order_id = 'order-outage'`);
    expect(tries).toBeGreaterThanOrEqual(2);
    // ...and the result arrives once it is back.
    orders.dropReports = false;
    await waitFor(() => orders.reportsFor('order-outage').length === 1);
    await waitFor(async () => (await db.query(`SELECT reported_at FROM "${schema}".payment_attempt WHERE order_id = 'order-outage'`))[0].reported_at !== null);
    expect(orders.reportsFor('order-outage')[0]).toMatchObject({ status: 'completed', amount: 77 });
  });
});

describe('the spec\'s thin card intent calls', () => {
  it('retrieves, updates metadata (never the amount) and captures a known intent', async () => {
    orders.addOrder('order-thin', 20);
    const paid = await pay('order-thin', SANDBOX_TEST_CARDS.requiresAuthentication);
    const id = paid.body.paymentIntent.id as string;
    const retrieved = await request(testApp.server).post('/api/payment/stripe/payment-intent/retrieve').send({ paymentIntentId: id });
    expect(retrieved.body.paymentIntent).toMatchObject({ id, status: 'requires_action', amount: 2000 });
    const patched = await request(testApp.server)
      .patch('/api/payment/stripe/payment-intent')
      .send({ paymentIntentId: id, amount: 1, metadata: { orderIncrementId: 'X-1' } });
    expect(patched.status).toBe(200);
    expect(patched.body.paymentIntent.amount).toBe(2000);
    const capture = await request(testApp.server).post('/api/payment/stripe/capture-payment').send({ paymentIntentId: id });
    expect(capture.body).toMatchObject({ message: 'This payment cannot be captured in status requires_action.' });
    const unknown = await request(testApp.server).post('/api/payment/stripe/payment-intent/retrieve').send({ paymentIntentId: 'pi_sandbox_000000000000000000000000' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Payment not found.']);
    const noId = await request(testApp.server).post('/api/payment/stripe/capture-payment').send({});
    expect(noId.status).toBe(400);
  });
});

describe('PayPal on the sandbox', () => {
  it('creates an order for the amount due, approves it and captures on verify', async () => {
    orders.addOrder('order-paypal', 60);
    const created = await request(testApp.server).post('/api/payment/paypal/order').send({ amount: 1, currency: 'USD', additionalData: { orderId: 'order-paypal' } });
    expect(created.status).toBe(200);
    const href = created.body.response.links.find((l: { rel: string }) => l.rel === 'approve').href as string;
    expect(href).toBe(`/api/payment/sandbox/paypal/approve/${created.body.id}`);
    // Back without approving: not paid.
    const early = await request(testApp.server).post('/api/payment/paypal/verify').send({ paymentIntentId: created.body.id });
    expect(early.body).toMatchObject({ success: false, status: 'on_hold', error: 'No PayPal order to capture. Please try again.' });
    const page = await request(testApp.server).get(href);
    expect(page.text).toContain('$60.00');
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const approved = await request(testApp.server).post(href).type('form').send({ decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(approved.headers.location).toBe(`/payment/online-payment/verify?token=${created.body.id}&PayerID=SANDBOXPAYER`);
    const verify = await request(testApp.server).post('/api/payment/online-payment/verify').send({ paymentIntentId: created.body.id });
    expect(verify.body).toMatchObject({ success: true, status: 'completed', transactionResponse: { amount: 60 } });
    // Each verified state is reported under the one attempt; the latest is the order's.
    expect(orders.reportsFor('order-paypal').map((r) => r.status)).toEqual(['on_hold', 'completed']);
    expect(orders.reportsFor('order-paypal')[1]).toMatchObject({ gateway: 'paypal', method: 'online-payment', amount: 60 });
  });

  it('cancel goes back to the checkout', async () => {
    orders.addOrder('order-paypal-cancel', 60);
    const created = await request(testApp.server).post('/api/payment/paypal/order').send({ additionalData: { orderId: 'order-paypal-cancel' } });
    const canceled = await request(testApp.server).post(created.body.response.links[0].href).type('form').send({ decision: 'cancel' });
    expect(canceled.headers.location).toBe('/checkout');
  });
});

describe('payment methods', () => {
  it('marks methods whose gateway runs on the sandbox', async () => {
    const res = await request(testApp.server).get('/api/payment-methods');
    expect(res.body.paymentMethods.length).toBeGreaterThan(0);
    for (const method of res.body.paymentMethods) expect(method.sandbox).toBe(true);
  });
});
