import { randomUUID } from 'node:crypto';
import { startPayPalStandIn, type PayPalStandIn, type PayerChoice, type RecordedRequest } from '@storefront/provider-stand-ins';
import { EnvConfigError } from '@storefront/service-kit';
import { PAYMENT_MESSAGES } from '@storefront/contracts';
import { describeGatewayAdapter } from '../../testing/gateway-adapter-suite.js';
import { GatewayDeclined, GatewayLookupError, WebhookSignatureError, type GatewayPayment, type InitiateInput, type PaymentGateway } from '../payment-gateway.js';
import { PAYPAL_PROVIDER } from './paypal-provider.js';
import type { PayPalGateway } from './paypal-gateway.js';

/** PayPal's adapter through the real @paypal/paypal-server-sdk, pointed at the local PayPal stand-in. */
let standIn: PayPalStandIn;
const SITE = 'https://shop.example.com';

beforeAll(async () => {
  standIn = await startPayPalStandIn();
});

afterAll(async () => {
  await standIn.close();
});

const envFor = (overrides: Record<string, string> = {}) => ({
  PAYPAL_CLIENT_ID: standIn.clientId,
  PAYPAL_CLIENT_SECRET: standIn.clientSecret,
  PAYPAL_WEBHOOK_ID: standIn.webhookId,
  PAYPAL_API_BASE_URL: standIn.url,
  PUBLIC_SITE_URL: SITE,
  PAYMENTS_GATEWAY_TIMEOUT_MS: '5000',
  ...overrides,
});

const gateway = (overrides: Record<string, string> = {}) => PAYPAL_PROVIDER.create(envFor(overrides)) as PayPalGateway;

/** The shopper on PayPal's approval page (the approve link): pays (with a funding source that works, is declined or is held) or cancels. */
async function shopper(payment: GatewayPayment, choice: PayerChoice): Promise<URL> {
  expect(payment.nextAction).toMatchObject({ type: 'redirect' });
  const url = (payment.nextAction as { url: string }).url;
  expect((await fetch(url)).status).toBe(200);
  const answer = await fetch(url, { method: 'POST', body: new URLSearchParams({ answer: choice }), redirect: 'manual' });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location')!);
}

describeGatewayAdapter('paypal (@paypal/paypal-server-sdk against the stand-in)', {
  kind: 'redirect',
  adapter: () => gateway(),
  shopperAnswers: async (payment, approve) => {
    await shopper(payment, approve ? 'approve' : 'cancel');
  },
  webhook: (paymentId, { eventId, signed }) => {
    const { headers, body } = standIn.webhook({ id: eventId, eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: paymentId }, { signed });
    return { headers, rawBody: Buffer.from(body) };
  },
  refundsAtProvider: (paymentId) => standIn.refunds(paymentId).length,
});

const input = (overrides: Partial<InitiateInput> = {}): InitiateInput => ({
  amount: 2171,
  currency: 'usd',
  returnUrl: '/payment/online-payment/verify',
  receiptEmail: 'ann@example.com',
  metadata: { orderId: '7f1c9b1e-2d4a-4d7e-9a57-0c1d2e3f4a5b', orderIncrementId: 'SF-100001', attemptId: 'ignored' },
  reference: randomUUID(),
  ...overrides,
});

/** The requests the stand-in received since `from`, as PayPal would have received them. */
const since = (from: number, match: (request: RecordedRequest) => boolean = () => true) => standIn.requests.slice(from).filter(match);
const json = (request: RecordedRequest) => JSON.parse(request.body) as Record<string, unknown>;
const isCreate = (request: RecordedRequest) => request.method === 'POST' && request.path === '/v2/checkout/orders';
const isCapture = (request: RecordedRequest) => request.method === 'POST' && /\/capture$/.test(request.path);

describe('PayPal as PayPal sees it', () => {
  let paypal: PaymentGateway;
  beforeAll(() => {
    paypal = gateway();
  });

  it('gets an OAuth token with the client credentials (HTTP Basic), then calls with the bearer token', async () => {
    const fresh = gateway();
    const from = standIn.requests.length;
    await fresh.initiate(input());
    const [token, create] = since(from);
    expect(token).toMatchObject({ method: 'POST', path: '/v1/oauth2/token' });
    expect(token!.headers.authorization).toBe(`Basic ${Buffer.from(`${standIn.clientId}:${standIn.clientSecret}`).toString('base64')}`);
    expect(new URLSearchParams(token!.body).get('grant_type')).toBe('client_credentials');
    expect(create!.headers.authorization).toMatch(/^Bearer A21AA/);
  });

  it('creates a CAPTURE order in USD with the amount in dollars (2 decimals), our reference as PayPal-Request-Id and invoice_id, and absolute return/cancel URLs', async () => {
    const from = standIn.requests.length;
    const reference = randomUUID();
    const payment = await paypal.initiate(input({ reference, amount: 120005 }));
    const [create] = since(from, isCreate);
    expect(create!.headers['paypal-request-id']).toBe(reference);
    const body = json(create!);
    expect(body.intent).toBe('CAPTURE');
    expect(body.purchase_units).toEqual([
      expect.objectContaining({ reference_id: 'default', amount: { currency_code: 'USD', value: '1200.05' }, invoice_id: reference, custom_id: expect.stringContaining('o=7f1c9b1e') }),
    ]);
    expect(body).toMatchObject({
      payment_source: { paypal: { email_address: 'ann@example.com', experience_context: { return_url: `${SITE}/payment/online-payment/verify`, cancel_url: `${SITE}/checkout`, user_action: 'PAY_NOW' } } },
    });
    expect(payment).toMatchObject({ status: 'on_hold', rawStatus: 'PAYER_ACTION_REQUIRED', amount: 120005, nextAction: { type: 'redirect', url: `${standIn.url}/checkoutnow?token=${payment.id}` } });
    expect(payment.metadata).toEqual({ orderId: '7f1c9b1e-2d4a-4d7e-9a57-0c1d2e3f4a5b', orderIncrementId: 'SF-100001' });
  });

  it("takes the cancel URL the payments service chose for the kind of payment (a quote's or split payment's return page), on the site's origin", async () => {
    const from = standIn.requests.length;
    await paypal.initiate(input({ cancelUrl: '/payment/online-payment/verify' }));
    const [create] = since(from, isCreate);
    expect(json(create!)).toMatchObject({
      payment_source: { paypal: { experience_context: { return_url: `${SITE}/payment/online-payment/verify`, cancel_url: `${SITE}/payment/online-payment/verify` } } },
    });
  });

  it('answers the first order when the same reference is created again (PayPal-Request-Id), making one order', async () => {
    const reference = randomUUID();
    const first = await paypal.initiate(input({ reference }));
    const again = await paypal.initiate(input({ reference }));
    expect(again.id).toBe(first.id);
  });

  it('sends the shopper back to return_url with token and PayerID, captures once with its own request id, and answers that capture when asked again', async () => {
    const reference = randomUUID();
    const payment = await paypal.initiate(input({ reference }));
    const back = await shopper(payment, 'approve');
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/payment/online-payment/verify`);
    expect(back.searchParams.get('token')).toBe(payment.id);
    expect(back.searchParams.get('PayerID')).toMatch(/^[A-Z0-9]{13}$/);
    const from = standIn.requests.length;
    expect(await paypal.confirm(payment.id)).toMatchObject({ status: 'completed', rawStatus: 'COMPLETED', amount: 2171, nextAction: null });
    expect(await paypal.capture(payment.id)).toMatchObject({ status: 'completed' });
    expect(await paypal.confirm(payment.id)).toMatchObject({ status: 'completed' });
    const captures = since(from, isCapture);
    expect(captures).toHaveLength(1);
    expect(captures[0]!.headers['paypal-request-id']).toBe(`capture-${payment.id}`);
    expect(standIn.order(payment.id)?.capture?.invoice_id).toBe(reference);
  });

  it('a shopper who cancels at PayPal comes back to the checkout; the order is abandoned and never captured by us', async () => {
    const payment = await paypal.initiate(input());
    const back = await shopper(payment, 'cancel');
    expect(`${back.origin}${back.pathname}`).toBe(`${SITE}/checkout`);
    expect(await paypal.cancel(payment.id)).toMatchObject({ status: 'failed', message: PAYMENT_MESSAGES.paypalTransactionError });
    const from = standIn.requests.length;
    await expect(paypal.capture(payment.id)).rejects.toBeInstanceOf(GatewayDeclined);
    expect(since(from, isCapture)).toHaveLength(0);
  });

  it('an order canceled after approval (a new attempt) cannot be captured any more', async () => {
    const payment = await paypal.initiate(input());
    await shopper(payment, 'approve');
    expect((await paypal.getStatus(payment.id)).status).toBe('pending');
    expect((await paypal.cancel(payment.id)).status).toBe('failed');
    expect(await paypal.confirm(payment.id)).toMatchObject({ status: 'failed' });
    expect(standIn.order(payment.id)?.capture).toBeUndefined();
  });

  it('a declined funding source (422 INSTRUMENT_DECLINED) is a decline with the PayPal message, and the order is not captured later', async () => {
    const payment = await paypal.initiate(input());
    await shopper(payment, 'decline');
    const error = await paypal.confirm(payment.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayDeclined);
    expect(error).toMatchObject({ message: PAYMENT_MESSAGES.paypalCaptureFailed, payment: { status: 'failed', rawStatus: 'INSTRUMENT_DECLINED' } });
    expect((await paypal.getStatus(payment.id)).status).toBe('failed');
    const from = standIn.requests.length;
    await expect(paypal.capture(payment.id)).rejects.toBeInstanceOf(GatewayDeclined);
    expect(since(from, isCapture)).toHaveLength(0);
  });

  it('a capture PayPal holds for review is pending (capture status PENDING)', async () => {
    const payment = await paypal.initiate(input());
    await shopper(payment, 'pending');
    expect(await paypal.confirm(payment.id)).toMatchObject({ status: 'pending', rawStatus: 'PENDING', nextAction: null });
  });

  it('capturing an order the shopper has not approved is refused (nothing to capture)', async () => {
    const payment = await paypal.initiate(input());
    await expect(paypal.capture(payment.id)).rejects.toMatchObject({ message: PAYMENT_MESSAGES.paypalNoOrder });
  });

  it('a PayPal server error (5xx) is no answer, never a decline; the retried capture (same request id) captures once', async () => {
    const payment = await paypal.initiate(input());
    await shopper(payment, 'approve');
    standIn.failNext({ method: 'POST', path: /\/capture$/ }, 503);
    const error = await paypal.confirm(payment.id).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(GatewayDeclined);
    expect(error).not.toBeInstanceOf(GatewayLookupError);
    expect(await paypal.confirm(payment.id)).toMatchObject({ status: 'completed' });
    standIn.failNext({ method: 'POST', path: /^\/v2\/checkout\/orders$/ }, 500);
    await expect(paypal.initiate(input())).rejects.not.toBeInstanceOf(GatewayDeclined);
  });

  it('refunds part of a capture in dollars, with our reference as its PayPal-Request-Id', async () => {
    const payment = await paypal.initiate(input());
    await shopper(payment, 'approve');
    await paypal.confirm(payment.id);
    const from = standIn.requests.length;
    const reference = randomUUID();
    expect(await paypal.refund(payment.id, { amount: 1005, reference })).toMatchObject({ status: 'completed', amount: 1005, message: null });
    const [refund] = since(from, (request) => request.path.endsWith('/refund'));
    expect(json(refund!)).toEqual({ amount: { currency_code: 'USD', value: '10.05' }, custom_id: reference });
    expect(refund!.headers['paypal-request-id']).toBe(reference);
    expect(refund!.headers.prefer).toBe('return=representation');
    expect(await paypal.getStatus(payment.id)).toMatchObject({ status: 'completed', rawStatus: 'PARTIALLY_REFUNDED' });
  });

  it('a refund sent again with its reference is the one refund PayPal made, even once the capture is fully refunded; a 5xx meanwhile is no answer', async () => {
    const payment = await paypal.initiate(input());
    await shopper(payment, 'approve');
    await paypal.confirm(payment.id);
    const reference = randomUUID();
    const made = await paypal.refund(payment.id, { amount: 2171, reference });
    standIn.failNext({ method: 'POST', path: /\/refund$/ }, 503);
    const lost = await paypal.refund(payment.id, { amount: 2171, reference }).catch((e: unknown) => e);
    expect(lost).not.toBeInstanceOf(GatewayDeclined);
    // the capture is fully refunded now, yet the same reference answers its refund rather than CAPTURE_FULLY_REFUNDED
    expect(await paypal.refund(payment.id, { amount: 2171, reference })).toEqual(made);
    expect(standIn.refunds(payment.id)).toHaveLength(1);
    // a new reference is a new refund, which PayPal refuses with its words
    const refused = (await paypal.refund(payment.id, { amount: 100, reference: randomUUID() }).catch((e: unknown) => e)) as GatewayDeclined;
    expect(refused).toBeInstanceOf(GatewayDeclined);
    expect(refused.message).toBe('PayPal refused the refund (CAPTURE_FULLY_REFUNDED): The capture has already been fully refunded.');
  });

  it('refuses to refund a capture PayPal still holds (PENDING_CAPTURE)', async () => {
    const payment = await paypal.initiate(input());
    await shopper(payment, 'pending');
    expect(await paypal.confirm(payment.id)).toMatchObject({ status: 'pending' });
    const refused = (await paypal.refund(payment.id, { amount: 100, reference: randomUUID() }).catch((e: unknown) => e)) as GatewayDeclined;
    expect(refused).toBeInstanceOf(GatewayDeclined);
    expect(refused.message).toMatch(/PENDING_CAPTURE/);
  });

  it('changes the amount of an order still waiting for the payer (PATCH), and refuses once it is captured', async () => {
    const payment = await (paypal as PayPalGateway).initiate(input());
    expect(await (paypal as PayPalGateway).changeAmount(payment.id, 3050)).toMatchObject({ amount: 3050 });
    expect(standIn.order(payment.id)?.amount).toEqual({ currency_code: 'USD', value: '30.50' });
    await shopper(payment, 'approve');
    expect(await paypal.confirm(payment.id)).toMatchObject({ status: 'completed', amount: 3050 });
    await expect((paypal as PayPalGateway).changeAmount(payment.id, 100)).rejects.toMatchObject({ message: PAYMENT_MESSAGES.paypalUpdateFailed });
  });

  it('finds a captured payment by our reference through Transaction Search, and nothing for an order never captured', async () => {
    const uncaptured = randomUUID();
    await paypal.initiate(input({ reference: uncaptured }));
    const from = standIn.requests.length;
    expect(await paypal.findByReference(uncaptured)).toBeNull();
    const [search] = since(from, (request) => request.path.startsWith('/v1/reporting/transactions'));
    expect(search!.method).toBe('GET');
  });

  it('reads webhooks by PayPal\'s verification: a capture event names its order; a bad signature or another webhook id is refused', async () => {
    const payment = await paypal.initiate(input());
    await shopper(payment, 'approve');
    await paypal.confirm(payment.id);
    const signed = standIn.webhook({ id: 'WH-1', eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: payment.id });
    const from = standIn.requests.length;
    expect(await paypal.parseWebhook({ headers: signed.headers, rawBody: Buffer.from(signed.body) })).toEqual({ id: 'WH-1', type: 'PAYMENT.CAPTURE.COMPLETED', paymentId: payment.id });
    const [verify] = since(from);
    expect(verify).toMatchObject({ method: 'POST', path: '/v1/notifications/verify-webhook-signature' });
    expect(verify!.headers.authorization).toMatch(/^Bearer /);
    expect(json(verify!)).toMatchObject({ webhook_id: standIn.webhookId, transmission_id: signed.headers['paypal-transmission-id'], webhook_event: JSON.parse(signed.body) });

    const approved = standIn.webhook({ id: 'WH-2', eventType: 'CHECKOUT.ORDER.APPROVED', orderId: payment.id });
    expect(await paypal.parseWebhook({ headers: approved.headers, rawBody: Buffer.from(approved.body) })).toMatchObject({ paymentId: payment.id });

    const forged = standIn.webhook({ id: 'WH-3', eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: payment.id }, { signed: false });
    await expect(paypal.parseWebhook({ headers: forged.headers, rawBody: Buffer.from(forged.body) })).rejects.toBeInstanceOf(WebhookSignatureError);
    const tampered = { headers: signed.headers, rawBody: Buffer.from(signed.body.replace('COMPLETED', 'DENIED')) };
    await expect(paypal.parseWebhook(tampered)).rejects.toBeInstanceOf(WebhookSignatureError);
    const otherHook = standIn.webhook({ id: 'WH-4', eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: payment.id }, { webhookId: 'WH-SOMEONE-ELSE' });
    await expect(paypal.parseWebhook({ headers: otherHook.headers, rawBody: Buffer.from(otherHook.body) })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway({ PAYPAL_WEBHOOK_ID: '' }).parseWebhook({ headers: signed.headers, rawBody: Buffer.from(signed.body) })).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it("refuses a webhook whose certificate URL is not PayPal's or whose event id is not PayPal's shape, without asking PayPal", async () => {
    const payment = await paypal.initiate(input());
    const signed = standIn.webhook({ id: 'WH-5', eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: payment.id });
    const from = standIn.requests.length;
    for (const certUrl of ['https://evil.example/v1/notifications/certs/CERT-1', 'https://paypal.com.evil.example/cert', 'http://api.paypal.com/cert', 'not a url']) {
      const headers = { ...signed.headers, 'paypal-cert-url': certUrl };
      await expect(paypal.parseWebhook({ headers, rawBody: Buffer.from(signed.body) })).rejects.toThrow("The PayPal certificate URL is not PayPal's");
    }
    const oddId = standIn.webhook({ id: 'evt_1', eventType: 'PAYMENT.CAPTURE.COMPLETED', orderId: payment.id });
    await expect(paypal.parseWebhook({ headers: oddId.headers, rawBody: Buffer.from(oddId.body) })).rejects.toThrow('The PayPal webhook has no event id');
    // none of them cost a verify call (nor an OAuth token)
    expect(since(from)).toEqual([]);
    // the stand-in's own certificate URL (the API base URL's origin) is asked about as usual
    expect(await paypal.parseWebhook({ headers: signed.headers, rawBody: Buffer.from(signed.body) })).toMatchObject({ id: 'WH-5' });
  });

  it('refuses a PAYPAL_ENVIRONMENT other than sandbox or production by name', () => {
    expect(() => gateway({ PAYPAL_ENVIRONMENT: 'live' })).toThrow(EnvConfigError);
    expect(() => gateway({ PAYPAL_ENVIRONMENT: 'live' })).toThrow(/PAYPAL_ENVIRONMENT/);
    expect(gateway({ PAYPAL_ENVIRONMENT: 'production' }).testMode).toBe(false);
    expect(gateway().testMode).toBe(true);
  });
});
