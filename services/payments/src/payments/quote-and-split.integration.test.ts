import { randomBytes } from 'node:crypto';
import type { TestApp } from '@storefront/service-kit';
import { SANDBOX_TEST_CARDS } from '@storefront/contracts';
import request from 'supertest';
import { sandboxTokenForCard } from '../gateways/sandbox/hosted-fields/sandbox-token.js';
import { BILLING, PaymentsTestHarness, createAdminApiKey } from '../testing/payment-test-fixtures.js';

// A quote paid by its link and an order's balance paid in instalments, through the payments
// service and the real orders service (its own process): the amount charged is always the
// server's (the order's due, or an instalment the orders service checked), never the browser's.

const harness = new PaymentsTestHarness(`payments_quotes_${process.pid}_${Date.now().toString(36)}`);
let testApp: TestApp;
let adminApiKey: string;
let keySeq = 0;
const newKey = () => `quote-key-${Date.now().toString(36)}-${++keySeq}`;
const card = async () => sandboxTokenForCard(SANDBOX_TEST_CARDS.succeeds, new Uint8Array(randomBytes(16))).token;

beforeAll(async () => {
  ({ testApp } = await harness.start());
  adminApiKey = await createAdminApiKey(`payments-tests-${process.pid}-${Date.now().toString(36)}`);
}, 60_000);

afterAll(async () => {
  await harness.stop();
}, 30_000);

/** A $3,000.00 quote with split payment ($500.00 minimum), made through the back office over HTTP; its link's token. */
async function quoteLink(): Promise<{ quoteId: string; token: string }> {
  const res = await request(harness.orders.url)
    .post('/api/admin/quotes')
    .set('Authorization', `Bearer ${adminApiKey}`)
    .send({
      firstName: 'Ann',
      lastName: 'Lee',
      email: BILLING.email,
      phone: BILLING.phoneNumber,
      addresses: [{ type: 'billing', street1: BILLING.street1, city: BILLING.city, state: BILLING.state, zipCode: BILLING.zipCode, countryId: 'US' }],
      shippingMethod: 'freight',
      items: [{ name: 'Base cabinet', sku: 'B24', qty: 2, price: 1400 }],
      shippingAmount: 200,
      splitPaymentEnabled: true,
      minimumSplitAmount: 500,
    });
  // the body says why, should staff's quote be refused
  expect([res.status, res.body]).toMatchObject([201, { token: expect.any(String) }]);
  return { quoteId: res.body.quoteId, token: res.body.token };
}

async function paymentOrder(quoteId: string, token: string): Promise<{ id: string; orderIncrementId: string; total: number }> {
  const res = await request(harness.orders.url).post('/api/quote/payment-order').send({ quoteId, token });
  expect(res.status).toBe(200);
  return res.body.data;
}

const attempt = (body: Record<string, unknown>, { key = newKey(), token }: { key?: string; token?: string } = {}) => {
  const req = request(testApp.server).post('/api/payment/attempts').set('Idempotency-Key', key);
  if (token) req.set('X-Order-Token', token);
  return req.send(body);
};

const quoteStatus = async (quoteId: string, token: string) => (await request(harness.orders.url).get('/api/quote').query({ quoteId, token })).body.data.status;

describe('paying a quote by its link', () => {
  it("charges the quote's total once with the link's token, and the verified payment orders the quote", async () => {
    const { quoteId, token } = await quoteLink();
    const order = await paymentOrder(quoteId, token);
    expect(order.total).toBe(300_000);
    const paymentToken = await card();
    // a double click: the same key twice, at once
    const key = newKey();
    const [first, second] = await Promise.all([
      attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken }, { key, token }),
      attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken }, { key, token }),
    ]);
    expect(first.body.attempt).toMatchObject({ status: 'completed' });
    expect(second.body.attempt.id).toBe(first.body.attempt.id);
    const rows = await harness.attemptRows<{ amount_cents: string }>(order.id, 'amount_cents');
    expect(rows.map((row) => Number(row.amount_cents))).toEqual([300_000]);

    const transactionId = first.body.attempt.transactionId as string;
    expect(transactionId).toBeTruthy();
    const converted = await request(harness.orders.url).post('/api/quote/convertToOrder').send({ quoteId, token, payment: { transactionId } });
    expect(converted.status).toBe(200);
    expect(converted.body.order).toMatchObject({ id: order.id, status: 'ordered' });
    expect(await quoteStatus(quoteId, token)).toBe('ordered');

    // the link again: nothing more to pay
    const again = await request(harness.orders.url).post('/api/quote/payment-order').send({ quoteId, token });
    expect(again.status).toBe(409);
  });
});

describe('split payment', () => {
  it('charges the instalment the orders service accepted, then the rest with the e-mail as proof', async () => {
    const { quoteId, token } = await quoteLink();
    const order = await paymentOrder(quoteId, token);

    const tooSmall = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card(), splitAmount: 499.99 }, { token });
    expect(tooSmall.status).toBe(400);
    expect(tooSmall.body).toMatchObject({ message: 'Minimum payment amount is $500.00', errorType: 'invalidSplitAmount' });

    const deposit = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card(), splitAmount: 1000 }, { token });
    expect(deposit.body.attempt).toMatchObject({ status: 'completed' });
    expect(await quoteStatus(quoteId, token)).toBe('ordered');

    // the split-payment page: no token, the order's e-mail
    const wrongEmail = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card(), orderEmail: 'someone@example.com' });
    expect(wrongEmail.status).toBe(404);
    const noProof = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card() });
    expect(noProof.status).toBe(404);
    const rest = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card(), orderEmail: BILLING.email.toUpperCase() });
    expect(rest.body.attempt).toMatchObject({ status: 'completed' });

    const rows = await harness.attemptRows<{ amount_cents: string; instalment_cents: string | null }>(order.id, 'amount_cents, instalment_cents');
    expect(rows.map((row) => [Number(row.amount_cents), row.instalment_cents === null ? null : Number(row.instalment_cents)])).toEqual([
      [100_000, 100_000],
      [200_000, null],
    ]);
    // the split-payment lookup of a paid order says so, and shows nothing of it; the order's own view has the payments
    const lookup = await request(harness.orders.url).get(`/api/order/${order.orderIncrementId}`).query({ email: BILLING.email });
    expect(lookup.status).toBe(409);
    expect(lookup.body).toMatchObject({ message: 'This order has already been fully paid.', errorType: 'orderAlreadyPaid' });
    const view = await request(harness.orders.url).get(`/api/order/view/${order.id}`).set('X-Order-Token', token);
    expect(view.body.data).toMatchObject({ status: 'ordered' });
    expect(view.body.data.payments.map((payment: { amountPaid: number }) => payment.amountPaid)).toEqual([100_000, 200_000]);

    // paid: the e-mail proves only a balance to pay, so it no longer opens the order at all (the order token still would)
    const paid = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card(), orderEmail: BILLING.email });
    expect(paid.status).toBe(404);
    const paidWithToken = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card() }, { token });
    expect(paidWithToken.status).toBe(409);
  });
});

describe("PayPal's Cancel goes back the way the payment came (the cancel URL follows the kind of payment)", () => {
  const PAYPAL_ERROR = 'An error occurred during the PayPal transaction. Please try again.';

  /** Starts a PayPal attempt and presses Cancel on the sandbox's PayPal page: where the shopper is sent. */
  async function cancelOnPayPal(body: Record<string, unknown>, token?: string): Promise<{ paymentId: string; location: string }> {
    const started = await attempt({ paymentMethod: 'online-payment', ...body }, token ? { token } : {});
    expect(started.body.attempt).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect' } });
    const canceled = await request(testApp.server).post(started.body.attempt.nextAction.url).type('form').send({ decision: 'cancel' });
    expect(canceled.status).toBe(303);
    return { paymentId: started.body.attempt.nextAction.paymentId, location: canceled.headers.location as string };
  }

  it("a quote's payment returns through the payment return page, which learns PayPal's words with the link's token", async () => {
    const { quoteId, token } = await quoteLink();
    const order = await paymentOrder(quoteId, token);
    const { paymentId, location } = await cancelOnPayPal({ orderId: order.id }, token);
    // never the checkout, and no proof in the address: the tab that paid holds the quote link
    expect(location).toBe(`/payment/online-payment/verify?token=${paymentId}`);
    const verified = await request(testApp.server).post('/api/payment/online-payment/verify').set('X-Order-Token', token).send({ paymentIntentId: paymentId });
    expect(verified.body).toMatchObject({ success: false, status: 'failed', error: PAYPAL_ERROR, metadata: { orderIncrementId: order.orderIncrementId } });
    // nothing was taken: the quote can be paid again
    expect(await quoteStatus(quoteId, token)).not.toBe('ordered');
    const again = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card() }, { token });
    expect(again.body.attempt).toMatchObject({ status: 'completed' });
  });

  it('a split instalment returns through the payment return page too (a sample order goes to the checkout: payments-flow)', async () => {
    const { quoteId, token } = await quoteLink();
    const order = await paymentOrder(quoteId, token);
    const deposit = await attempt({ orderId: order.id, paymentMethod: 'credit-card', paymentToken: await card(), splitAmount: 1000 }, { token });
    expect(deposit.body.attempt).toMatchObject({ status: 'completed' });
    const { paymentId, location } = await cancelOnPayPal({ orderId: order.id, orderEmail: BILLING.email, splitAmount: 500 });
    expect(location).toBe(`/payment/online-payment/verify?token=${paymentId}`);
    const verified = await request(testApp.server).post('/api/payment/online-payment/verify').send({ paymentIntentId: paymentId, orderEmail: BILLING.email });
    expect(verified.body).toMatchObject({ success: false, error: PAYPAL_ERROR });
    // the balance is unchanged: $3,000.00 - $1,000.00
    const lookup = await request(harness.orders.url).get(`/api/order/${order.orderIncrementId}`).query({ email: BILLING.email });
    expect(lookup.body.data).toMatchObject({ amountDue: 200_000 });
  });
});
