import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { STRIPE_TEST_CARDS, startStripeStandIn, type StripeStandIn } from '@storefront/provider-stand-ins';
import { upstreamBreakers } from '@storefront/service-kit';
import { PROVIDER_UNAVAILABLE } from '../payment-attempts/attempt-ledger.js';
import { PaymentsTestHarness } from '../testing/payment-test-fixtures.js';

/**
 * The provider breaker end to end: the payments service on the real Stripe SDK, the Stripe stand-in, the real
 * orders service and PostgreSQL. With Stripe down, CIRCUIT_MIN_CALLS payments fail the way a
 * connection error always has (unknown, for reconciliation); then Stripe's breaker is open and a
 * payment is answered 503 at once, without a request reaching Stripe and without an attempt written;
 * once Stripe is back and CIRCUIT_RESET_MS has passed, the same request pays.
 */
const SECRET_KEY = 'sk_test_standin_breaker';
const PUBLISHABLE_KEY = 'pk_test_standin_breaker';
/** the stand-in's port, the same across its restart (an outage, not a move) */
const STAND_IN_PORT = 4900 + (process.pid % 100);
const MIN_CALLS = 3;
const RESET_MS = 1500;
/** the SDK's and the flow's bound on a Stripe call: a refused payment must answer far inside it */
const GATEWAY_TIMEOUT_MS = 10_000;

const ENV = {
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
  STRIPE_API_BASE_URL: `http://127.0.0.1:${STAND_IN_PORT}`,
  PUBLIC_SITE_URL: 'https://shop.example.com',
  PAYMENTS_GATEWAY_TIMEOUT_MS: String(GATEWAY_TIMEOUT_MS),
  CIRCUIT_MIN_CALLS: String(MIN_CALLS),
  CIRCUIT_ERROR_PERCENT: '50',
  CIRCUIT_WINDOW_MS: '60000',
  CIRCUIT_RESET_MS: String(RESET_MS),
  RATE_LIMIT_WRITES_PER_MINUTE: '100000',
};

const harness = new PaymentsTestHarness(`breaker_${process.pid}_${Date.now().toString(36)}`);
const saved: Record<string, string | undefined> = {};
let standIn: StripeStandIn | undefined;

const startStandIn = () => startStripeStandIn({ port: STAND_IN_PORT, secretKey: SECRET_KEY, publishableKey: PUBLISHABLE_KEY });

beforeAll(async () => {
  for (const [key, value] of Object.entries(ENV)) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  standIn = await startStandIn();
  await harness.start();
}, 60_000);

afterAll(async () => {
  await standIn?.close();
  await harness.stop();
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
}, 30_000);

/** A PaymentMethod as Stripe.js makes it in the shopper's browser. */
async function cardToken(): Promise<string> {
  const res = await fetch(`${standIn!.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'card', 'card[number]': STRIPE_TEST_CARDS.succeeds, 'card[exp_month]': '12', 'card[exp_year]': String(new Date().getFullYear() + 2), 'card[cvc]': '123' }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { id: string }).id;
}

const pay = (orderId: string, paymentToken: string, key = randomUUID()) => harness.startAttempt(orderId, { paymentMethod: 'credit-card', paymentToken }, { key });

/** What /metrics shows as storefront_upstream_circuit_state{upstream="stripe"} (the app's own breaker, read where the gauge reads it). */
function stripeCircuitState(): string | undefined {
  return [...upstreamBreakers()].find((breaker) => breaker.upstream === 'stripe')?.state;
}

describe("Stripe's circuit breaker in the payment flow", () => {
  it('fails fast while Stripe is down, without reaching it or writing an attempt, and pays again once Stripe is back', async () => {
    const token = await cardToken();
    expect(stripeCircuitState()).toBe('closed');

    // Stripe goes down: each payment fails as a connection error always has (unknown, reconciled later)
    await standIn!.close();
    standIn = undefined;
    for (let i = 0; i < MIN_CALLS; i++) {
      const order = await harness.createOrder();
      const res = await pay(order.id, token);
      expect(res.status).toBe(201);
      expect(res.body.attempt).toMatchObject({ status: 'unknown', message: PAYMENT_MESSAGES.unconfirmed });
    }
    expect(stripeCircuitState()).toBe('open');

    // Stripe answers again, but the breaker refuses until its reset: nothing is sent, nothing written
    standIn = await startStandIn();
    const order = await harness.createOrder();
    const key = randomUUID();
    const started = Date.now();
    const refused = await pay(order.id, token, key);
    const took = Date.now() - started;
    expect(refused.status).toBe(503);
    expect(refused.body).toMatchObject({ success: false, statusCode: 503, message: PROVIDER_UNAVAILABLE });
    expect(took).toBeLessThan(GATEWAY_TIMEOUT_MS / 10);
    expect(standIn.requests).toEqual([]);
    expect(await harness.attemptRows(order.id, 'status')).toEqual([]);
    expect(await harness.viewOrder(order.id)).toMatchObject({ paymentStatus: 'pending' });

    // after CIRCUIT_RESET_MS one trial goes through: the same request (same Idempotency-Key) pays
    await new Promise((resolve) => setTimeout(resolve, RESET_MS + 200));
    const paid = await pay(order.id, await cardToken(), key);
    expect(paid.status).toBe(201);
    expect(paid.body.attempt).toMatchObject({ status: 'completed' });
    expect(stripeCircuitState()).toBe('closed');
    expect(await harness.attemptRows(order.id, 'status')).toEqual([{ status: 'completed' }]);
    expect(await harness.viewOrder(order.id)).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
  }, 60_000);
});
