import { createHmac } from 'node:crypto';
import { STRIPE_TEST_CARDS, signedStripeWebhook, startStripeStandIn, stripeEvent, type StripeStandIn } from './index.js';

/** The stand-in refuses what Stripe refuses and answers Stripe's shapes (raw HTTP here; the SDK's view is the adapter suite's). */
const SK = 'sk_test_standin_unit';
const PK = 'pk_test_standin_unit';
let standIn: StripeStandIn;

beforeAll(async () => {
  standIn = await startStripeStandIn({ secretKey: SK, publishableKey: PK });
});
afterAll(() => standIn.close());

async function post(path: string, params: Record<string, string>, { key = SK, idempotencyKey }: { key?: string; idempotencyKey?: string } = {}) {
  const res = await fetch(`${standIn.url}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded', ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    body: new URLSearchParams(params),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> }; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const card = async (number: string) =>
  (await post('/v1/payment_methods', { type: 'card', 'card[number]': number, 'card[exp_month]': '12', 'card[exp_year]': '2099', 'card[cvc]': '123' }, { key: PK })).body.id as string;

async function confirmed(number: string) {
  const intent = (await post('/v1/payment_intents', { amount: '2171', currency: 'usd', 'payment_method_types[0]': 'card' })).body;
  return post(`/v1/payment_intents/${intent.id}/confirm`, { payment_method: await card(number), return_url: 'https://shop.example.com/payment/verify/stripe' });
}

describe('the Stripe stand-in', () => {
  it('wants the account key as a Bearer token, and the secret key for PaymentIntents', async () => {
    const create = { amount: '2171', currency: 'usd' };
    expect((await post('/v1/payment_intents', create, { key: 'sk_test_someone_else' })).body.error.message).toMatch(/^Invalid API Key provided: sk_test_/);
    expect((await post('/v1/payment_intents', create, { key: PK })).status).toBe(401);
    const none = await fetch(`${standIn.url}/v1/payment_intents`, { method: 'POST', body: 'amount=2171&currency=usd' });
    expect(none.status).toBe(401);
  });

  it('takes integer cents (at least 50) in usd only', async () => {
    expect((await post('/v1/payment_intents', { amount: '21.71', currency: 'usd' })).body.error).toMatchObject({ code: 'parameter_invalid_integer', param: 'amount' });
    expect((await post('/v1/payment_intents', { amount: '10', currency: 'usd' })).body.error).toMatchObject({ code: 'amount_too_small' });
    expect((await post('/v1/payment_intents', { amount: '2171', currency: 'eur' })).body.error).toMatchObject({ param: 'currency' });
    const created = await post('/v1/payment_intents', { amount: '2171', currency: 'usd', 'metadata[orderId]': 'o-1' });
    expect(created.body).toMatchObject({ object: 'payment_intent', amount: 2171, currency: 'usd', status: 'requires_payment_method', metadata: { orderId: 'o-1' } });
    expect(created.body.client_secret).toMatch(new RegExp(`^${created.body.id}_secret_`));
  });

  it('replays the first answer for a key used again with the same request, and refuses it with another', async () => {
    const key = `key-${Date.now()}`;
    const first = await post('/v1/payment_intents', { amount: '2171', currency: 'usd' }, { idempotencyKey: key });
    const again = await post('/v1/payment_intents', { amount: '2171', currency: 'usd' }, { idempotencyKey: key });
    expect(again.body.id).toBe(first.body.id);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    const other = await post('/v1/payment_intents', { amount: '9999', currency: 'usd' }, { idempotencyKey: key });
    expect([other.status, other.body.error.type]).toEqual([400, 'idempotency_error']);
  });

  it('refunds with an Idempotency-Key once: the same key and parameters answer the first refund, other parameters are the idempotency error', async () => {
    const paid = (await confirmed(STRIPE_TEST_CARDS.succeeds)).body;
    const key = `refund-${Date.now()}`;
    const first = await post('/v1/refunds', { payment_intent: paid.id, amount: '1000' }, { idempotencyKey: key });
    expect(first.body).toMatchObject({ object: 'refund', amount: 1000, payment_intent: paid.id, status: 'succeeded' });
    const again = await post('/v1/refunds', { payment_intent: paid.id, amount: '1000' }, { idempotencyKey: key });
    expect([again.body.id, again.headers.get('idempotent-replayed')]).toEqual([first.body.id, 'true']);
    const other = await post('/v1/refunds', { payment_intent: paid.id, amount: '1171' }, { idempotencyKey: key });
    expect([other.status, other.body.error.type]).toEqual([400, 'idempotency_error']);
    expect(other.body.error.message).toContain(key);
    expect(standIn.refunds(paid.id)).toEqual([expect.objectContaining({ id: first.body.id, amount: 1000 })]);
    expect(standIn.intent(paid.id)).toMatchObject({ status: 'succeeded' });
    // GET /v1/refunds lists what was made, newest first
    const listed = await fetch(`${standIn.url}/v1/refunds?payment_intent=${paid.id}`, { headers: { authorization: `Bearer ${SK}` } });
    expect(((await listed.json()) as { data: { id: string }[] }).data.map((refund) => refund.id)).toEqual([first.body.id]);
  });

  it('refunds no more than is left of the charge, any whole number of cents, only of a succeeded intent', async () => {
    const paid = (await confirmed(STRIPE_TEST_CARDS.succeeds)).body;
    expect((await post('/v1/refunds', { payment_intent: paid.id, amount: '2172' })).body.error).toMatchObject({ type: 'invalid_request_error', param: 'amount' });
    expect((await post('/v1/refunds', { payment_intent: paid.id, amount: '1' })).body).toMatchObject({ amount: 1, status: 'succeeded' });
    expect((await post('/v1/refunds', { payment_intent: paid.id, amount: '21.70' })).body.error).toMatchObject({ code: 'parameter_invalid_integer' });
    expect((await post('/v1/refunds', { payment_intent: paid.id })).body).toMatchObject({ amount: 2170 });
    expect((await post('/v1/refunds', { payment_intent: paid.id, amount: '1' })).body.error).toMatchObject({ code: 'charge_already_refunded' });
    const processing = (await confirmed(STRIPE_TEST_CARDS.pending)).body;
    expect((await post('/v1/refunds', { payment_intent: processing.id, amount: '100' })).body.error).toMatchObject({ code: 'charge_not_refundable' });
    expect((await post('/v1/refunds', { payment_intent: paid.id, amount: '100' }, { key: PK })).status).toBe(401);
  });

  it("decides outcomes by Stripe's test cards", async () => {
    expect((await confirmed(STRIPE_TEST_CARDS.succeeds)).body).toMatchObject({ status: 'succeeded', amount_received: 2171 });
    const declined = await confirmed(STRIPE_TEST_CARDS.declined);
    expect([declined.status, declined.body.error]).toEqual([
      402,
      expect.objectContaining({ type: 'card_error', code: 'card_declined', message: 'Your card was declined.', payment_intent: expect.objectContaining({ status: 'requires_payment_method' }) }),
    ]);
    expect((await confirmed(STRIPE_TEST_CARDS.pending)).body).toMatchObject({ status: 'processing' });
    const failed = await confirmed(STRIPE_TEST_CARDS.serverError);
    expect([failed.status, failed.body.error.type]).toEqual([500, 'api_error']);
    // the charge went through all the same: only asking again tells
    const [, intentId] = /\/(pi_\w+)\/confirm$/.exec(standIn.requests.at(-1)!.path) ?? [];
    expect(standIn.intent(intentId!)).toMatchObject({ status: 'succeeded' });
  });

  it('3-D Secure: a page the shopper completes, then back to the return_url with the intent and its client secret', async () => {
    const waiting = await confirmed(STRIPE_TEST_CARDS.requiresAuthentication);
    expect(waiting.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect_to_url', redirect_to_url: { return_url: 'https://shop.example.com/payment/verify/stripe' } } });
    const page = waiting.body.next_action.redirect_to_url.url as string;
    expect(await (await fetch(page)).text()).toContain('Fail authentication');
    const back = await fetch(page, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'action=complete' });
    const location = new URL(back.headers.get('location')!);
    expect(Object.fromEntries(location.searchParams)).toEqual({ payment_intent: waiting.body.id, payment_intent_client_secret: waiting.body.client_secret, redirect_status: 'succeeded' });
    expect(standIn.intent(waiting.body.id)).toMatchObject({ status: 'succeeded' });
  });

  it("refuses a card Stripe would refuse when the browser makes the PaymentMethod", async () => {
    const bad = await post('/v1/payment_methods', { type: 'card', 'card[number]': '4242424242424241', 'card[exp_month]': '12', 'card[exp_year]': '2099' }, { key: PK });
    expect([bad.status, bad.body.error]).toEqual([402, expect.objectContaining({ type: 'card_error', code: 'incorrect_number' })]);
    const made = await post('/v1/payment_methods', { type: 'card', 'card[number]': STRIPE_TEST_CARDS.succeeds, 'card[exp_month]': '12', 'card[exp_year]': '2099' }, { key: PK });
    expect(made.body).toMatchObject({ object: 'payment_method', type: 'card', card: { brand: 'visa', last4: '4242', exp_year: 2099 } });
    expect(JSON.stringify(made.body)).not.toContain(STRIPE_TEST_CARDS.succeeds);
  });

  it("signs webhooks as Stripe does: t={seconds},v1=HMAC-SHA256 of '{t}.{payload}'", () => {
    const { payload, headers } = signedStripeWebhook(stripeEvent('payment_intent.succeeded', { id: 'pi_1', object: 'payment_intent' }, 'evt_1'), 'whsec_test');
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(headers['stripe-signature']!)!;
    expect(v1).toBe(createHmac('sha256', 'whsec_test').update(`${t}.${payload}`).digest('hex'));
    expect(JSON.parse(payload)).toMatchObject({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } } });
  });

  it('serves the Stripe.js stand-in and its card field frame', async () => {
    const script = await fetch(`${standIn.url}/v3/stripe.js`);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const text = await script.text();
    expect(text).toContain("Stripe.version = 'endive'");
    expect(text).toContain(JSON.stringify(standIn.url));
    expect(await (await fetch(`${standIn.url}/__stand-in/stripe/elements-frame?type=cardNumber`)).text()).toContain('/v1/payment_methods');
  });
});
