import { randomBytes, randomUUID } from 'node:crypto';
import { JobRunner, signInternalRequest, type TestApp } from '@storefront/service-kit';
import { PAYMENT_MESSAGES, SANDBOX_TEST_CARDS, type Order } from '@storefront/contracts';
import { formatCents } from '@storefront/money';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import { sandboxTokenForCard } from '../gateways/sandbox/hosted-fields/sandbox-token.js';
import { signedSandboxWebhook } from '../gateways/sandbox/sandbox-webhooks.js';
import { PAYMENTS_SECRET, PaymentsTestHarness, waitFor } from '../testing/payment-test-fixtures.js';
import { RECONCILIATION_QUEUE, type PaymentsJobs } from '../payment-jobs/payment-jobs.js';
import { PaymentFlow } from './payment-flow.service.js';

/** this file's world: the real orders service (its own process, started once for this file), the payments app, each order's token */
const harness = new PaymentsTestHarness(`payments_flow_${process.pid}_${Date.now().toString(36)}`);
const { orders, orderTokens, schema, jobsSchema } = harness;
let testApp: TestApp;
let db: DataSource;
let keySeq = 0;

const newKey = () => `test-key-${Date.now().toString(36)}-${++keySeq}`;

/** A real order on the orders service: one free sample door from the site's catalog; it costs shipping + tax. */
async function createOrder(paymentMethod: 'credit-card' | 'online-payment' = 'credit-card'): Promise<Order> {
  const order = await harness.createOrder({ paymentMethod });
  expect(order).toMatchObject({ status: 'pending', paymentStatus: 'pending', payments: [{ status: 'pending' }] });
  expect(order.total).toBeGreaterThan(0);
  return order;
}

/** The order as the orders service has it now. */
const viewOrder = (id: string): Promise<Order> => harness.viewOrder(id, { expectOk: true });

/** The history entries added since `before` was read. */
async function newHistory(before: Order): Promise<{ status: string; comment: string }[]> {
  const after = await viewOrder(before.id);
  return after.statusHistory.slice(before.statusHistory.length).map(({ status, comment }) => ({ status, comment }));
}

const orderedEntries = (order: Order) => order.statusHistory.filter((entry) => entry.status === 'ordered');

/** The token the sandbox's hosted fields frame makes for a card, in the shopper's browser. */
async function tokenise(cardNumber: string): Promise<string> {
  return sandboxTokenForCard(cardNumber, new Uint8Array(randomBytes(16))).token;
}

async function pay(orderId: string, cardNumber: string, key = newKey(), extra: Record<string, unknown> = {}) {
  const paymentMethodId = await tokenise(cardNumber);
  return request(testApp.server)
    .post('/api/payment/stripe/payment-intent')
    .set('Idempotency-Key', key)
    .set('X-Order-Token', orderTokens.get(orderId) ?? '')
    .send({ paymentMethodId, currency: 'usd', metadata: { orderId }, ...extra });
}

beforeAll(async () => {
  ({ testApp, db } = await harness.start());
}, 60_000);

afterAll(async () => {
  await harness.stop();
}, 30_000);

describe('POST /api/payment/stripe/payment-intent', () => {
  const paidNote = (order: Order, transactionId: string) => `Order ${order.orderIncrementId} has been paid with transaction id ${transactionId}`;

  it.each([
    ['succeeds', SANDBOX_TEST_CARDS.succeeds, 'succeeded', 'completed', 'ordered', undefined],
    ['any other valid number', '5555555555554444', 'succeeded', 'completed', 'ordered', undefined],
    ['declined', SANDBOX_TEST_CARDS.declined, 'requires_payment_method', 'failed', 'pending_payment', 'Your card was declined.'],
    ['pending', SANDBOX_TEST_CARDS.pending, 'processing', 'pending', 'pending_payment', 'Unexpected payment status: processing'],
    ['onHold', SANDBOX_TEST_CARDS.onHold, 'requires_action', 'on_hold', 'pending_payment', 'Additional authentication required'],
  ])('%s card (%s) -> intent %s, payment %s, the order is %s', async (_name, card, intentStatus, status, orderStatus, message) => {
    const order = await createOrder();
    const res = await pay(order.id, card);
    expect(res.status).toBe(200);
    expect(res.body.paymentIntent).toMatchObject({ status: intentStatus, amount: order.total, currency: 'usd' });
    expect(res.body.paymentIntent.next_action).toBeUndefined();
    expect(res.body.payment).toEqual({ status, ...(message ? { message } : {}) });
    expect(res.body.orderIncrementId).toBe(order.orderIncrementId);
    if (status === 'completed') expect(res.body.error).toBeUndefined();
    else expect(res.body).toMatchObject({ error: true, message });

    // What the orders service made of the report (sent with the internal token it requires).
    const transactionId = res.body.paymentIntent.id as string;
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: orderStatus, paymentStatus: status });
    expect(after.payments).toEqual([
      expect.objectContaining({
        id: order.payments[0]!.id,
        status,
        amount: order.total,
        amountPaid: status === 'completed' ? order.total : 0,
        transactionId,
        method: 'credit-card',
        methodLabel: 'Credit or Debit Card',
        additionalData: expect.objectContaining({
          gateway: 'stripe',
          cardBrand: card.startsWith('5') ? 'mastercard' : 'visa',
          last4: card.slice(-4),
          rawStatus: intentStatus,
        }),
      }),
    ]);
    const note = {
      completed: paidNote(order, transactionId),
      // the refusal's note names the provider's transaction (review row 12.9)
      failed: `Payment failed for order ${order.orderIncrementId} with transaction id ${transactionId}: Your card was declined.`,
      pending: `Payment for order ${order.orderIncrementId} is pending`,
      on_hold: `Payment for order ${order.orderIncrementId} is on_hold`,
    }[status];
    expect(after.statusHistory.slice(order.statusHistory.length)).toEqual([expect.objectContaining({ status: orderStatus, comment: note })]);
  });

  it('a declined card, then a good one on the same order: the order is paid, on its one payment entry', async () => {
    const order = await createOrder();
    expect((await pay(order.id, SANDBOX_TEST_CARDS.declined)).body.payment.status).toBe('failed');
    const second = await pay(order.id, SANDBOX_TEST_CARDS.succeeds);
    expect(second.body.paymentIntent.amount).toBe(order.total);
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(after.payments).toEqual([
      expect.objectContaining({ id: order.payments[0]!.id, status: 'completed', amountPaid: order.total, transactionId: second.body.paymentIntent.id }),
    ]);
    expect((await newHistory(order)).map((entry) => entry.status)).toEqual(['pending_payment', 'ordered']);
  });

  it('the orders process refuses internal calls not signed with the secret the payments service signs with', async () => {
    const order = await createOrder();
    const path = `/internal/orders/${order.id}/payable`;
    const unsigned = await request(orders.url).get(path).set('X-Internal-Caller', 'payments');
    expect(unsigned.status).toBe(401);
    const asForms = await request(orders.url).get(path).set(signInternalRequest({ caller: 'forms', secret: PAYMENTS_SECRET, method: 'GET', url: path }));
    expect(asForms.status).toBe(401);
    const signed = await request(orders.url).get(path).set(signInternalRequest({ caller: 'payments', secret: PAYMENTS_SECRET, method: 'GET', url: path }));
    expect(signed.body).toMatchObject({ id: order.id, amountDue: order.total });
  });

  it('3-D Secure card: redirect to the challenge, complete it, verify with the gateway', async () => {
    const order = await createOrder();
    const res = await pay(order.id, SANDBOX_TEST_CARDS.requiresAuthentication);
    expect(res.body.paymentIntent.status).toBe('requires_action');
    expect(res.body.payment).toEqual({ status: 'on_hold' });
    expect(res.body.error).toBeUndefined();
    const { url, return_url } = res.body.paymentIntent.next_action.redirect_to_url;
    expect(return_url).toBe('/payment/verify/stripe');
    expect(url).toMatch(/^\/api\/payment\/sandbox\/challenge\/pi_sandbox_\w+\?return_url=%2Fpayment%2Fverify%2Fstripe$/);
    // Nothing is reported while the shopper is at the challenge: the order is as it was created.
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending', statusHistory: order.statusHistory });

    const page = await request(testApp.server).get(url);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    expect(page.text).toContain('<h1>Sandbox 3-D Secure</h1>');
    expect(page.text).toContain(formatCents(order.total));
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

    // proof, or nothing: a wrong client secret and no proof at all read like an unknown payment
    const wrongSecret = await request(testApp.server).post('/api/payment/stripe/verify').send({ paymentIntentId: intentId, paymentIntentClientSecret: `${intentId}_secret_nope` });
    expect([wrongSecret.status, wrongSecret.body.message]).toEqual([404, 'Payment not found.']);
    const noProof = await request(testApp.server).post('/api/payment/stripe/verify').send({ paymentIntentId: intentId });
    expect([noProof.status, noProof.body.message]).toEqual([404, 'Payment not found.']);
    // Completing the challenge alone reports nothing: only the verify does.
    expect(await newHistory(order)).toEqual([]);

    const verify = await request(testApp.server).post('/api/payment/credit-card/verify').send({ paymentIntentId: intentId, paymentIntentClientSecret: secret });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({
      success: true,
      status: 'completed',
      transactionId: intentId,
      transactionResponse: { amount: order.total },
      testPayment: true,
      metadata: { orderId: order.id, orderIncrementId: order.orderIncrementId, paymentId: order.payments[0]!.id },
    });
    const paid = await viewOrder(order.id);
    expect(paid).toMatchObject({ status: 'ordered', paymentStatus: 'completed', state: 'processing' });
    expect(paid.payments).toEqual([expect.objectContaining({ id: order.payments[0]!.id, status: 'completed', amountPaid: order.total, transactionId: intentId })]);
    expect(await newHistory(order)).toEqual([{ status: 'ordered', comment: paidNote(order, intentId) }]);

    // A reload of the return page verifies again (here with the order's token): same answer, nothing new on the order.
    const reload = await request(testApp.server).post('/api/payment/stripe/verify').set('X-Order-Token', orderTokens.get(order.id)!).send({ paymentIntentId: intentId });
    expect(reload.body).toEqual(verify.body);
    expect(await newHistory(order)).toHaveLength(1);
  });

  it('3-D Secure failed: verify answers failed and the order waits for payment', async () => {
    const order = await createOrder();
    const res = await pay(order.id, SANDBOX_TEST_CARDS.requiresAuthentication);
    const answer = await request(testApp.server).post(res.body.paymentIntent.next_action.redirect_to_url.url).type('form').send({ decision: 'fail' });
    expect(new URL(answer.headers.location as string, 'http://site').searchParams.get('redirect_status')).toBe('failed');
    const verify = await request(testApp.server).post('/api/payment/stripe/verify').set('X-Order-Token', orderTokens.get(order.id)!).send({ paymentIntentId: res.body.paymentIntent.id });
    expect(verify.body).toMatchObject({ success: false, status: 'failed', error: 'The shopper failed 3-D Secure authentication.' });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'failed' });
    expect(await newHistory(order)).toEqual([
      { status: 'pending_payment', comment: `Payment failed for order ${order.orderIncrementId} with transaction id ${res.body.paymentIntent.id}: ${verify.body.error}` },
    ]);
  });

  it('20 concurrent calls with one Idempotency-Key charge once and answer the same', async () => {
    const order = await createOrder();
    const paymentMethodId = await tokenise(SANDBOX_TEST_CARDS.succeeds);
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        request(testApp.server).post('/api/payment/stripe/payment-intent').set('Idempotency-Key', key).set('X-Order-Token', orderTokens.get(order.id)!).send({ paymentMethodId, metadata: { orderId: order.id } }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(200));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    const [{ count: attempts }] = await db.query(`SELECT count(*)::int AS count FROM "${schema}".payment_attempt WHERE order_id = $1`, [order.id]);
    const [{ count: intents }] = await db.query(`SELECT count(*)::int AS count FROM "${schema}".sandbox_intent WHERE metadata->>'orderId' = $1`, [order.id]);
    expect([attempts, intents]).toEqual([1, 1]);
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(after.payments).toEqual([expect.objectContaining({ status: 'completed', amountPaid: order.total })]);
    expect(orderedEntries(after)).toHaveLength(1);
  });

  it('ignores the amount in the body: the order decides', async () => {
    const order = await createOrder();
    const res = await pay(order.id, SANDBOX_TEST_CARDS.succeeds, newKey(), { amount: 1 });
    expect(res.body.paymentIntent.amount).toBe(order.total);
    const after = await viewOrder(order.id);
    expect(after.payments).toEqual([expect.objectContaining({ status: 'completed', amount: order.total, amountPaid: order.total })]);
    expect(after.status).toBe('ordered');
  });

  it('refuses bad calls with clear 4xx answers', async () => {
    const order = await createOrder();
    const paidOrder = await createOrder();
    expect((await pay(paidOrder.id, SANDBOX_TEST_CARDS.succeeds)).body.payment).toEqual({ status: 'completed' });
    const paymentMethodId = await tokenise(SANDBOX_TEST_CARDS.succeeds);
    const post = (gateway: string, key: string | undefined, orderId: string, token = orderTokens.get(orderId) ?? 'not-a-token') => {
      const req = request(testApp.server).post(`/api/payment/${gateway}/payment-intent`).set('X-Order-Token', token);
      if (key) req.set('Idempotency-Key', key);
      return req.send({ paymentMethodId, metadata: { orderId } });
    };
    // the order's token, or nothing: another order's token reads like an unknown order
    const foreign = await post('stripe', newKey(), order.id, orderTokens.get(paidOrder.id));
    expect([foreign.status, foreign.body.message]).toEqual([404, 'Order not found.']);
    expect((await post('stripe', undefined, order.id)).body.message).toBe('Idempotency-Key header is required');
    expect((await post('stripe', 'short', order.id)).status).toBe(400);
    expect((await post('bitcoin', newKey(), order.id)).body.message).toBe('Payment method not available');
    for (const unknownId of ['no-such-order', randomUUID()]) {
      const missing = await post('stripe', newKey(), unknownId);
      expect([missing.status, missing.body.message]).toEqual([404, 'Order not found.']);
    }
    const paid = await post('stripe', newKey(), paidOrder.id);
    expect([paid.status, paid.body.message]).toEqual([409, 'This order has already been fully paid.']);
    const key = newKey();
    expect((await post('stripe', key, order.id)).status).toBe(200);
    const reused = await post('stripe', key, paidOrder.id);
    expect(reused.status).toBe(422);
    expect(reused.body.message).toMatch(/already used for another order/);
    const otherCard = await request(testApp.server)
      .post('/api/payment/stripe/payment-intent')
      .set('Idempotency-Key', key).set('X-Order-Token', orderTokens.get(order.id)!)
      .send({ paymentMethodId: await tokenise(SANDBOX_TEST_CARDS.declined), metadata: { orderId: order.id } });
    expect([otherCard.status, otherCard.body.message]).toEqual([422, expect.stringMatching(/another card or gateway/)]);
    expect((await post('paypal', newKey(), order.id)).body.message).toBe('Payment method not available');
    const huge = await request(testApp.server)
      .post('/api/payment/stripe/payment-intent')
      .set('Idempotency-Key', newKey()).set('X-Order-Token', orderTokens.get(order.id)!)
      .send({ paymentMethodId, metadata: { orderId: order.id }, shipping: 'x'.repeat(20_000) });
    expect(huge.status).toBe(413);
    const noCard = await request(testApp.server).post('/api/payment/stripe/payment-intent').set('Idempotency-Key', newKey()).set('X-Order-Token', orderTokens.get(order.id)!).send({ metadata: { orderId: order.id } });
    expect(noCard.status).toBe(400);
    expect(noCard.body.errors.paymentMethodId).toBeDefined();
  });

  it('answers the shopper while orders is down and reports once it is back', async () => {
    const order = await createOrder();
    const unreported = async () =>
      (await db.query(`SELECT id, reported_at FROM "${schema}".payment_attempt WHERE order_id = $1`, [order.id])) as { id: string; reported_at: Date | null }[];
    /** the attempt's report delivery job, as the job runner keeps it */
    const reportJob = async (attemptId: string) =>
      ((await db.query(`SELECT state, retry_count FROM "${jobsSchema}".job WHERE name = 'payment-report' AND data->>'attemptId' = $1 ORDER BY created_on DESC LIMIT 1`, [
        attemptId,
      ])) as { state: string; retry_count: number }[])[0];
    // The payment starts while orders is up (the amount is read from it); the shopper is at the 3-D
    // Secure challenge when the orders process goes down.
    const res = await pay(order.id, SANDBOX_TEST_CARDS.requiresAuthentication);
    const intentId = res.body.paymentIntent.id as string;
    await orders.stop();
    try {
      // A new payment cannot start without the order's amount: 503, nothing charged.
      const refused = await pay(order.id, SANDBOX_TEST_CARDS.succeeds);
      expect([refused.status, refused.body.message]).toEqual([503, 'Orders are unavailable right now. Please try again in a moment.']);
      expect(await unreported()).toHaveLength(1);

      await request(testApp.server).post(res.body.paymentIntent.next_action.redirect_to_url.url).type('form').send({ decision: 'complete' }).expect(303);
      // the shopper comes back with the client secret in the address: proof without asking orders
      const verify = await request(testApp.server)
        .post('/api/payment/stripe/verify')
        .send({ paymentIntentId: intentId, paymentIntentClientSecret: res.body.paymentIntent.client_secret });
      expect(verify.body).toMatchObject({ success: true, status: 'completed' });
      expect((await unreported())[0]!.reported_at).toBeNull();
      // Its job keeps retrying while orders is down...
      const [row] = await unreported();
      await waitFor(async () => ((await reportJob(row!.id))?.retry_count ?? 0) >= 1, 15_000);
      expect((await unreported())[0]!.reported_at).toBeNull();
    } finally {
      await orders.start();
    }
    // ...and the result arrives once it is back: the order is paid, once.
    await waitFor(async () => (await viewOrder(order.id)).status === 'ordered', 20_000);
    await waitFor(async () => (await unreported())[0]!.reported_at !== null);
    const [row] = await unreported();
    await waitFor(async () => (await reportJob(row!.id))?.state === 'completed');
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(after.payments).toEqual([expect.objectContaining({ status: 'completed', amountPaid: order.total, transactionId: intentId })]);
    expect(orderedEntries(after)).toEqual([expect.objectContaining({ comment: paidNote(order, intentId) })]);
    expect(await newHistory(order)).toHaveLength(1);
  }, 60_000);
});

describe('the spec\'s thin card intent calls', () => {
  it('retrieves, updates metadata (never the amount) and captures a known intent', async () => {
    const order = await createOrder();
    const paid = await pay(order.id, SANDBOX_TEST_CARDS.requiresAuthentication);
    const id = paid.body.paymentIntent.id as string;
    // an intent id alone is not enough
    for (const call of [
      request(testApp.server).post('/api/payment/stripe/payment-intent/retrieve').send({ paymentIntentId: id }),
      request(testApp.server).post('/api/payment/stripe/capture-payment').send({ paymentIntentId: id }),
      request(testApp.server).patch('/api/payment/stripe/payment-intent').send({ paymentIntentId: id, metadata: { orderIncrementId: 'X-1' } }),
    ]) {
      const refused = await call;
      expect([refused.status, refused.body.message]).toEqual([404, 'Payment not found.']);
    }
    const retrieved = await request(testApp.server)
      .post('/api/payment/stripe/payment-intent/retrieve')
      .send({ paymentIntentId: id, paymentIntentClientSecret: paid.body.paymentIntent.client_secret });
    expect(retrieved.body.paymentIntent).toMatchObject({ id, status: 'requires_action', amount: order.total });
    const patched = await request(testApp.server)
      .patch('/api/payment/stripe/payment-intent').set('X-Order-Token', orderTokens.get(order.id)!)
      .send({ paymentIntentId: id, amount: 1, metadata: { orderIncrementId: 'X-1' } });
    expect(patched.status).toBe(200);
    expect(patched.body.paymentIntent.amount).toBe(order.total);
    const capture = await request(testApp.server).post('/api/payment/stripe/capture-payment').set('X-Order-Token', orderTokens.get(order.id)!).send({ paymentIntentId: id });
    expect(capture.body).toMatchObject({ message: 'This payment cannot be captured in status requires_action.' });
    const unknown = await request(testApp.server).post('/api/payment/stripe/payment-intent/retrieve').set('X-Order-Token', orderTokens.get(order.id)!).send({ paymentIntentId: 'pi_sandbox_000000000000000000000000' });
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Payment not found.']);
    const noId = await request(testApp.server).post('/api/payment/stripe/capture-payment').send({});
    expect(noId.status).toBe(400);
  });
});

describe('PayPal on the sandbox', () => {
  it('creates an order for the amount due, approves it and captures on verify', async () => {
    const order = await createOrder('online-payment');
    const created = await request(testApp.server).post('/api/payment/paypal/order').set('X-Order-Token', orderTokens.get(order.id)!).send({ amount: 1, currency: 'USD', additionalData: { orderId: order.id } });
    expect(created.status).toBe(200);
    const href = created.body.response.links.find((l: { rel: string }) => l.rel === 'approve').href as string;
    expect(href).toBe(`/api/payment/sandbox/paypal/approve/${created.body.id}`);
    // Back without approving: not paid.
    const early = await request(testApp.server).post('/api/payment/paypal/verify').set('X-Order-Token', orderTokens.get(order.id)!).send({ paymentIntentId: created.body.id });
    expect(early.body).toMatchObject({ success: false, status: 'on_hold', error: 'No PayPal order to capture. Please try again.' });
    // still waiting for the shopper's approval: nothing to tell the order yet
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    const page = await request(testApp.server).get(href);
    expect(page.text).toContain(formatCents(order.total));
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");
    const approved = await request(testApp.server).post(href).type('form').send({ decision: 'approve' });
    expect(approved.status).toBe(303);
    expect(approved.headers.location).toBe(`/payment/online-payment/verify?token=${created.body.id}&PayerID=SANDBOXPAYER`);
    const verify = await request(testApp.server).post('/api/payment/online-payment/verify').set('X-Order-Token', orderTokens.get(order.id)!).send({ paymentIntentId: created.body.id });
    expect(verify.body).toMatchObject({ success: true, status: 'completed', transactionResponse: { amount: order.total } });
    // Each verified state is reported under the one attempt; the newer one is the order's.
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(after.payments).toEqual([
      expect.objectContaining({
        id: order.payments[0]!.id,
        status: 'completed',
        amountPaid: order.total,
        method: 'online-payment',
        methodLabel: 'PayPal',
        additionalData: expect.objectContaining({ gateway: 'paypal' }),
      }),
    ]);
    expect((await newHistory(order)).map((entry) => entry.status)).toEqual(['ordered']);
  });

  it('cancel goes back to the checkout', async () => {
    const order = await createOrder('online-payment');
    const created = await request(testApp.server).post('/api/payment/paypal/order').set('X-Order-Token', orderTokens.get(order.id)!).send({ additionalData: { orderId: order.id } });
    const canceled = await request(testApp.server).post(created.body.response.links[0].href).type('form').send({ decision: 'cancel' });
    // a sample order's Cancel goes back to the checkout (with PayPal's ?token=, as PayPal adds it)
    expect(canceled.headers.location).toBe(`/checkout?token=${created.body.id}`);
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending', statusHistory: order.statusHistory });
  });
});

describe('payment methods', () => {
  it('marks methods whose gateway runs on the sandbox', async () => {
    const res = await request(testApp.server).get('/api/payment-methods');
    expect(res.body.paymentMethods.length).toBeGreaterThan(0);
    for (const method of res.body.paymentMethods) expect(method.sandbox).toBe(true);
  });
});

describe('POST /api/payment/attempts (the checkout\'s one payment call)', () => {
  /** `token: null` sends no order token at all. */
  const startAttempt = async (orderId: string, body: Record<string, unknown>, { key = newKey(), token }: { key?: string; token?: string | null } = {}) =>
    harness.startAttempt(orderId, body, { key, token });
  const sandboxIntents = (orderId: string) =>
    db.query(`SELECT id, status FROM "${schema}".sandbox_intent WHERE metadata->>'orderId' = $1 ORDER BY created_at`, [orderId]) as Promise<{ id: string; status: string }[]>;
  const attemptRows = (orderId: string) => harness.attemptRows<{ id: string; status: string; message: string | null }>(orderId, 'id, status, message');

  it('pays an order by card in neutral words, and says the payment was a test', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.succeeds) });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      attempt: { id: expect.any(String), status: 'completed', nextAction: null, message: null, transactionId: expect.any(String) },
      orderIncrementId: order.orderIncrementId,
      testPayment: true,
    });
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(after.payments).toEqual([expect.objectContaining({ status: 'completed', amountPaid: order.total, additionalData: expect.objectContaining({ sandbox: true }) })]);
  });

  it('needs the order\'s token: none, or another order\'s, reads like an unknown order and charges nothing', async () => {
    const order = await createOrder();
    const other = await createOrder();
    const paymentToken = await tokenise(SANDBOX_TEST_CARDS.succeeds);
    for (const token of [null, orderTokens.get(other.id), 'x'.repeat(43)]) {
      const res = await startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken }, { token });
      expect([res.status, res.body.message]).toEqual([404, 'Order not found.']);
    }
    expect(await attemptRows(order.id)).toEqual([]);
    const bad = await startAttempt(order.id, { paymentMethod: 'cheque' });
    expect(bad.status).toBe(400);
  });

  it('3-D Secure answers a redirect; a new attempt after the shopper abandoned it cancels the old one and pays once', async () => {
    const order = await createOrder();
    const first = await startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.requiresAuthentication) });
    expect(first.body.attempt).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', url: expect.stringMatching(/^\/api\/payment\/sandbox\/challenge\//) } });
    const second = await startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.succeeds) });
    expect(second.body.attempt).toMatchObject({ status: 'completed' });
    expect((await sandboxIntents(order.id)).map((intent) => intent.status)).toEqual(['canceled', 'succeeded']);
    expect(await attemptRows(order.id)).toEqual([
      { id: first.body.attempt.id, status: 'failed', message: 'The payment was canceled: the shopper started a new one.' },
      expect.objectContaining({ id: second.body.attempt.id, status: 'completed' }),
    ]);
    // the challenge the shopper left can no longer pay
    const late = await request(testApp.server).post(first.body.attempt.nextAction.url).type('form').send({ decision: 'complete' });
    expect(late.status).toBe(409);
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(orderedEntries(after)).toHaveLength(1);
  });

  it('two tabs paying one order at once: one charge, the other tab is told a payment is under way', async () => {
    const order = await createOrder();
    const [a, b] = await Promise.all([
      startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.succeeds) }),
      startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise('5555555555554444') }),
    ]);
    const answers = [a!, b!].sort((x, y) => x.status - y.status);
    expect(answers.map((answer) => answer.status)).toEqual([201, 409]);
    expect(answers[0]!.body.attempt.status).toBe('completed');
    expect([PAYMENT_MESSAGES.inProgress, 'This order has already been fully paid.']).toContain(answers[1]!.body.message);
    expect((await sandboxIntents(order.id)).filter((intent) => intent.status === 'succeeded')).toHaveLength(1);
    const after = await viewOrder(order.id);
    expect(after.payments).toEqual([expect.objectContaining({ status: 'completed', amountPaid: order.total })]);
    expect(orderedEntries(after)).toHaveLength(1);
  });

  it('a card still processing stays pending, and the provider\'s signed webhook completes it once', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.pending) });
    expect(res.body.attempt).toMatchObject({ status: 'pending' });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' });
    // a second attempt while the first may still go through is refused
    const meanwhile = await startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.succeeds) });
    expect([meanwhile.status, meanwhile.body.message]).toEqual([409, PAYMENT_MESSAGES.inProgress]);

    const [intent] = await sandboxIntents(order.id);
    await db.query(`UPDATE "${schema}".sandbox_intent SET status = 'succeeded' WHERE id = $1`, [intent!.id]);
    const webhook = signedSandboxWebhook({ id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded', paymentId: intent!.id });
    const send = (req: { headers: Record<string, string | string[] | undefined>; rawBody: Buffer }) =>
      request(testApp.server).post('/api/payment/webhooks/stripe').set(req.headers as Record<string, string>).send(req.rawBody.toString('utf8'));
    const applied = await send(webhook);
    expect([applied.status, applied.body]).toEqual([200, { received: true, duplicate: false }]);
    const again = await send(webhook);
    expect([again.status, again.body]).toEqual([200, { received: true, duplicate: true }]);
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(orderedEntries(after)).toHaveLength(1);

    // anything the secret did not sign is refused, and changes nothing
    const forged = signedSandboxWebhook({ id: `evt_${randomUUID()}`, type: 'payment_intent.succeeded', paymentId: intent!.id }, { secret: 'not-the-secret' });
    const refused = await send(forged);
    expect([refused.status, refused.body.message]).toEqual([400, 'The webhook signature does not match.']);
    const unsigned = await request(testApp.server).post('/api/payment/webhooks/stripe').send({ id: 'evt_1', type: 'payment_intent.succeeded' });
    expect(unsigned.status).toBe(400);
    const stale = signedSandboxWebhook({ id: `evt_${randomUUID()}`, type: 'x', paymentId: intent!.id }, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await send(stale)).status).toBe(400);
    // a gateway no enabled method uses has no webhooks at all
    expect((await request(testApp.server).post('/api/payment/webhooks/bitcoin').send({})).status).toBe(404);
  });

  it('reconciliation settles a payment whose process died after the gateway call, once', async () => {
    const order = await createOrder();
    // what a crash leaves: the attempt row still 'processing', the provider's payment made under its reference
    const [{ id: attemptId }] = (await db.query(
      `INSERT INTO "${schema}".payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key, updated_at)
       VALUES ($1, 'credit-card', 'stripe', $2, 'processing', $3, now() - interval '5 minutes') RETURNING id`,
      [order.id, order.total, newKey()],
    )) as [{ id: string }];
    const stripe = testApp.app.get(GatewayRegistry).get('stripe')!;
    await stripe.initiate({
      amount: order.total,
      currency: 'usd',
      paymentToken: await tokenise(SANDBOX_TEST_CARDS.succeeds),
      returnUrl: '/payment/credit-card/verify',
      receiptEmail: order.email,
      metadata: { orderId: order.id, orderIncrementId: order.orderIncrementId, attemptId },
      reference: attemptId,
    });
    // the shopper's retry in another tab meanwhile finds the payment already made
    const retry = await startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.succeeds) });
    expect([retry.status, retry.body.message]).toEqual([409, 'This order has already been fully paid.']);
    // the reconciliation job (as the schedule queues it, here for attempts quiet any time) settles it
    await testApp.app.get(JobRunner<PaymentsJobs>).enqueueNow(RECONCILIATION_QUEUE, { quietSeconds: 0 });
    await waitFor(async () => (await attemptRows(order.id))[0]?.status === 'completed');
    await waitFor(async () => (await viewOrder(order.id)).status === 'ordered');
    expect(await attemptRows(order.id)).toEqual([expect.objectContaining({ id: attemptId, status: 'completed' })]);
    // ...and the order's confirmation is queued once (the orders service's outbox, in the same database)
    const confirmations = (await db.query(`SELECT count(*)::int AS count FROM orders.email_outbox WHERE order_id = $1 AND kind = 'order-confirmation'`, [
      order.id,
    ])) as [{ count: number }];
    expect(confirmations[0].count).toBe(1);
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(orderedEntries(after)).toHaveLength(1);
    expect((await sandboxIntents(order.id)).map((intent) => intent.status)).toEqual(['succeeded']);
  });

  it('an attempt the provider never received is given up as failed once it is old, and the shopper can pay again', async () => {
    const order = await createOrder();
    await db.query(
      `INSERT INTO "${schema}".payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key, created_at, updated_at)
       VALUES ($1, 'credit-card', 'stripe', $2, 'unknown', $3, now() - interval '20 minutes', now() - interval '20 minutes')`,
      [order.id, order.total, newKey()],
    );
    const res = await startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.succeeds) });
    expect(res.body.attempt).toMatchObject({ status: 'completed' });
    expect((await attemptRows(order.id)).map((row) => [row.status, row.message])).toEqual([
      ['failed', 'The payment did not reach the payment provider; nothing was charged.'],
      ['completed', null],
    ]);
  });
});

describe('a gateway that does not answer in time', () => {
  let slowApp: TestApp;
  const slowMs = 1200;

  beforeAll(async () => {
    process.env.SANDBOX_SLOW_MS = String(slowMs);
    slowApp = await harness.createApp({ gatewayTimeoutMs: 300 });
  }, 60_000);
  afterAll(async () => {
    delete process.env.SANDBOX_SLOW_MS;
    await slowApp?.close();
  });

  it('answers "unconfirmed" within its bound, and a retry with the same key answers the real result, charged once', async () => {
    const order = await createOrder();
    const started = Date.now();
    const key = newKey();
    const body = { orderId: order.id, paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.slow) };
    const send = () => request(slowApp.server).post('/api/payment/attempts').set('Idempotency-Key', key).set('X-Order-Token', orderTokens.get(order.id)!).send(body);
    const res = await send();
    expect(Date.now() - started).toBeLessThan(slowMs);
    expect(res.status).toBe(201);
    expect(res.body.attempt).toMatchObject({ status: 'unknown', nextAction: null, message: PAYMENT_MESSAGES.unconfirmed });
    // unknown is not reported: the order waits as it was
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });

    await new Promise((r) => setTimeout(r, slowMs));
    // the shopper's browser retries with the same key: the provider is asked, and the answer is the first attempt's real result
    const retry = await send();
    expect([retry.status, retry.body.attempt]).toEqual([201, { id: res.body.attempt.id, status: 'completed', nextAction: null, message: null, transactionId: expect.any(String) }]);
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    // another sweep finds nothing new
    await slowApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(orderedEntries(await viewOrder(order.id))).toHaveLength(1);
  }, 30_000);

  it('an unknown outcome nobody retries is settled by the reconciliation sweep, once', async () => {
    const order = await createOrder();
    const res = await request(slowApp.server)
      .post('/api/payment/attempts')
      .set('Idempotency-Key', newKey())
      .set('X-Order-Token', orderTokens.get(order.id)!)
      .send({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await tokenise(SANDBOX_TEST_CARDS.slow) });
    expect(res.body.attempt.status).toBe('unknown');
    await new Promise((r) => setTimeout(r, slowMs));
    const sweep = await slowApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(sweep.settled).toBeGreaterThanOrEqual(1);
    expect(await viewOrder(order.id)).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    await slowApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(orderedEntries(await viewOrder(order.id))).toHaveLength(1);
  }, 30_000);
});
