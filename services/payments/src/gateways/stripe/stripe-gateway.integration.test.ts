import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, type Order } from '@storefront/contracts';
import type { TestApp } from '@storefront/service-kit';
import { STRIPE_TEST_CARDS, signedStripeWebhook, startStripeStandIn, stripeEvent, type StripeStandIn } from '@storefront/provider-stand-ins';
import request from 'supertest';
import { NEVER_CONFIRMED } from '../../payment-attempts/settlement.js';
import { PaymentFlow } from '../../payments/payment-flow.service.js';
import { describeGatewayAdapter } from '../../testing/gateway-adapter-suite.js';
import { PaymentsTestHarness } from '../../testing/payment-test-fixtures.js';
import { GatewayDeclined, type GatewayPayment, type PaymentGateway, type WebhookRequest } from '../payment-gateway.js';
import { readStripeConfig } from './stripe-config.js';
import { createStripeGateway, REFERENCE_METADATA_KEY, stripeClient } from './stripe-gateway.js';

/**
 * The Stripe adapter through the official `stripe` SDK, pointed at the local Stripe stand-in
 * (STRIPE_API_BASE_URL): the shared adapter behaviour, what Stripe itself checks in each request,
 * and the payment flow on it (a 5xx left unknown, never failed; webhooks signed, refused, replayed).
 */
const SECRET_KEY = 'sk_test_standin_51Stripe';
const PUBLISHABLE_KEY = 'pk_test_standin_51Stripe';
const WEBHOOK_SECRET = 'whsec_standin_secret';

let standIn: StripeStandIn;
const env = () => ({
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_BASE_URL: standIn.url,
  PUBLIC_SITE_URL: 'https://shop.example.com',
});
const gateway = (): PaymentGateway => createStripeGateway(readStripeConfig(env()));

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY });
});
afterAll(async () => {
  await standIn?.close();
});

/** A PaymentMethod as Stripe.js makes it in the shopper's browser: the card goes to Stripe with the publishable key. */
async function cardToken(number: string): Promise<string> {
  const res = await fetch(`${standIn.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': String(new Date().getFullYear() + 2), 'card[cvc]': '123' }),
  });
  const body = (await res.json()) as { id: string };
  expect(res.status).toBe(200);
  return body.id;
}

/** The shopper on the stand-in's 3-D Secure page: completes or fails it, and is sent back to our return URL. */
async function shopperAnswers(payment: GatewayPayment, approve: boolean): Promise<URL> {
  expect(payment.nextAction?.type).toBe('redirect');
  const page = payment.nextAction!.type === 'redirect' ? payment.nextAction!.url : '';
  const shown = await fetch(page);
  expect(shown.status).toBe(200);
  expect(await shown.text()).toContain('Complete authentication');
  const answered = await fetch(page, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `action=${approve ? 'complete' : 'fail'}` });
  expect(answered.status).toBe(303);
  const back = new URL(answered.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe('https://shop.example.com/payment/verify/stripe');
  expect(back.searchParams.get('payment_intent')).toBe(payment.id);
  expect(back.searchParams.get('payment_intent_client_secret')).toBe(payment.clientSecret);
  return back;
}

function webhook(paymentId: string, { eventId, signed }: { eventId: string; signed: boolean }): WebhookRequest {
  const { payload, headers } = signedStripeWebhook(stripeEvent('payment_intent.succeeded', standIn.intent(paymentId)!, eventId), signed ? WEBHOOK_SECRET : 'whsec_not_the_secret');
  return { headers, rawBody: Buffer.from(payload, 'utf8') };
}

const OUTCOME_CARDS = {
  succeeds: STRIPE_TEST_CARDS.succeeds,
  declined: STRIPE_TEST_CARDS.declined,
  requiresAuthentication: STRIPE_TEST_CARDS.requiresAuthentication,
  pending: STRIPE_TEST_CARDS.pending,
} as const;

describeGatewayAdapter('stripe (the stripe SDK against the Stripe stand-in)', {
  kind: 'card',
  adapter: gateway,
  cardToken: (outcome) => cardToken(OUTCOME_CARDS[outcome]),
  shopperAnswers: async (payment, approve) => {
    await shopperAnswers(payment, approve);
  },
  webhook,
  refundsAtProvider: (paymentId) => standIn.refunds(paymentId).length,
});

const input = (paymentToken: string | undefined, reference = randomUUID()) => ({
  amount: 2171,
  currency: 'usd' as const,
  ...(paymentToken ? { paymentToken } : {}),
  returnUrl: '/payment/verify/stripe',
  receiptEmail: 'ann@example.com',
  metadata: { orderId: 'order-1', orderIncrementId: 'SF-100001' },
  reference,
});

const form = (body: string) => new URLSearchParams(body);

describe('what Stripe checks in each request the adapter sends', () => {
  it('authenticates with the secret key, keys every POST, and sends cents in usd with our reference', async () => {
    const since = standIn.requests.length;
    const reference = randomUUID();
    const payment = await gateway().initiate(input(await cardToken(STRIPE_TEST_CARDS.succeeds), reference));
    expect(payment).toMatchObject({ status: 'completed', amount: 2171, card: { brand: 'visa', last4: '4242' } });
    const sent = standIn.requests.slice(since).filter((entry) => entry.path.startsWith('/v1/') && entry.headers.authorization !== `Bearer ${PUBLISHABLE_KEY}`);
    expect(sent.map((entry) => `${entry.method} ${entry.path.split('?')[0]}`)).toEqual([
      'POST /v1/payment_intents',
      `POST /v1/payment_intents/${payment.id}/confirm`,
      `GET /v1/payment_intents/${payment.id}`,
    ]);
    for (const entry of sent) expect(entry.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    const [create, confirm] = sent;
    expect(create!.headers['idempotency-key']).toBe(reference);
    expect(create!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(form(create!.body))).toMatchObject({
      amount: '2171',
      currency: 'usd',
      'metadata[reference]': reference,
      'metadata[orderId]': 'order-1',
      'payment_method_types[0]': 'card',
      receipt_email: 'ann@example.com',
    });
    expect(confirm!.headers['idempotency-key']).toBe(`${reference}:confirm`);
    expect(form(confirm!.body).get('return_url')).toBe('https://shop.example.com/payment/verify/stripe');
  });

  it('keys the other POSTs too (capture, cancel, update, refund), so the SDK may retry them safely', async () => {
    const since = standIn.requests.length;
    const adapter = gateway();
    const paid = await adapter.initiate(input(await cardToken(STRIPE_TEST_CARDS.succeeds)));
    await adapter.update(paid.id, { metadata: { paymentId: 'pay-1', reference: 'forged' } as Record<string, string> });
    const reference = randomUUID();
    await adapter.refund(paid.id, { amount: 500, reference });
    const waiting = await adapter.initiate(input(undefined));
    await adapter.cancel(waiting.id);
    const posts = standIn.requests.slice(since).filter((entry) => entry.method === 'POST' && entry.headers.authorization === `Bearer ${SECRET_KEY}`);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    for (const post of posts) expect(post.headers['idempotency-key']).toEqual(expect.any(String));
    const refund = posts.find((entry) => entry.path === '/v1/refunds')!;
    expect(Object.fromEntries(form(refund.body))).toEqual({ payment_intent: paid.id, amount: '500' });
    // a refund's key is our refund's reference: the same refund asked again is the same refund at Stripe
    expect(refund.headers['idempotency-key']).toBe(reference);
    // our reference cannot be overwritten by an update: reconciliation still finds the payment
    expect((standIn.intent(paid.id) as { metadata: Record<string, string> }).metadata).toMatchObject({ paymentId: 'pay-1', reference: expect.not.stringMatching('forged') });
  });

  it('creates the Payment Element variant without a card: the browser confirms it with the client secret', async () => {
    const payment = await gateway().initiate(input(undefined));
    expect(payment).toMatchObject({ status: 'pending', rawStatus: 'requires_payment_method', nextAction: { type: 'confirm', clientSecret: expect.stringMatching(/^pi_\w+_secret_\w+$/) }, message: null });
    expect(standIn.intent(payment.id)).toMatchObject({ automatic_payment_methods: { enabled: true } });
    // the method's availableMethods: card brands are Stripe's one type `card`, other names Stripe's own types
    const offered = await gateway().initiate({ ...input(undefined), availableMethods: ['visa', 'mastercard', 'link'] });
    expect(standIn.intent(offered.id)).toMatchObject({ payment_method_types: ['card', 'link'], automatic_payment_methods: null });
  });

  it("changes the amount of an intent still waiting for the shopper (the order's total changed), and Stripe refuses it once paid", async () => {
    const waiting = await gateway().initiate(input(undefined));
    const changed = await gateway().changeAmount!(waiting.id, 2500);
    expect(changed).toMatchObject({ id: waiting.id, amount: 2500, status: 'pending' });
    expect(standIn.intent(waiting.id)).toMatchObject({ amount: 2500 });
    const paid = await gateway().initiate(input(await cardToken(STRIPE_TEST_CARDS.succeeds)));
    await expect(gateway().changeAmount!(paid.id, 2500)).rejects.toBeDefined();
    expect(standIn.intent(paid.id)).toMatchObject({ amount: paid.amount });
  });

  it("a decline carries Stripe's message and code; the payment failed", async () => {
    const error = await gateway().initiate(input(await cardToken(STRIPE_TEST_CARDS.declined))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayDeclined);
    expect((error as GatewayDeclined).message).toBe('Your card was declined.');
    expect((error as GatewayDeclined).payment).toMatchObject({ status: 'failed', rawStatus: 'requires_payment_method', card: { last4: '0002' } });
  });

  it('3-D Secure: a redirect to the authentication page, and the verify answer decides', async () => {
    const adapter = gateway();
    const waiting = await adapter.initiate(input(await cardToken(STRIPE_TEST_CARDS.requiresAuthentication)));
    expect(waiting).toMatchObject({ status: 'on_hold', rawStatus: 'requires_action', nextAction: { type: 'redirect', url: expect.stringContaining('/__stand-in/stripe/3ds/') } });
    await shopperAnswers(waiting, true);
    await expect(adapter.confirm(waiting.id, { clientSecret: 'pi_wrong_secret_x' })).rejects.toThrow('client secret does not match');
    expect(await adapter.confirm(waiting.id, { clientSecret: waiting.clientSecret! })).toMatchObject({ status: 'completed' });
  });

  it('a card still processing is pending, with the spec message', async () => {
    const payment = await gateway().initiate(input(await cardToken(STRIPE_TEST_CARDS.pending)));
    expect(payment).toMatchObject({ status: 'pending', rawStatus: 'processing', message: PAYMENT_MESSAGES.unexpectedStatus('processing') });
  });

  it('a 5xx is thrown as it is (unknown, never a decline); the same reference later finds the charge, once', async () => {
    const reference = randomUUID();
    const token = await cardToken(STRIPE_TEST_CARDS.serverError);
    const error = await gateway().initiate(input(token, reference)).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(GatewayDeclined);
    expect(error).toMatchObject({ type: 'StripeAPIError', statusCode: 500 });
    expect(await gateway().findByReference(reference)).toMatchObject({ status: 'completed' });
    const creates = () => standIn.requests.filter((entry) => entry.path === '/v1/payment_intents' && entry.headers['idempotency-key'] === reference).length;
    const before = creates();
    const again = await gateway().initiate(input(token, reference));
    expect(again).toMatchObject({ status: 'completed' });
    expect(creates()).toBe(before + 1);
    const found = (await fetch(`${standIn.url}/v1/payment_intents/search?query=${encodeURIComponent(`metadata['reference']:'${reference}'`)}`, { headers: { authorization: `Bearer ${SECRET_KEY}` } }).then((r) => r.json())) as { data: unknown[] };
    expect(found.data).toHaveLength(1);
  });

  it('refuses the same idempotency key with another request, as Stripe does', async () => {
    const reference = randomUUID();
    await gateway().initiate(input(await cardToken(STRIPE_TEST_CARDS.succeeds), reference));
    const other = { ...input(await cardToken(STRIPE_TEST_CARDS.succeeds), reference), amount: 9999 };
    await expect(gateway().initiate(other)).rejects.toMatchObject({ type: 'StripeIdempotencyError' });
  });

  it("keys a refund by our refund's reference: the same refund again is Stripe's replay; the reference with another amount is Stripe's idempotency error, never a decline", async () => {
    const adapter = gateway();
    const paid = await adapter.initiate(input(await cardToken(STRIPE_TEST_CARDS.succeeds)));
    const reference = randomUUID();
    const first = await adapter.refund(paid.id, { amount: 700, reference });
    expect(first).toMatchObject({ id: expect.stringMatching(/^re_/), status: 'completed', amount: 700, message: null });
    expect(await adapter.refund(paid.id, { amount: 700, reference })).toEqual(first);
    const conflict = await adapter.refund(paid.id, { amount: 800, reference }).catch((e: unknown) => e);
    expect(conflict).toMatchObject({ type: 'StripeIdempotencyError' });
    expect(conflict).not.toBeInstanceOf(GatewayDeclined);
    expect(standIn.refunds(paid.id)).toEqual([expect.objectContaining({ id: first.id, amount: 700 })]);
  });

  it('refuses a wrong secret key, and a webhook without a configured secret', async () => {
    const wrong = createStripeGateway(readStripeConfig({ ...env(), STRIPE_SECRET_KEY: 'sk_test_someone_else' }));
    await expect(wrong.getStatus('pi_x')).rejects.toMatchObject({ type: 'StripeAuthenticationError' });
    const noSecret = createStripeGateway(readStripeConfig({ ...env(), STRIPE_WEBHOOK_SECRET: '' }));
    await expect(noSecret.parseWebhook(webhook('pi_x', { eventId: 'evt_1', signed: true }))).rejects.toThrow('STRIPE_WEBHOOK_SECRET is not set');
  });
});

/** The payment flow on Stripe: the payments service with Stripe's keys, the real orders service, PostgreSQL. */
describe('the payment flow on the Stripe adapter', () => {
  const harness = new PaymentsTestHarness(`stripe_flow_${process.pid}_${Date.now().toString(36)}`);
  const saved: Record<string, string | undefined> = {};
  let testApp: TestApp;

  beforeAll(async () => {
    for (const [key, value] of Object.entries({ ...env(), RATE_LIMIT_WRITES_PER_MINUTE: '100000' })) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    ({ testApp } = await harness.start());
  }, 60_000);

  afterAll(async () => {
    await harness.stop();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }, 30_000);

  const createOrder = (): Promise<Order> => harness.createOrder();
  const viewOrder = (id: string): Promise<Order> => harness.viewOrder(id);
  const startAttempt = async (orderId: string, paymentToken: string, key = randomUUID()) =>
    harness.startAttempt(orderId, { paymentMethod: 'credit-card', paymentToken }, { key });
  const sendWebhook = (req: WebhookRequest) =>
    request(testApp.server).post('/api/payment/webhooks/stripe').set(req.headers as Record<string, string>).send(req.rawBody.toString('utf8'));
  const attempts = (orderId: string) => harness.attemptRows<{ status: string; transaction_id: string | null }>(orderId, 'status, transaction_id');

  it('pays an order on Stripe and says it was a test (sk_test_); the amount is the order\'s, in cents', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await cardToken(STRIPE_TEST_CARDS.succeeds));
    expect(res.body).toMatchObject({ attempt: { status: 'completed', nextAction: null }, testPayment: true });
    const [attempt] = await attempts(order.id);
    // the order's total is in cents, and so is Stripe's amount: no conversion at the SDK call
    expect(standIn.intent(attempt!.transaction_id!)).toMatchObject({ amount: order.total, currency: 'usd', metadata: { orderId: order.id, orderIncrementId: order.orderIncrementId } });
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(after.payments[0]).toMatchObject({ transactionId: attempt!.transaction_id, additionalData: expect.objectContaining({ gateway: 'stripe', cardBrand: 'visa', last4: '4242', testPayment: true }) });
  });

  it('a decline fails the attempt with Stripe\'s message and keeps the order waiting for payment', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await cardToken(STRIPE_TEST_CARDS.declined));
    expect(res.body.attempt).toMatchObject({ status: 'failed', message: 'Your card was declined.' });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'failed' });
  });

  it('3-D Secure: the attempt sends the shopper to the page; back on the verify page the order is paid', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await cardToken(STRIPE_TEST_CARDS.requiresAuthentication));
    expect(res.body.attempt).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', url: expect.stringContaining(`${standIn.url}/__stand-in/stripe/3ds/`) } });
    const [attempt] = await attempts(order.id);
    const back = await shopperAnswers({ id: attempt!.transaction_id!, nextAction: res.body.attempt.nextAction, clientSecret: (standIn.intent(attempt!.transaction_id!) as { client_secret: string }).client_secret } as GatewayPayment, true);
    const verified = await request(testApp.server)
      .post('/api/payment/stripe/verify')
      .send({ paymentIntentId: back.searchParams.get('payment_intent'), paymentIntentClientSecret: back.searchParams.get('payment_intent_client_secret') });
    expect(verified.body).toMatchObject({ success: true, status: 'completed', testPayment: true, metadata: { orderId: order.id } });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
  });

  it('a 5xx from Stripe leaves the attempt unknown, never failed; reconciliation then finds it paid', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await cardToken(STRIPE_TEST_CARDS.serverError));
    expect(res.body.attempt).toMatchObject({ status: 'unknown', message: PAYMENT_MESSAGES.unconfirmed });
    expect(await attempts(order.id)).toEqual([{ status: 'unknown', transaction_id: null }]);
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    await testApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(await attempts(order.id)).toEqual([{ status: 'completed', transaction_id: expect.stringMatching(/^pi_/) }]);
    expect(await viewOrder(order.id)).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
  });

  /**
   * The state a payments process SIGKILLed inside a Pay leaves, made as the flow makes it: the
   * attempt row inserted 'processing' (no answer, no payment id), the intent created through the
   * SDK with the attempt as its reference and idempotency key, and (`confirmed`) confirmed with the
   * card; then the process is gone. The row is dated back past the quiet period and a gateway call.
   */
  async function diedInsidePay(order: Order, key: string, paymentToken: string, { confirmed }: { confirmed: boolean }) {
    const [row] = (await harness.db.query(
      `INSERT INTO "${harness.schema}".payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key, payment_method_id, created_at, updated_at)
       VALUES ($1, 'credit-card', 'stripe', $2, 'processing', $3, $4, now() - interval '5 minutes', now() - interval '5 minutes') RETURNING id`,
      [order.id, order.total, key, paymentToken],
    )) as { id: string }[];
    const attemptId = row!.id;
    const intents = stripeClient(readStripeConfig(env())).paymentIntents;
    const intent = await intents.create(
      {
        amount: order.total,
        currency: 'usd',
        payment_method: paymentToken,
        metadata: { orderId: order.id, orderIncrementId: order.orderIncrementId, attemptId, [REFERENCE_METADATA_KEY]: attemptId },
      },
      { idempotencyKey: attemptId },
    );
    if (confirmed) await intents.confirm(intent.id, { payment_method: paymentToken, return_url: 'https://shop.example.com/payment/verify/stripe' }, { idempotencyKey: `${attemptId}:confirm` });
    return { attemptId, intentId: intent.id };
  }

  it('killed between creating the intent and confirming it: the sweep cancels the intent and fails the attempt; the shopper pays again', async () => {
    const order = await createOrder();
    const key = randomUUID();
    const paymentToken = await cardToken(STRIPE_TEST_CARDS.succeeds);
    const { attemptId, intentId } = await diedInsidePay(order, key, paymentToken, { confirmed: false });
    expect(standIn.intent(intentId)).toMatchObject({ status: 'requires_confirmation' });

    // a new Pay before the sweep: the open attempt is asked about, but only the sweep may cancel it
    const early = await startAttempt(order.id, await cardToken(STRIPE_TEST_CARDS.succeeds));
    expect([early.status, early.body.errorType]).toEqual([409, 'paymentInProgress']);
    expect(standIn.intent(intentId)).toMatchObject({ status: 'requires_confirmation' });

    await testApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(await harness.attemptRow(attemptId, 'status, transaction_id, message')).toEqual({ status: 'failed', transaction_id: intentId, message: NEVER_CONFIRMED });
    expect(standIn.intent(intentId)).toMatchObject({ status: 'canceled' });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending_payment', paymentStatus: 'failed' });

    // the dead request's key, sent again: the failure, at once (not a wait and a 409)
    const started = Date.now();
    const replay = await startAttempt(order.id, paymentToken, key);
    expect(Date.now() - started).toBeLessThan(3000);
    expect([replay.status, replay.body.attempt]).toEqual([201, { id: attemptId, status: 'failed', nextAction: null, message: NEVER_CONFIRMED, transactionId: intentId }]);

    const again = await startAttempt(order.id, await cardToken(STRIPE_TEST_CARDS.succeeds));
    expect(again.body.attempt).toMatchObject({ status: 'completed' });
    expect(again.body.attempt.id).not.toBe(attemptId);
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed', total: order.total });
    expect(after.payments[0]).toMatchObject({ amountPaid: order.total, transactionId: again.body.attempt.transactionId });
  });

  it('killed after the charge: once the sweep completed the attempt, a replay of the same key answers the real result at once', async () => {
    const order = await createOrder();
    const key = randomUUID();
    const paymentToken = await cardToken(STRIPE_TEST_CARDS.succeeds);
    const { attemptId, intentId } = await diedInsidePay(order, key, paymentToken, { confirmed: true });
    expect(standIn.intent(intentId)).toMatchObject({ status: 'succeeded' });

    await testApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(await harness.attemptRow(attemptId, 'status, transaction_id')).toEqual({ status: 'completed', transaction_id: intentId });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });

    const started = Date.now();
    const replay = await startAttempt(order.id, paymentToken, key);
    expect(Date.now() - started).toBeLessThan(3000);
    expect([replay.status, replay.body]).toEqual([
      201,
      { attempt: { id: attemptId, status: 'completed', nextAction: null, message: null, transactionId: intentId }, orderIncrementId: order.orderIncrementId, testPayment: true },
    ]);
    // the same key on the spec's card-intent call answers in that call's shape
    const asIntent = await request(testApp.server)
      .post('/api/payment/stripe/payment-intent')
      .set('Idempotency-Key', key)
      .set('X-Order-Token', harness.orderTokens.get(order.id) ?? '')
      .send({ paymentMethodId: paymentToken, currency: 'usd', metadata: { orderId: order.id } });
    expect(asIntent.status).toBe(200);
    expect(asIntent.body).toMatchObject({ paymentIntent: { id: intentId, status: 'succeeded', amount: order.total }, payment: { status: 'completed' }, orderIncrementId: order.orderIncrementId });
    expect(asIntent.body.error).toBeUndefined();
  });

  it("a processing payment is completed by Stripe's signed webhook, once; a bad signature is refused", async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await cardToken(STRIPE_TEST_CARDS.pending));
    expect(res.body.attempt).toMatchObject({ status: 'pending' });
    const [attempt] = await attempts(order.id);
    const intentId = attempt!.transaction_id!;
    expect(standIn.settleProcessing(intentId, true)).toBe(true);

    const forged = webhook(intentId, { eventId: `evt_${randomUUID()}`, signed: false });
    const refused = await sendWebhook(forged);
    expect([refused.status, refused.body.message]).toEqual([400, 'The webhook signature does not match.']);
    expect(await attempts(order.id)).toEqual([{ status: 'pending', transaction_id: intentId }]);

    const event = webhook(intentId, { eventId: `evt_${randomUUID()}`, signed: true });
    const applied = await sendWebhook(event);
    expect([applied.status, applied.body]).toEqual([200, { received: true, duplicate: false }]);
    const replay = await sendWebhook(event);
    expect([replay.status, replay.body]).toEqual([200, { received: true, duplicate: true }]);
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(after.statusHistory.filter((entry) => entry.status === 'ordered')).toHaveLength(1);
  });
});
