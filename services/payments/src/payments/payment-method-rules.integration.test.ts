import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PAYMENT_MESSAGES, SANDBOX_TEST_CARDS, type PaymentMethod } from '@storefront/contracts';
import { Housekeeping, JobRunner, type TestApp } from '@storefront/service-kit';
import request from 'supertest';
import { sandboxTokenForCard } from '../gateways/sandbox/hosted-fields/sandbox-token.js';
import { signedSandboxWebhook } from '../gateways/sandbox/sandbox-webhooks.js';
import { CROSS_SITE_FORM } from '../gateways/sandbox/sandbox.controller.js';
import { PaymentsTestHarness } from '../testing/payment-test-fixtures.js';
import { WEBHOOK_GATEWAY_NOT_IN_USE } from '../payment-attempts/settlement.js';

// Which payment routes take a payment, through the real orders service (its own process): only an
// enabled payment method offered in the order's scope, on a gateway this service may run (its keys,
// or the sandbox where the sandbox may exist). Every gateway-named route is tried with a gateway that
// is off, unknown or out of scope; production without PAYMENTS_SANDBOX=allow has no sandbox at all.

const harness = new PaymentsTestHarness(`payments_rules_${process.pid}_${Date.now().toString(36)}`);
let testApp: TestApp;
let keySeq = 0;
const newKey = () => `rules-key-${Date.now().toString(36)}-${++keySeq}`;
const card = async (number: string = SANDBOX_TEST_CARDS.succeeds) => (await sandboxTokenForCard(number, new Uint8Array(randomBytes(16)))).token;
const NOT_AVAILABLE = { message: PAYMENT_MESSAGES.methodNotAvailable, errorType: 'methodNotAvailable' };
const contentRoots: string[] = [];
const otherApps: TestApp[] = [];

const base = { description: 'Pay.', isDefault: false, sortOrder: 1 };
/** A content folder whose settings/payment-methods.json is `methods`. */
async function contentWith(methods: Partial<PaymentMethod>[]): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'payments-rules-'));
  contentRoots.push(root);
  await mkdir(path.join(root, 'settings'));
  await writeFile(path.join(root, 'settings/payment-methods.json'), JSON.stringify(methods.map((method) => ({ ...base, ...method }))));
  return root;
}

/** Another payments app over the same schemas and orders service, with its own settings (closed in afterAll). */
async function appWith(methods: Partial<PaymentMethod>[]): Promise<TestApp> {
  const app = await harness.createApp({ contentDir: await contentWith(methods) });
  otherApps.push(app);
  return app;
}

async function closeApp(app: TestApp): Promise<void> {
  await app.app.get(JobRunner).stop();
  await app.close();
}

const env = { NODE_ENV: process.env.NODE_ENV, PAYMENTS_SANDBOX: process.env.PAYMENTS_SANDBOX, RATE_LIMIT_WRITES_PER_MINUTE: process.env.RATE_LIMIT_WRITES_PER_MINUTE };
function restoreEnv(): void {
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
}

beforeAll(async () => {
  // the repository's own settings: Stripe and PayPal on, Authorize.Net shipped off
  ({ testApp } = await harness.start());
  env.RATE_LIMIT_WRITES_PER_MINUTE = process.env.RATE_LIMIT_WRITES_PER_MINUTE;
}, 60_000);

afterAll(async () => {
  restoreEnv();
  for (const app of otherApps) await closeApp(app).catch(() => undefined);
  await harness.stop();
  for (const root of contentRoots) await rm(root, { recursive: true, force: true });
}, 60_000);

describe("a gateway whose payment method is off, or that no method names (the repository's settings)", () => {
  it("refuses the review's exploit: a sandbox token through Authorize.Net, whose method is disabled, pays nothing", async () => {
    const order = await harness.createOrder();
    const res = await request(testApp.server)
      .post('/api/payment/authorizenet/payment-intent')
      .set('X-Order-Token', harness.orderTokens.get(order.id)!)
      .set('Idempotency-Key', newKey())
      .send({ paymentMethodId: await card(), metadata: { orderId: order.id } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject(NOT_AVAILABLE);
    expect(await harness.attemptRows(order.id, 'id')).toEqual([]);
    expect(await harness.viewOrder(order.id)).toMatchObject({ status: 'pending' });
  });

  it('refuses it on every route that names the gateway: process-transaction, verify, webhooks (404)', async () => {
    const order = await harness.createOrder();
    const token = harness.orderTokens.get(order.id)!;
    const transaction = await request(testApp.server)
      .post('/api/payment/authorize-net/process-transaction')
      .set('X-Order-Token', token)
      .set('Idempotency-Key', newKey())
      .send({ dataDescriptor: 'COMMON.ACCEPT.INAPP.PAYMENT', dataValue: 'opaque-value', additionalData: { orderId: order.id } });
    expect([transaction.status, transaction.body]).toMatchObject([400, NOT_AVAILABLE]);
    const verify = await request(testApp.server).post('/api/payment/authorizenet/verify').set('X-Order-Token', token).send({ paymentIntentId: 'pi_sandbox_anything' });
    expect([verify.status, verify.body]).toMatchObject([400, NOT_AVAILABLE]);
    const webhook = await request(testApp.server).post('/api/payment/webhooks/authorizenet').set('Content-Type', 'application/json').send('{"id":"evt_1"}');
    expect([webhook.status, webhook.body.message]).toEqual([404, WEBHOOK_GATEWAY_NOT_IN_USE]);
    expect(await harness.attemptRows(order.id, 'id')).toEqual([]);
  });

  it('refuses a gateway nobody configured, and PayPal on the card route', async () => {
    const order = await harness.createOrder();
    const token = harness.orderTokens.get(order.id)!;
    for (const gateway of ['bitcoin', 'sandbox', 'paypal']) {
      const res = await request(testApp.server)
        .post(`/api/payment/${gateway}/payment-intent`)
        .set('X-Order-Token', token)
        .set('Idempotency-Key', newKey())
        .send({ paymentMethodId: await card(), metadata: { orderId: order.id } });
      expect([gateway, res.status, res.body]).toMatchObject([gateway, 400, NOT_AVAILABLE]);
    }
    const verify = await request(testApp.server).post('/api/payment/bitcoin/verify').set('X-Order-Token', token).send({ paymentIntentId: 'pi_1' });
    expect([verify.status, verify.body]).toMatchObject([400, NOT_AVAILABLE]);
    expect((await request(testApp.server).post('/api/payment/webhooks/bitcoin').set('Content-Type', 'application/json').send('{}')).status).toBe(404);
    expect(await harness.attemptRows(order.id, 'id')).toEqual([]);
  });
});

describe('methods switched off or out of scope', () => {
  let stripeQuotesOnly: TestApp;
  /** a card payment made while the card method was offered for sample orders (the repository's settings) */
  let paid: { orderId: string; intentId: string; clientSecret: string; token: string };
  /** a PayPal order made while PayPal was on */
  let paypalOrder: { orderId: string; paypalId: string; token: string };

  beforeAll(async () => {
    // the card method offered for quotes only, PayPal off
    stripeQuotesOnly = await appWith([
      { name: 'credit-card', title: 'Card', enabled: true, isDefault: true, gateway: 'stripe', scopes: ['convert-to-order'] },
      { name: 'online-payment', title: 'PayPal', enabled: false, gateway: 'paypal', sortOrder: 2 },
    ]);
    const order = await harness.createOrder();
    const token = harness.orderTokens.get(order.id)!;
    const intent = await request(testApp.server)
      .post('/api/payment/stripe/payment-intent')
      .set('X-Order-Token', token)
      .set('Idempotency-Key', newKey())
      .send({ paymentMethodId: await card(SANDBOX_TEST_CARDS.requiresAuthentication), metadata: { orderId: order.id } });
    expect(intent.status).toBe(200);
    paid = { orderId: order.id, intentId: intent.body.paymentIntent.id, clientSecret: intent.body.paymentIntent.client_secret, token };

    const other = await harness.createOrder({ paymentMethod: 'online-payment' });
    const otherToken = harness.orderTokens.get(other.id)!;
    const created = await request(testApp.server).post('/api/payment/paypal/order').set('X-Order-Token', otherToken).set('Idempotency-Key', newKey()).send({ additionalData: { orderId: other.id } });
    expect(created.body.id).toEqual(expect.any(String));
    paypalOrder = { orderId: other.id, paypalId: created.body.id, token: otherToken };
  }, 60_000);

  it('refuses a new payment of a sample order through a method offered for quotes only, on both kinds of route', async () => {
    const order = await harness.createOrder();
    const token = harness.orderTokens.get(order.id)!;
    const attempt = await request(stripeQuotesOnly.server).post('/api/payment/attempts').set('X-Order-Token', token).set('Idempotency-Key', newKey()).send({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card() });
    expect([attempt.status, attempt.body]).toMatchObject([400, NOT_AVAILABLE]);
    const intent = await request(stripeQuotesOnly.server)
      .post('/api/payment/stripe/payment-intent')
      .set('X-Order-Token', token)
      .set('Idempotency-Key', newKey())
      .send({ paymentMethodId: await card(), metadata: { orderId: order.id } });
    expect([intent.status, intent.body]).toMatchObject([400, NOT_AVAILABLE]);
    expect(await harness.attemptRows(order.id, 'id')).toEqual([]);
  });

  it("refuses the card payment's next steps (verify, retrieve, capture, update) once its method is not offered where it was made", async () => {
    const proof = { paymentIntentId: paid.intentId, paymentIntentClientSecret: paid.clientSecret };
    const calls = [
      request(stripeQuotesOnly.server).post('/api/payment/stripe/verify').send(proof),
      request(stripeQuotesOnly.server).post('/api/payment/credit-card/verify').send(proof),
      request(stripeQuotesOnly.server).post('/api/payment/stripe/payment-intent/retrieve').send(proof),
      request(stripeQuotesOnly.server).post('/api/payment/stripe/capture-payment').send(proof),
      request(stripeQuotesOnly.server).patch('/api/payment/stripe/payment-intent').send({ ...proof, metadata: { orderId: paid.orderId } }),
    ];
    for (const res of await Promise.all(calls)) expect([res.status, res.body]).toMatchObject([400, NOT_AVAILABLE]);
    // where the method is offered (the repository's settings) the same call goes through
    const retrieved = await request(testApp.server).post('/api/payment/stripe/payment-intent/retrieve').send(proof);
    expect([retrieved.status, retrieved.body.paymentIntent?.id]).toEqual([200, paid.intentId]);
  });

  it('refuses every PayPal route while PayPal is off: order, update, capture, verify, and its webhooks (404)', async () => {
    const order = await harness.createOrder({ paymentMethod: 'online-payment' });
    const token = harness.orderTokens.get(order.id)!;
    const created = await request(stripeQuotesOnly.server).post('/api/payment/paypal/order').set('X-Order-Token', token).set('Idempotency-Key', newKey()).send({ additionalData: { orderId: order.id } });
    expect([created.status, created.body]).toMatchObject([400, NOT_AVAILABLE]);
    const attempt = await request(stripeQuotesOnly.server).post('/api/payment/attempts').set('X-Order-Token', token).set('Idempotency-Key', newKey()).send({ orderId: order.id, paymentMethod: 'online-payment' });
    expect([attempt.status, attempt.body]).toMatchObject([400, NOT_AVAILABLE]);
    const update = await request(stripeQuotesOnly.server).patch('/api/payment/paypal/order').set('X-Order-Token', paypalOrder.token).send({ orderId: paypalOrder.paypalId });
    expect([update.status, update.body]).toMatchObject([400, NOT_AVAILABLE]);
    const capture = await request(stripeQuotesOnly.server).post('/api/payment/paypal/capture').set('X-Order-Token', paypalOrder.token).send({ orderId: paypalOrder.paypalId });
    expect([capture.status, capture.body]).toMatchObject([400, NOT_AVAILABLE]);
    const verify = await request(stripeQuotesOnly.server).post('/api/payment/online-payment/verify').set('X-Order-Token', paypalOrder.token).send({ paymentIntentId: paypalOrder.paypalId });
    expect([verify.status, verify.body]).toMatchObject([400, NOT_AVAILABLE]);
    const hook = signedSandboxWebhook({ id: `evt_${newKey()}`, type: 'payment.updated', paymentId: paypalOrder.paypalId });
    const webhook = await request(stripeQuotesOnly.server).post('/api/payment/webhooks/paypal').set(hook.headers as Record<string, string>).send(hook.rawBody.toString());
    expect(webhook.status).toBe(404);
    expect(await harness.attemptRows(order.id, 'id')).toEqual([]);
  });
});

describe('production', () => {
  afterEach(restoreEnv);

  it('without PAYMENTS_SANDBOX=allow: no sandbox pages (404), no method offered without keys, every payment refused', async () => {
    process.env.NODE_ENV = 'production';
    delete process.env.PAYMENTS_SANDBOX;
    const production = await harness.createApp();
    try {
      for (const page of ['/api/payment/sandbox/hosted-fields.js', '/api/payment/sandbox/hosted-fields/frame.js', '/api/payment/sandbox/hosted-fields', '/api/payment/sandbox/paypal/approve/PAYID-1', '/api/payment/sandbox/challenge/pi_sandbox_1?return_url=/payment/verify/stripe']) {
        expect([page, (await request(production.server).get(page)).status]).toEqual([page, 404]);
      }
      expect((await request(production.server).post('/api/payment/sandbox/paypal/approve/PAYID-1').type('form').send({ decision: 'approve' })).status).toBe(404);
      expect((await request(production.server).post('/api/payment/sandbox/challenge/pi_sandbox_1?return_url=/payment/verify/stripe').type('form').send({ decision: 'complete' })).status).toBe(404);

      // nothing here has keys: no method can be paid, so none is offered
      expect((await request(production.server).get('/api/payment-methods')).body).toEqual({ success: true, paymentMethods: [] });

      const order = await harness.createOrder();
      const token = harness.orderTokens.get(order.id)!;
      const attempt = await request(production.server).post('/api/payment/attempts').set('X-Order-Token', token).set('Idempotency-Key', newKey()).send({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card() });
      expect([attempt.status, attempt.body]).toMatchObject([400, NOT_AVAILABLE]);
      const intent = await request(production.server).post('/api/payment/stripe/payment-intent').set('X-Order-Token', token).set('Idempotency-Key', newKey()).send({ paymentMethodId: await card(), metadata: { orderId: order.id } });
      expect([intent.status, intent.body]).toMatchObject([400, NOT_AVAILABLE]);
      const paypal = await request(production.server).post('/api/payment/paypal/order').set('X-Order-Token', token).set('Idempotency-Key', newKey()).send({ additionalData: { orderId: order.id } });
      expect([paypal.status, paypal.body]).toMatchObject([400, NOT_AVAILABLE]);
      const hook = signedSandboxWebhook({ id: `evt_${newKey()}`, type: 'payment_intent.succeeded', paymentId: 'pi_sandbox_1' });
      expect((await request(production.server).post('/api/payment/webhooks/stripe').set(hook.headers as Record<string, string>).send(hook.rawBody.toString())).status).toBe(404);
      expect(await harness.attemptRows(order.id, 'id')).toEqual([]);
    } finally {
      await closeApp(production);
    }
  }, 30_000);

  it('with PAYMENTS_SANDBOX=allow: the sandbox and its pages are there (a demo)', async () => {
    process.env.NODE_ENV = 'production';
    process.env.PAYMENTS_SANDBOX = 'allow';
    const demo = await harness.createApp();
    try {
      expect((await request(demo.server).get('/api/payment/sandbox/hosted-fields.js')).status).toBe(200);
      const methods = (await request(demo.server).get('/api/payment-methods')).body.paymentMethods as { name: string }[];
      expect(methods.map((method) => method.name)).toEqual(['credit-card', 'online-payment', 'split-payment']);
    } finally {
      await closeApp(demo);
    }
  }, 30_000);
});

describe("the sandbox's forms", () => {
  it('refuse a cross-site POST (Sec-Fetch-Site, else Origin), and take one from this site', async () => {
    const order = await harness.createOrder({ paymentMethod: 'online-payment' });
    const created = await request(testApp.server)
      .post('/api/payment/paypal/order')
      .set('X-Order-Token', harness.orderTokens.get(order.id)!)
      .set('Idempotency-Key', newKey())
      .send({ additionalData: { orderId: order.id } });
    const approve = `/api/payment/sandbox/paypal/approve/${created.body.id}`;
    const crossSite = await request(testApp.server).post(approve).set('Sec-Fetch-Site', 'cross-site').type('form').send({ decision: 'approve' });
    expect([crossSite.status, crossSite.body.message]).toEqual([403, CROSS_SITE_FORM]);
    const sameSite = await request(testApp.server).post(approve).set('Sec-Fetch-Site', 'same-site').type('form').send({ decision: 'approve' });
    expect(sameSite.status).toBe(403);
    const otherOrigin = await request(testApp.server).post(approve).set('Origin', 'https://evil.example').type('form').send({ decision: 'approve' });
    expect(otherOrigin.status).toBe(403);
    const challenge = await request(testApp.server)
      .post('/api/payment/sandbox/challenge/pi_sandbox_0000000000000000?return_url=/payment/verify/stripe')
      .set('Sec-Fetch-Site', 'cross-site')
      .type('form')
      .send({ decision: 'complete' });
    expect([challenge.status, challenge.body.message]).toEqual([403, CROSS_SITE_FORM]);

    // still waiting for the shopper after all that; this site's own form approves it
    // an older browser sends only Origin: the public host the gateway forwarded (X-Forwarded-Host)
    const own = await request(testApp.server).post(approve).set('X-Forwarded-Host', 'shop.test').set('Origin', 'https://shop.test').type('form').send({ decision: 'approve' });
    expect([own.status, own.headers.location]).toEqual([303, expect.stringMatching(/^\/payment\/online-payment\/verify\?token=/)]);
  });
});

describe('webhooks', () => {
  it("are outside the shoppers' per-address limit: a provider's burst is answered, not 429", async () => {
    process.env.RATE_LIMIT_WRITES_PER_MINUTE = '3';
    let limited: TestApp | undefined;
    try {
      limited = await harness.createApp();
      const statuses: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await request(limited.server).post('/api/payment/webhooks/stripe').set('Content-Type', 'application/json').set('Sandbox-Signature', `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}`).send(`{"id":"evt_${i}"}`);
        statuses.push(res.status);
      }
      expect(statuses).toEqual(Array(8).fill(400));
      // the shoppers' payment calls keep theirs
      const shopper: number[] = [];
      for (let i = 0; i < 5; i++) shopper.push((await request(limited.server).post('/api/payment/attempts').set('Idempotency-Key', newKey()).send({})).status);
      expect(shopper).toContain(429);
    } finally {
      restoreEnv();
      if (limited) await closeApp(limited);
    }
  }, 30_000);

  it("an event that could not be applied is not marked seen: the provider's retry is applied", async () => {
    const order = await harness.createOrder();
    const res = await request(testApp.server)
      .post('/api/payment/stripe/payment-intent')
      .set('X-Order-Token', harness.orderTokens.get(order.id)!)
      .set('Idempotency-Key', newKey())
      .send({ paymentMethodId: await card(), metadata: { orderId: order.id } });
    const intentId = res.body.paymentIntent.id as string;
    const schema = harness.schema;
    // the provider cannot describe the payment for a while (here: its record is away)
    const [saved] = (await harness.db.query(`SELECT * FROM "${schema}".sandbox_intent WHERE id = $1`, [intentId])) as Record<string, unknown>[];
    await harness.db.query(`DELETE FROM "${schema}".sandbox_intent WHERE id = $1`, [intentId]);
    const eventId = `evt_${newKey()}`;
    const send = () => {
      const hook = signedSandboxWebhook({ id: eventId, type: 'payment_intent.succeeded', paymentId: intentId });
      return request(testApp.server).post('/api/payment/webhooks/stripe').set(hook.headers as Record<string, string>).send(hook.rawBody.toString());
    };
    const failed = await send();
    expect(failed.status).toBeGreaterThanOrEqual(400);
    expect(await harness.db.query(`SELECT event_id FROM "${schema}".payment_webhook_event WHERE event_id = $1`, [eventId])).toEqual([]);

    const columns = Object.keys(saved!);
    await harness.db.query(
      `INSERT INTO "${schema}".sandbox_intent (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      columns.map((column) => {
        const value = saved![column];
        return value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value;
      }),
    );
    const retried = await send();
    expect([retried.status, retried.body]).toEqual([200, { received: true, duplicate: false }]);
    expect((await send()).body).toEqual({ received: true, duplicate: true });
  });
});

describe('housekeeping', () => {
  it('deletes webhook event ids and sandbox intents after 30 days, and keeps payment attempts (money records)', async () => {
    const schema = harness.schema;
    const db = harness.db;
    await db.query(`INSERT INTO "${schema}".payment_webhook_event (gateway, event_id, received_at) VALUES ('stripe', 'evt_old', now() - interval '31 days'), ('stripe', 'evt_recent', now() - interval '29 days')`);
    await db.query(
      `INSERT INTO "${schema}".sandbox_intent (id, kind, client_secret, amount, currency, status, created_at, updated_at) VALUES
       ('pi_sandbox_old', 'card', 's1', 100, 'usd', 'succeeded', now() - interval '40 days', now() - interval '31 days'),
       ('pi_sandbox_recent', 'card', 's2', 100, 'usd', 'succeeded', now() - interval '40 days', now() - interval '1 day')`,
    );
    await db.query(
      `INSERT INTO "${schema}".payment_attempt (order_id, method, gateway, amount_cents, status, idempotency_key, created_at, updated_at)
       VALUES ('order-of-long-ago', 'credit-card', 'stripe', 995, 'completed', 'key-of-long-ago', now() - interval '3 years', now() - interval '3 years')`,
    );
    const removed = await testApp.app.get(Housekeeping).runAll();
    expect(removed).toMatchObject({ 'payment-webhook-events': expect.any(Number), 'sandbox-intents': expect.any(Number) });
    expect(removed['payment-webhook-events']).toBeGreaterThanOrEqual(1);
    expect(removed['sandbox-intents']).toBeGreaterThanOrEqual(1);
    const events = (await db.query(`SELECT event_id FROM "${schema}".payment_webhook_event WHERE event_id IN ('evt_old', 'evt_recent')`)) as { event_id: string }[];
    expect(events.map((row) => row.event_id)).toEqual(['evt_recent']);
    const intents = (await db.query(`SELECT id FROM "${schema}".sandbox_intent WHERE id IN ('pi_sandbox_old', 'pi_sandbox_recent')`)) as { id: string }[];
    expect(intents.map((row) => row.id)).toEqual(['pi_sandbox_recent']);
    expect(await db.query(`SELECT status FROM "${schema}".payment_attempt WHERE idempotency_key = 'key-of-long-ago'`)).toEqual([{ status: 'completed' }]);
  });
});
