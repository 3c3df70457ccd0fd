import { randomBytes, randomUUID } from 'node:crypto';
import {
  REFUND_MESSAGES,
  SANDBOX_TEST_CARDS,
  orderPaymentsResponseSchema,
  overRefundableMessage,
  refundResponseSchema,
  type Order,
  type RefundRequest,
} from '@storefront/contracts';
import { STRIPE_TEST_CARDS, startStripeStandIn, type StripeStandIn } from '@storefront/provider-stand-ins';
import { signInternalRequest, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import { GatewayRegistry } from '../gateways/gateway-registry.js';
import { sandboxTokenForCard } from '../gateways/sandbox/hosted-fields/sandbox-token.js';
import { PAYMENTS_SECRET, PaymentsTestHarness, waitFor } from '../testing/payment-test-fixtures.js';

/**
 * Refunds through the payments service's HTTP API, as the orders service will call them (signed with
 * its own secret), on real PostgreSQL, for payments made through the same API on the sandbox card
 * gateway (no provider keys: the sandbox is the provider, with its own refunds table).
 */
const harness = new PaymentsTestHarness(`payments_refunds_${process.pid}_${Date.now().toString(36)}`);
const { schema } = harness;
let testApp: TestApp;
let db: DataSource;

/** ORDERS_INTERNAL_SECRET: what the orders service signs its calls to payments with (read by the guard per request). */
const ORDERS_SECRET = 'orders-internal-secret-0123456789abcdefghij';
const savedSecret = process.env.ORDERS_INTERNAL_SECRET;

beforeAll(async () => {
  process.env.ORDERS_INTERNAL_SECRET = ORDERS_SECRET;
  ({ testApp, db } = await harness.start());
}, 60_000);

afterAll(async () => {
  await harness.stop();
  if (savedSecret === undefined) delete process.env.ORDERS_INTERNAL_SECRET;
  else process.env.ORDERS_INTERNAL_SECRET = savedSecret;
}, 30_000);

const REFUNDS_PATH = '/internal/payments/refunds';
const paymentsPath = (orderId: string) => `/internal/payments/orders/${orderId}/payments`;

/** A call signed as the orders service signs it (or as another caller, with another secret), to this file's app or another. */
function signed(method: 'GET' | 'POST', path: string, body?: unknown, as: { caller?: 'orders' | 'payments'; secret?: string; app?: TestApp } = {}) {
  const raw = body === undefined ? undefined : JSON.stringify(body);
  const headers = signInternalRequest({ caller: as.caller ?? 'orders', secret: as.secret ?? ORDERS_SECRET, method, url: path, ...(raw === undefined ? {} : { body: raw }) });
  const server = (as.app ?? testApp).server;
  const call = method === 'GET' ? request(server).get(path) : request(server).post(path);
  call.set(headers);
  return raw === undefined ? call : call.set('content-type', 'application/json').send(raw);
}

const refund = (body: Partial<RefundRequest> | Record<string, unknown>) => signed('POST', REFUNDS_PATH, body);
const orderPayments = (orderId: string) => signed('GET', paymentsPath(orderId));

/** A refund request for an attempt: a new reference unless one is given. */
const ask = (attemptId: string, amountCents: number, reference: string = randomUUID(), requestedBy = 'Dana (support)'): RefundRequest => ({ attemptId, amountCents, reference, requestedBy });

/** The schema's own messages for an answer, or [] when it holds (strict: nothing cast). */
function problems(schema: { validateSync(value: unknown, options: object): unknown }, answer: unknown): string[] {
  try {
    schema.validateSync(answer, { strict: true, abortEarly: false });
    return [];
  } catch (error) {
    return (error as { errors: string[] }).errors;
  }
}

/** A real order paid on the sandbox through POST /api/payment/attempts with a card the hosted fields tokenised. */
async function paidOrder(cards: string[] = [SANDBOX_TEST_CARDS.succeeds]): Promise<{ order: Order; attemptIds: string[] }> {
  const order = await harness.createOrder();
  const attemptIds: string[] = [];
  for (const card of cards) {
    const paymentToken = sandboxTokenForCard(card, new Uint8Array(randomBytes(16))).token;
    const res = await harness.startAttempt(order.id, { paymentMethod: 'credit-card', paymentToken }, { key: randomUUID() });
    expect(res.status).toBe(201);
    attemptIds.push(res.body.attempt.id as string);
  }
  return { order, attemptIds };
}

async function paidAttempt(): Promise<{ order: Order; attemptId: string; transactionId: string }> {
  const { order, attemptIds } = await paidOrder();
  const [row] = await harness.attemptRows<{ id: string; status: string; transaction_id: string }>(order.id, 'id, status, transaction_id');
  expect(row).toMatchObject({ id: attemptIds[0], status: 'completed' });
  return { order, attemptId: row!.id, transactionId: row!.transaction_id };
}

const refundRows = (attemptId: string) =>
  db.query(`SELECT reference, amount_cents, status, provider_refund_id, message, requested_by FROM "${schema}".payment_refund WHERE attempt_id = $1 ORDER BY created_at`, [attemptId]) as Promise<
    { reference: string; amount_cents: number; status: string; provider_refund_id: string | null; message: string | null; requested_by: string }[]
  >;
/** The refunds the sandbox (the provider here) made of a payment. */
const refundsAtProvider = (transactionId: string) => db.query(`SELECT id, reference, amount FROM "${schema}".sandbox_refund WHERE intent_id = $1`, [transactionId]) as Promise<{ id: string; reference: string; amount: number }[]>;

describe('who may call', () => {
  it('answers only the orders service, signed with its own secret', async () => {
    const { attemptId, order } = await paidAttempt();
    const body = ask(attemptId, 100);
    expect((await request(testApp.server).post(REFUNDS_PATH).send(body)).status).toBe(401);
    expect((await request(testApp.server).get(paymentsPath(order.id))).status).toBe(401);
    // the payments service's own secret, or orders' name with it, opens nothing here
    expect((await signed('POST', REFUNDS_PATH, body, { caller: 'payments', secret: PAYMENTS_SECRET })).status).toBe(401);
    expect((await signed('POST', REFUNDS_PATH, body, { caller: 'orders', secret: PAYMENTS_SECRET })).status).toBe(401);
    expect((await signed('GET', paymentsPath(order.id), undefined, { caller: 'payments', secret: PAYMENTS_SECRET })).status).toBe(401);
    // a signature over another body does not carry over
    const headers = signInternalRequest({ caller: 'orders', secret: ORDERS_SECRET, method: 'POST', url: REFUNDS_PATH, body: JSON.stringify(body) });
    expect((await request(testApp.server).post(REFUNDS_PATH).set(headers).send({ ...body, amountCents: 200 })).status).toBe(401);
    expect(await refundRows(attemptId)).toEqual([]);
  });
});

describe('POST /internal/payments/refunds', () => {
  it('refunds a payment in full: recorded, made at the provider under our reference, answered with what is left', async () => {
    const { order, attemptId, transactionId } = await paidAttempt();
    const body = ask(attemptId, order.total);
    const res = await refund(body);
    expect(res.status).toBe(201);
    expect(problems(refundResponseSchema, res.body)).toEqual([]);
    expect(res.body).toEqual({
      refund: {
        id: expect.any(String),
        reference: body.reference,
        attemptId,
        amountCents: order.total,
        status: 'completed',
        providerRefundId: expect.stringMatching(/^re_sandbox_[0-9a-f]{24}$/),
        message: null,
        requestedBy: 'Dana (support)',
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
      attempt: { id: attemptId, amountCents: order.total, refundedCents: order.total, pendingRefundCents: 0, refundableCents: 0 },
    });
    expect(await refundRows(attemptId)).toEqual([
      { reference: body.reference, amount_cents: order.total, status: 'completed', provider_refund_id: res.body.refund.providerRefundId, message: null, requested_by: 'Dana (support)' },
    ]);
    expect(await refundsAtProvider(transactionId)).toEqual([{ id: res.body.refund.providerRefundId, reference: body.reference, amount: order.total }]);
  });

  it('refunds in part, then the rest; then nothing is left, and the 409 names what is refundable', async () => {
    const { order, attemptId, transactionId } = await paidAttempt();
    const first = await refund(ask(attemptId, 500));
    expect(first.status).toBe(201);
    expect(first.body.attempt).toEqual({ id: attemptId, amountCents: order.total, refundedCents: 500, pendingRefundCents: 0, refundableCents: order.total - 500 });

    const tooMuch = await refund(ask(attemptId, order.total));
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(overRefundableMessage(order.total - 500));

    const rest = await refund(ask(attemptId, order.total - 500));
    expect(rest.status).toBe(201);
    expect(rest.body.attempt).toMatchObject({ refundedCents: order.total, refundableCents: 0 });
    const more = await refund(ask(attemptId, 1));
    expect([more.status, more.body.message]).toEqual([409, overRefundableMessage(0)]);
    // the refused ones were never written nor sent
    expect((await refundRows(attemptId)).map((row) => [row.amount_cents, row.status])).toEqual([
      [500, 'completed'],
      [order.total - 500, 'completed'],
    ]);
    expect((await refundsAtProvider(transactionId)).map((made) => made.amount).sort()).toEqual([500, order.total - 500].sort());
  });

  it('the same reference again is the same refund, made once; the same reference with another body is 409', async () => {
    const { attemptId, transactionId } = await paidAttempt();
    const body = ask(attemptId, 700);
    const first = await refund(body);
    const again = await refund(body);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    // upper-case is the same UUID
    expect((await refund({ ...body, reference: body.reference.toUpperCase(), attemptId: attemptId.toUpperCase() })).body.refund.id).toBe(first.body.refund.id);
    for (const other of [{ amountCents: 701 }, { requestedBy: 'Sam' }, { attemptId: (await paidAttempt()).attemptId }]) {
      const conflict = await refund({ ...body, ...other });
      expect([conflict.status, conflict.body.message]).toEqual([409, REFUND_MESSAGES.referenceReused]);
    }
    expect(await refundRows(attemptId)).toHaveLength(1);
    expect(await refundsAtProvider(transactionId)).toHaveLength(1);
  });

  /**
   * Sends `bodies` at once while the test itself holds the attempt's row lock, so every one of them is
   * inside its check at the same moment (none can write before the lock is let go), then lets go.
   */
  async function atOnce(attemptId: string, bodies: RefundRequest[]): Promise<request.Response[]> {
    const holder = db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    try {
      await holder.query(`SELECT id FROM "${schema}".payment_attempt WHERE id = $1 FOR UPDATE`, [attemptId]);
      const answers = Promise.all(bodies.map((body) => refund(body).then((res) => res)));
      // every request is waiting for the row: nothing was written or sent
      await new Promise((resolve) => setTimeout(resolve, 400));
      expect(await refundRows(attemptId)).toEqual([]);
      await holder.commitTransaction();
      return await answers;
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }
  }

  it('two refunds at once that together pass what the payment took: one is made, the other refused', async () => {
    const { order, attemptId, transactionId } = await paidAttempt();
    const amount = order.total - 100;
    const answers = await atOnce(attemptId, [ask(attemptId, amount), ask(attemptId, amount)]);
    expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
    const refused = answers.find((res) => res.status === 409)!;
    // whichever came second saw the first's refund: only 100 cents were left for it
    expect(refused.body.message).toBe(overRefundableMessage(100));
    expect((await refundRows(attemptId)).map((row) => row.status)).toEqual(['completed']);
    expect(await refundsAtProvider(transactionId)).toHaveLength(1);
  });

  it('the same refund sent three times at once is made once', async () => {
    const { attemptId, transactionId } = await paidAttempt();
    const body = ask(attemptId, 300);
    const answers = await atOnce(attemptId, [body, body, body]);
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((res) => res.body.refund.id)).size).toBe(1);
    expect(await refundRows(attemptId)).toHaveLength(1);
    expect(await refundsAtProvider(transactionId)).toHaveLength(1);
  });

  it('404 for an attempt it does not know; 409 for one that did not complete', async () => {
    const unknown = await refund(ask(randomUUID(), 100));
    expect([unknown.status, unknown.body.message]).toEqual([404, REFUND_MESSAGES.attemptNotFound]);
    const { attemptIds } = await paidOrder([SANDBOX_TEST_CARDS.declined]);
    const failed = await refund(ask(attemptIds[0]!, 100));
    expect([failed.status, failed.body.message]).toEqual([409, REFUND_MESSAGES.notCompleted]);
    const { attemptIds: pending } = await paidOrder([SANDBOX_TEST_CARDS.pending]);
    expect((await refund(ask(pending[0]!, 100))).status).toBe(409);
    expect(await refundRows(attemptIds[0]!)).toEqual([]);
  });

  it.each([
    ['a reference that is not a UUID', { reference: 'refund-1' }, 'reference must be a UUID'],
    ['no attempt id', { attemptId: undefined }, 'attemptId is required'],
    ['an amount of 0', { amountCents: 0 }, 'amountCents must be a whole number of cents above 0'],
    ['an amount in dollars', { amountCents: 12.5 }, 'amountCents must be a whole number of cents above 0'],
    ['an amount as text', { amountCents: '100' }, 'amountCents must be a whole number of cents above 0'],
    ['no requester', { requestedBy: '  ' }, 'requestedBy is required'],
    ['a requester of 201 characters', { requestedBy: 'x'.repeat(201) }, 'requestedBy must be at most 200 characters'],
  ])('400 for %s', async (_what, change, message) => {
    const res = await refund({ ...ask(randomUUID(), 100), ...change });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it("records the provider's refusal as a failed refund with its message (it counts for nothing)", async () => {
    const { order, attemptId, transactionId } = await paidAttempt();
    // someone refunded part of the payment at the provider itself (its dashboard): our ledger does not know
    const sandbox = testApp.app.get(GatewayRegistry).get('stripe')!;
    await sandbox.refund(transactionId, { amount: 1000, reference: randomUUID() });
    const res = await refund(ask(attemptId, order.total));
    expect(res.status).toBe(201);
    expect(res.body.refund).toMatchObject({ status: 'failed', providerRefundId: null, message: `This payment cannot be refunded (succeeded, ${order.total - 1000} cents refundable).` });
    expect(res.body.attempt).toMatchObject({ refundedCents: 0, pendingRefundCents: 0, refundableCents: order.total });
    // asked again, the failed refund is answered as it is (the provider is not asked twice for it)
    expect((await refund(ask(attemptId, order.total, res.body.refund.reference))).body.refund).toEqual(res.body.refund);
    // what the provider has left can still be refunded, under a new reference
    expect((await refund(ask(attemptId, order.total - 1000))).body.refund).toMatchObject({ status: 'completed' });
  });

  it('a provider that does not answer in time leaves the refund pending (it counts); the same reference later settles it, refunded once', async () => {
    const { order, attemptId, transactionId } = await paidAttempt();
    // the same service with a gateway time bound the sandbox cannot meet: the refund lands after the answer
    const impatient = await harness.createApp({ gatewayTimeoutMs: 1 });
    const body = ask(attemptId, 400);
    let pending: request.Response;
    try {
      const raw = JSON.stringify(body);
      pending = await request(impatient.server)
        .post(REFUNDS_PATH)
        .set(signInternalRequest({ caller: 'orders', secret: ORDERS_SECRET, method: 'POST', url: REFUNDS_PATH, body: raw }))
        .set('content-type', 'application/json')
        .send(raw);
    } finally {
      await impatient.close();
    }
    expect(pending.status).toBe(201);
    expect(pending.body.refund).toMatchObject({ status: 'pending', providerRefundId: null, message: REFUND_MESSAGES.unknownOutcome });
    expect(pending.body.attempt).toMatchObject({ refundedCents: 0, pendingRefundCents: 400, refundableCents: order.total - 400 });
    // while it is pending it holds its amount: no refund may take it
    const tooMuch = await refund(ask(attemptId, order.total));
    expect([tooMuch.status, tooMuch.body.message]).toEqual([409, overRefundableMessage(order.total - 400)]);
    // the provider did make it, after the time bound
    await waitFor(async () => (await refundsAtProvider(transactionId)).length === 1);

    const settled = await refund(body);
    expect(settled.status).toBe(201);
    expect(settled.body.refund).toMatchObject({ id: pending.body.refund.id, status: 'completed', providerRefundId: expect.stringMatching(/^re_sandbox_/), message: null });
    expect(settled.body.attempt).toMatchObject({ refundedCents: 400, pendingRefundCents: 0, refundableCents: order.total - 400 });
    expect(await refundsAtProvider(transactionId)).toHaveLength(1);
  });
});

describe('GET /internal/payments/orders/:orderId/payments', () => {
  it("lists every attempt of the order, oldest first, with the provider's id, card, status and refunds", async () => {
    const { order, attemptIds } = await paidOrder([SANDBOX_TEST_CARDS.declined, SANDBOX_TEST_CARDS.succeeds]);
    const [declinedId, paidId] = attemptIds as [string, string];
    const made = await refund(ask(paidId, 250, randomUUID(), 'Lee'));
    const rows = await harness.attemptRows<{ id: string; transaction_id: string }>(order.id, 'id, transaction_id');

    const res = await orderPayments(order.id);
    expect(res.status).toBe(200);
    expect(problems(orderPaymentsResponseSchema, res.body)).toEqual([]);
    expect(res.body).toEqual({
      orderId: order.id,
      payments: [
        {
          id: declinedId,
          gateway: 'stripe',
          method: 'credit-card',
          providerPaymentId: rows[0]!.transaction_id,
          amountCents: order.total,
          status: 'failed',
          card: { brand: 'visa', last4: SANDBOX_TEST_CARDS.declined.slice(-4) },
          message: 'Your card was declined.',
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          refundedCents: 0,
          pendingRefundCents: 0,
          refundableCents: 0,
          refunds: [],
        },
        {
          id: paidId,
          gateway: 'stripe',
          method: 'credit-card',
          providerPaymentId: rows[1]!.transaction_id,
          amountCents: order.total,
          status: 'completed',
          card: { brand: 'visa', last4: SANDBOX_TEST_CARDS.succeeds.slice(-4) },
          message: null,
          createdAt: expect.any(String),
          updatedAt: expect.any(String),
          refundedCents: 250,
          pendingRefundCents: 0,
          refundableCents: order.total - 250,
          refunds: [made.body.refund],
        },
      ],
    });
    expect(Date.parse(res.body.payments[0].createdAt)).toBeLessThanOrEqual(Date.parse(res.body.payments[1].createdAt));
  });

  it('an order it never saw has no payments (not a 404)', async () => {
    const res = await orderPayments(randomUUID());
    expect([res.status, res.body.payments]).toEqual([200, []]);
  });
});

/**
 * The same routes on the real Stripe adapter (the stripe SDK against the Stripe stand-in), behind
 * Stripe's breaker: the ledger's reference reaches Stripe as the idempotency key; Stripe failing (503s)
 * leaves refunds pending (never failed), then the open breaker refuses before anything is written;
 * Stripe back, the same references settle them.
 */
describe('refunds on Stripe, through its breaker', () => {
  const SECRET_KEY = 'sk_test_standin_refunds';
  const PUBLISHABLE_KEY = 'pk_test_standin_refunds';
  const MIN_CALLS = 3;
  const RESET_MS = 1500;
  const ENV: Record<string, string> = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    PUBLIC_SITE_URL: 'https://shop.example.com',
    CIRCUIT_MIN_CALLS: String(MIN_CALLS),
    CIRCUIT_ERROR_PERCENT: '50',
    CIRCUIT_WINDOW_MS: '60000',
    CIRCUIT_RESET_MS: String(RESET_MS),
  };
  const saved: Record<string, string | undefined> = {};
  let stripe: StripeStandIn;
  let stripeApp: TestApp;

  beforeAll(async () => {
    for (const [key, value] of Object.entries(ENV)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    stripe = await startStripeStandIn({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY });
    saved.STRIPE_API_BASE_URL = process.env.STRIPE_API_BASE_URL;
    process.env.STRIPE_API_BASE_URL = stripe.url;
    // the gateways are chosen from the environment when the app starts: this one has Stripe's keys
    stripeApp = await harness.createApp();
  }, 60_000);

  afterAll(async () => {
    await stripeApp?.close();
    await stripe?.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  const refundOnStripe = (body: RefundRequest) => signed('POST', REFUNDS_PATH, body, { app: stripeApp });

  it('refunds under our reference as the idempotency key; with Stripe down a refund stays pending, then the breaker refuses unwritten; back up, the same references settle once', async () => {
    // a payment on Stripe: the card as Stripe.js makes it, then the checkout's call
    const methods = await fetch(`${stripe.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'card', 'card[number]': STRIPE_TEST_CARDS.succeeds, 'card[exp_month]': '12', 'card[exp_year]': String(new Date().getFullYear() + 2), 'card[cvc]': '123' }),
    });
    const order = await harness.createOrder();
    const paid = await request(stripeApp.server)
      .post('/api/payment/attempts')
      .set('Idempotency-Key', randomUUID())
      .set('X-Order-Token', harness.orderTokens.get(order.id)!)
      .send({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: ((await methods.json()) as { id: string }).id });
    expect(paid.body.attempt).toMatchObject({ status: 'completed' });
    const attemptId = paid.body.attempt.id as string;
    const intentId = (await harness.attemptRows<{ transaction_id: string }>(order.id, 'transaction_id'))[0]!.transaction_id;

    const first = ask(attemptId, 500);
    const made = await refundOnStripe(first);
    expect(made.body.refund).toMatchObject({ status: 'completed', providerRefundId: expect.stringMatching(/^re_/) });
    const sent = stripe.requests.filter((entry) => entry.method === 'POST' && entry.path === '/v1/refunds');
    expect(sent.map((entry) => entry.headers['idempotency-key'])).toEqual([first.reference]);
    // asked again: answered from the ledger, Stripe not asked
    expect((await refundOnStripe(first)).body.refund).toEqual(made.body.refund);
    expect(stripe.refunds(intentId)).toHaveLength(1);

    // Stripe fails (503s): each refund is no answer, left pending (it may have been made), never failed
    stripe.outage(503);
    const unanswered = Array.from({ length: MIN_CALLS }, () => ask(attemptId, 100));
    for (const body of unanswered) {
      const res = await refundOnStripe(body);
      expect([res.status, res.body.refund.status, res.body.refund.message]).toEqual([201, 'pending', REFUND_MESSAGES.unknownOutcome]);
    }
    // the breaker is open: a new refund is refused before anything is written; a pending one asked again stays pending
    const refused = await refundOnStripe(ask(attemptId, 100));
    expect([refused.status, refused.body.message]).toEqual([503, REFUND_MESSAGES.providerUnavailable]);
    const stillPending = await refundOnStripe(unanswered[0]!);
    expect([stillPending.status, stillPending.body.message]).toEqual([503, REFUND_MESSAGES.stillPending]);
    expect((await refundRows(attemptId)).map((row) => row.status)).toEqual(['completed', 'pending', 'pending', 'pending']);

    // Stripe is back; after the breaker's reset the same references settle, each refunded once
    const sentBefore = stripe.requests.length;
    stripe.outage(null);
    await new Promise((resolve) => setTimeout(resolve, RESET_MS + 200));
    for (const body of unanswered) expect((await refundOnStripe(body)).body.refund).toMatchObject({ status: 'completed' });
    expect((await refundRows(attemptId)).map((row) => row.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
    expect(stripe.requests.slice(sentBefore).filter((entry) => entry.path === '/v1/refunds').map((entry) => entry.headers['idempotency-key'])).toEqual(unanswered.map((body) => body.reference));
    expect(stripe.refunds(intentId)).toHaveLength(1 + MIN_CALLS);
    const list = await signed('GET', paymentsPath(order.id), undefined, { app: stripeApp });
    expect(list.body.payments[0]).toMatchObject({ gateway: 'stripe', providerPaymentId: intentId, card: { brand: 'visa', last4: '4242' }, refundedCents: 800, pendingRefundCents: 0, refundableCents: order.total - 800 });
  }, 60_000);
});
