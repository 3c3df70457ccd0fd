import type { TestApp } from '@storefront/service-kit';
import { PAYMENT_MESSAGES, type Order } from '@storefront/contracts';
import { startPayPalStandIn, type PayPalStandIn, type PayerChoice } from '@storefront/provider-stand-ins';
import request from 'supertest';
import { PaymentsTestHarness } from '../../testing/payment-test-fixtures.js';
import { PaymentFlow } from '../../payments/payment-flow.service.js';

/**
 * The payments service with PayPal's keys set: the one flow (attempt row first, the order's amount
 * due, reports to the real orders service) on the PayPal adapter and its SDK, against the stand-in.
 */
const harness = new PaymentsTestHarness(`paypal_flow_${process.pid}_${Date.now().toString(36)}`);
const { orderTokens } = harness;
const SITE = 'https://shop.example.com';
const PAYPAL_ENV = ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_WEBHOOK_ID', 'PAYPAL_API_BASE_URL', 'PUBLIC_SITE_URL'] as const;
let testApp: TestApp;
let standIn: PayPalStandIn;
let keySeq = 0;
const newKey = () => `paypal-key-${Date.now().toString(36)}-${++keySeq}`;

const createOrder = (): Promise<Order> => harness.createOrder({ paymentMethod: 'online-payment' });
const viewOrder = (id: string): Promise<Order> => harness.viewOrder(id, { expectOk: true });

const startAttempt = (order: Order, key = newKey()) => harness.startAttempt(order.id, { paymentMethod: 'online-payment' }, { key });

const verify = (order: Order, paypalOrderId: string) =>
  request(testApp.server).post('/api/payment/online-payment/verify').set('X-Order-Token', orderTokens.get(order.id)!).send({ paymentIntentId: paypalOrderId });

/** The shopper on PayPal's approval page; answers where PayPal sends them back. */
async function shopper(url: string, choice: PayerChoice): Promise<URL> {
  const answer = await fetch(url, { method: 'POST', body: new URLSearchParams({ answer: choice }), redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

const attemptRow = (attemptId: string) =>
  harness.attemptRow<{ status: string; transaction_id: string | null; amount_cents: string }>(attemptId, 'status, transaction_id, amount_cents');

beforeAll(async () => {
  standIn = await startPayPalStandIn();
  Object.assign(process.env, {
    PAYPAL_CLIENT_ID: standIn.clientId,
    PAYPAL_CLIENT_SECRET: standIn.clientSecret,
    PAYPAL_WEBHOOK_ID: standIn.webhookId,
    PAYPAL_API_BASE_URL: standIn.url,
    PUBLIC_SITE_URL: SITE,
  });
  ({ testApp } = await harness.start());
}, 60_000);

afterAll(async () => {
  for (const name of PAYPAL_ENV) delete process.env[name];
  await harness.stop();
  await standIn?.close();
}, 30_000);

describe('PayPal on its provider, through the payment flow', () => {
  it('hands the browser the PayPal method with the client id and the JS SDK URL, never the secret', async () => {
    const res = await request(testApp.server).get('/api/payment-methods');
    const paypal = (res.body.paymentMethods as { gateway: string; sandbox?: boolean; config?: Record<string, string> }[]).find((method) => method.gateway === 'paypal');
    expect(paypal).toMatchObject({ config: { clientId: standIn.clientId, scriptUrl: 'https://www.paypal.com/sdk/js' } });
    expect(paypal?.sandbox).not.toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(standIn.clientSecret);
  });

  it('creates a PayPal order for the amount due, the shopper approves, verify captures it and the order is paid', async () => {
    const order = await createOrder();
    const started = await startAttempt(order);
    expect(started.status).toBe(201);
    const { attempt } = started.body;
    expect(attempt).toMatchObject({ status: 'requires_action', nextAction: { type: 'redirect', url: expect.stringContaining(`${standIn.url}/checkoutnow?token=`), paymentId: expect.any(String) } });
    const paypalOrderId = attempt.nextAction.paymentId as string;
    // the order's total, in dollars, as PayPal was asked for it
    expect(standIn.order(paypalOrderId)?.amount).toEqual({ currency_code: 'USD', value: (order.total / 100).toFixed(2) });
    const back = await shopper(attempt.nextAction.url, 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/payment/online-payment/verify`);
    expect(back.searchParams.get('token')).toBe(paypalOrderId);

    const verified = await verify(order, paypalOrderId);
    expect(verified.body).toMatchObject({ success: true, status: 'completed', transactionId: paypalOrderId, transactionResponse: { amount: order.total }, testPayment: true });
    expect(await attemptRow(attempt.id)).toMatchObject({ status: 'completed', transaction_id: paypalOrderId });
    const paid = await viewOrder(order.id);
    expect(paid).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(paid.payments[0]).toMatchObject({ status: 'completed', amountPaid: order.total, method: 'online-payment', additionalData: expect.objectContaining({ rawStatus: 'COMPLETED', testPayment: true }) });
    // a second verify (a reload of the return page) captures nothing more
    expect((await verify(order, paypalOrderId)).body).toMatchObject({ success: true, status: 'completed' });
    expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${paypalOrderId}/capture`)).toHaveLength(1);
  });

  it('a shopper who cancels stays with an unpaid order; the next attempt abandons the old PayPal order first', async () => {
    const order = await createOrder();
    const first = (await startAttempt(order)).body.attempt;
    const back = await shopper(first.nextAction.url, 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/checkout`);
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    const second = (await startAttempt(order)).body.attempt;
    expect(second).toMatchObject({ status: 'requires_action' });
    expect(second.nextAction.paymentId).not.toBe(first.nextAction.paymentId);
    expect(await attemptRow(first.id)).toMatchObject({ status: 'failed' });
    // the abandoned PayPal order cannot be captured through us, even if approved later
    await shopper(`${standIn.url}/checkoutnow?token=${first.nextAction.paymentId}`, 'approve').catch(() => undefined);
    expect((await verify(order, first.nextAction.paymentId)).body).toMatchObject({ success: false });
    expect(standIn.order(first.nextAction.paymentId)?.capture).toBeUndefined();
  });

  it('a declined funding source fails the payment with the PayPal message', async () => {
    const order = await createOrder();
    const { attempt } = (await startAttempt(order)).body;
    await shopper(attempt.nextAction.url, 'decline');
    expect((await verify(order, attempt.nextAction.paymentId)).body).toMatchObject({ success: false, status: 'failed', error: PAYMENT_MESSAGES.paypalCaptureFailed });
    expect(await attemptRow(attempt.id)).toMatchObject({ status: 'failed' });
  });

  it('a PayPal server error on capture is recorded as unknown, never failed; asked again, it settles paid', async () => {
    const order = await createOrder();
    const { attempt } = (await startAttempt(order)).body;
    await shopper(attempt.nextAction.url, 'approve');
    standIn.failNext({ method: 'POST', path: /\/capture$/ }, 500);
    const verified = await verify(order, attempt.nextAction.paymentId);
    expect(verified.body).toMatchObject({ success: false, error: PAYMENT_MESSAGES.unconfirmed, status: null });
    expect(await attemptRow(attempt.id)).toMatchObject({ status: 'unknown' });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending', paymentStatus: 'pending' });
    // the shopper reloads the return page: the capture (same PayPal-Request-Id) goes through once
    expect((await verify(order, attempt.nextAction.paymentId)).body).toMatchObject({ success: true, status: 'completed' });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
  });

  it('a PayPal server error on create leaves the attempt unknown; reconciliation asks PayPal by our reference', async () => {
    const order = await createOrder();
    standIn.failNext({ method: 'POST', path: /^\/v2\/checkout\/orders$/ }, 503);
    const started = await startAttempt(order);
    expect(started.body.attempt).toMatchObject({ status: 'unknown', nextAction: null, message: PAYMENT_MESSAGES.unconfirmed });
    const from = standIn.requests.length;
    await testApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(standIn.requests.slice(from).some((r) => r.path.startsWith('/v1/reporting/transactions'))).toBe(true);
    // nothing was captured for it, and it is too young to give up: still unknown
    expect(await attemptRow(started.body.attempt.id)).toMatchObject({ status: 'unknown' });
  });

  it('a shopper who approved but never came back is captured by reconciliation, once', async () => {
    const order = await createOrder();
    const { attempt } = (await startAttempt(order)).body;
    // approved on PayPal's page; the browser closed before the return page could capture
    await shopper(attempt.nextAction.url, 'approve');
    await testApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(await attemptRow(attempt.id)).toMatchObject({ status: 'completed' });
    expect(await viewOrder(order.id)).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    // the shopper's late return captures nothing more
    expect((await verify(order, attempt.nextAction.paymentId)).body).toMatchObject({ success: true, status: 'completed' });
    expect(standIn.requests.filter((r) => r.method === 'POST' && r.path === `/v2/checkout/orders/${attempt.nextAction.paymentId}/capture`)).toHaveLength(1);
  });

  it('reconciliation leaves a PayPal order the shopper is still looking at alone', async () => {
    const order = await createOrder();
    const { attempt } = (await startAttempt(order)).body;
    await testApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    expect(standIn.order(attempt.nextAction.paymentId)?.capture).toBeUndefined();
    // still approvable: the shopper approves and comes back, and it is paid
    await shopper(attempt.nextAction.url, 'approve');
    expect((await verify(order, attempt.nextAction.paymentId)).body).toMatchObject({ success: true, status: 'completed' });
  });

  it('PATCH /api/payment/paypal/order keeps the PayPal order at the amount due and needs the order token', async () => {
    const order = await createOrder();
    const { attempt } = (await startAttempt(order)).body;
    const patch = (token: string) => request(testApp.server).patch('/api/payment/paypal/order').set('X-Order-Token', token).send({ orderId: attempt.nextAction.paymentId, amount: 1, currency: 'USD' });
    expect((await patch(orderTokens.get(order.id)!)).body).toEqual({ id: attempt.nextAction.paymentId });
    expect(standIn.order(attempt.nextAction.paymentId)?.amount.value).toBe((order.total / 100).toFixed(2));
    expect((await patch('not-the-token')).status).toBe(404);
  });

  it('applies a signed webhook once per event id and refuses a forged one', async () => {
    const order = await createOrder();
    const { attempt } = (await startAttempt(order)).body;
    await shopper(attempt.nextAction.url, 'pending');
    await verify(order, attempt.nextAction.paymentId);
    expect(await attemptRow(attempt.id)).toMatchObject({ status: 'pending' });
    const send = (hook: { headers: Record<string, string>; body: string }) => request(testApp.server).post('/api/payment/webhooks/paypal').set(hook.headers).send(hook.body);
    const eventId = `WH-${Date.now()}`;
    const hook = standIn.webhook({ id: eventId, eventType: 'PAYMENT.CAPTURE.PENDING', orderId: attempt.nextAction.paymentId });
    expect((await send(hook)).body).toEqual({ received: true, duplicate: false });
    expect((await send(hook)).body).toEqual({ received: true, duplicate: true });
    const forged = standIn.webhook({ id: `${eventId}-forged`, eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: attempt.nextAction.paymentId }, { signed: false });
    expect((await send(forged)).status).toBe(400);
  });
});
