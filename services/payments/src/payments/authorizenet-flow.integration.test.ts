import { mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { PAYMENT_MESSAGES, type Order } from '@storefront/contracts';
import type { TestApp } from '@storefront/service-kit';
import { contentDir } from '@storefront/site-config';
import request from 'supertest';
import {
  AUTHORIZENET_STAND_IN_CARDS,
  AUTHORIZENET_STAND_IN_CREDENTIALS,
  startAuthorizeNetStandIn,
  type AuthorizeNetStandIn,
} from '@storefront/provider-stand-ins';
import { invoiceNumberOf } from '../gateways/authorizenet/authorizenet-gateway.js';
import { BILLING, PaymentsTestHarness, waitFor } from '../testing/payment-test-fixtures.js';
import { PaymentFlow } from './payment-flow.service.js';

/**
 * A checkout paid with Authorize.Net through the payment core: the real orders service, the
 * payments service with the Authorize.Net keys set (so its real adapter, the `authorizenet` SDK,
 * talks to the stand-in), and the card method switched to Authorize.Net in a copy of the content
 * settings. The order becomes paid only through the flow's verified report.
 */
const harness = new PaymentsTestHarness(`payments_anet_${process.pid}_${Date.now().toString(36)}`);
const KEYS = ['AUTHORIZENET_API_LOGIN_ID', 'AUTHORIZENET_TRANSACTION_KEY', 'AUTHORIZENET_CLIENT_KEY', 'AUTHORIZENET_SIGNATURE_KEY', 'AUTHORIZENET_API_BASE_URL', 'AUTHORIZENET_ACCEPT_JS_URL'];
let testApp: TestApp;
let standIn: AuthorizeNetStandIn;
let content: string;

/** this file's shipping address: another name and place than the billing one, to see both reach Authorize.Net */
const shipping = { ...BILLING, type: 'shipping', firstName: 'Bob', lastName: 'Ray', street1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301' };

/** content/ as the repository has it, with the card method on Authorize.Net (the Stripe one off). */
function contentWithAuthorizeNet(): string {
  const source = contentDir();
  const dir = mkdtempSync(join(tmpdir(), 'content-anet-'));
  for (const entry of readdirSync(source)) if (entry !== 'settings') symlinkSync(join(source, entry), join(dir, entry));
  mkdirSync(join(dir, 'settings'));
  for (const entry of readdirSync(join(source, 'settings'))) {
    if (entry !== 'payment-methods.json') symlinkSync(join(source, 'settings', entry), join(dir, 'settings', entry));
  }
  const methods = JSON.parse(readFileSync(join(source, 'settings', 'payment-methods.json'), 'utf8')) as { name: string; gateway: string; enabled: boolean; isDefault: boolean }[];
  for (const method of methods) {
    if (method.name === 'credit-card') Object.assign(method, method.gateway === 'authorizenet' ? { enabled: true, isDefault: true } : { enabled: false, isDefault: false });
  }
  writeFileSync(join(dir, 'settings', 'payment-methods.json'), JSON.stringify(methods, null, 2));
  return dir;
}

const createOrder = (): Promise<Order> => harness.createOrder({ shipping });
const viewOrder = (id: string): Promise<Order> => harness.viewOrder(id);

/** What Accept.js hands the checkout for a card, as the card fields send it: descriptor:dataValue. */
async function acceptJsToken(cardNumber: string): Promise<string> {
  const res = await fetch(`${standIn.url}/xml/v1/request.api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      securePaymentContainerRequest: {
        merchantAuthentication: { name: AUTHORIZENET_STAND_IN_CREDENTIALS.apiLoginId, clientKey: AUTHORIZENET_STAND_IN_CREDENTIALS.clientKey },
        data: { type: 'TOKEN', id: randomUUID(), token: { cardNumber, expirationDate: `12${new Date().getFullYear() + 1}`, cardCode: '999' } },
      },
    }),
  });
  const body = JSON.parse((await res.text()).replace(/^\uFEFF/, '')) as { opaqueData: { dataDescriptor: string; dataValue: string } };
  return `${body.opaqueData.dataDescriptor}:${body.opaqueData.dataValue}`;
}

const startAttempt = async (orderId: string, paymentToken: string, key = `anet-${randomUUID()}`) =>
  harness.startAttempt(orderId, { paymentMethod: 'credit-card', paymentToken }, { key });

beforeAll(async () => {
  standIn = await startAuthorizeNetStandIn();
  Object.assign(process.env, {
    AUTHORIZENET_API_LOGIN_ID: AUTHORIZENET_STAND_IN_CREDENTIALS.apiLoginId,
    AUTHORIZENET_TRANSACTION_KEY: AUTHORIZENET_STAND_IN_CREDENTIALS.transactionKey,
    AUTHORIZENET_CLIENT_KEY: AUTHORIZENET_STAND_IN_CREDENTIALS.clientKey,
    AUTHORIZENET_SIGNATURE_KEY: AUTHORIZENET_STAND_IN_CREDENTIALS.signatureKey,
    AUTHORIZENET_API_BASE_URL: standIn.url,
    AUTHORIZENET_ACCEPT_JS_URL: `${standIn.url}/v1/Accept.js`,
  });
  content = contentWithAuthorizeNet();
  ({ testApp } = await harness.start({ contentDir: content }));
}, 60_000);

afterAll(async () => {
  await harness.stop();
  await standIn?.close();
  for (const key of KEYS) delete process.env[key];
  if (content) rmSync(content, { recursive: true, force: true });
}, 30_000);

describe('a checkout paid with Authorize.Net through the payment core', () => {
  it('hands the browser the client key, login id and Accept.js URL (never the transaction key), not the sandbox', async () => {
    const res = await request(testApp.server).get('/api/payment-methods');
    const card = (res.body.paymentMethods as { name: string; gateway: string; sandbox?: boolean; config?: Record<string, string> }[]).find((method) => method.name === 'credit-card');
    expect(card).toMatchObject({
      gateway: 'authorizenet',
      config: { clientKey: AUTHORIZENET_STAND_IN_CREDENTIALS.clientKey, loginId: AUTHORIZENET_STAND_IN_CREDENTIALS.apiLoginId, acceptJsUrl: `${standIn.url}/v1/Accept.js` },
    });
    expect(card?.sandbox).not.toBe(true);
    expect(JSON.stringify(res.body)).not.toContain(AUTHORIZENET_STAND_IN_CREDENTIALS.transactionKey);
  });

  it('pays the order: the amount due in dollars, the order\'s e-mail, billTo and shipTo, our attempt as invoiceNumber; the order is ordered', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await acceptJsToken(AUTHORIZENET_STAND_IN_CARDS.approved));
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ attempt: { id: expect.any(String), status: 'completed', nextAction: null, message: null, transactionId: expect.any(String) }, orderIncrementId: order.orderIncrementId, testPayment: true });
    const transaction = [...standIn.transactions.values()].find((entry) => entry.invoiceNumber === invoiceNumberOf(res.body.attempt.id))!;
    expect(transaction).toMatchObject({
      amountCents: order.total,
      email: 'ann@example.com',
      billTo: { firstName: 'Ann', lastName: 'Lee', address: '350 5th Ave', city: 'New York', state: 'NY', zip: '10118' },
      shipTo: { firstName: 'Bob', lastName: 'Ray', address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301' },
    });
    await waitFor(async () => (await viewOrder(order.id)).status === 'ordered');
    const after = await viewOrder(order.id);
    expect(after).toMatchObject({ status: 'ordered', paymentStatus: 'completed' });
    expect(after.payments).toEqual([expect.objectContaining({ status: 'completed', amountPaid: order.total, transactionId: transaction.transId })]);
  });

  it("the spec's call (POST /api/payment/authorize-net/process-transaction) charges the order's amount due, once per key, and answers in the spec's words", async () => {
    const order = await createOrder();
    const [dataDescriptor, dataValue] = (await acceptJsToken(AUTHORIZENET_STAND_IN_CARDS.approved)).split(/:(.*)/s) as [string, string];
    const key = `anet-${randomUUID()}`;
    const pay = () =>
      request(testApp.server)
        .post('/api/payment/authorize-net/process-transaction')
        .set('Idempotency-Key', key)
        .set('X-Order-Token', harness.orderTokens.get(order.id)!)
        // an amount and parties of the browser's: read by nobody
        .send({ dataDescriptor, dataValue, amount: 0.01, additionalData: { orderId: order.id, email: 'someone@else.example', billTo: { firstName: 'Eve' } } });
    const res = await pay();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 200, message: expect.any(String), transactionId: expect.any(String), transactionResponse: { responseCode: '1' }, orderIncrementId: order.orderIncrementId });
    const charged = [...standIn.transactions.values()].filter((entry) => entry.transId === res.body.transactionId);
    expect(charged).toEqual([expect.objectContaining({ amountCents: order.total, email: 'ann@example.com', billTo: expect.objectContaining({ firstName: 'Ann' }) })]);
    // a retry of the same key answers the same, and charges nothing more
    const transactions = standIn.transactions.size;
    expect((await pay()).body).toMatchObject({ status: 200, transactionId: res.body.transactionId });
    expect(standIn.transactions.size).toBe(transactions);
    await waitFor(async () => (await viewOrder(order.id)).status === 'ordered');

    // a declined card: status 402 with Authorize.Net's message and code
    const other = await createOrder();
    const [descriptor, value] = (await acceptJsToken(AUTHORIZENET_STAND_IN_CARDS.declined)).split(/:(.*)/s) as [string, string];
    const declined = await request(testApp.server)
      .post('/api/payment/authorize-net/process-transaction')
      .set('Idempotency-Key', `anet-${randomUUID()}`)
      .set('X-Order-Token', harness.orderTokens.get(other.id)!)
      .send({ dataDescriptor: descriptor, dataValue: value, additionalData: { orderId: other.id } });
    expect(declined.body).toMatchObject({ status: 402, message: 'This transaction has been declined.', transactionResponse: { responseCode: '2' } });
    // no order token: no payment
    const refused = await request(testApp.server)
      .post('/api/payment/authorize-net/process-transaction')
      .set('Idempotency-Key', `anet-${randomUUID()}`)
      .send({ dataDescriptor: descriptor, dataValue: value, additionalData: { orderId: other.id } });
    expect(refused.status).toBe(404);
  });

  it('a declined card fails the attempt with Authorize.Net\'s message; the order waits for payment', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await acceptJsToken(AUTHORIZENET_STAND_IN_CARDS.declined));
    expect(res.body.attempt).toMatchObject({ status: 'failed', message: 'This transaction has been declined.' });
    await waitFor(async () => (await viewOrder(order.id)).paymentStatus === 'failed');
    expect(await viewOrder(order.id)).toMatchObject({ status: 'pending_payment' });
  });

  it('a 5xx after the charge is recorded unknown (never failed); reconciliation finds the transaction by reference and the order is paid once', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await acceptJsToken(AUTHORIZENET_STAND_IN_CARDS.serverError));
    expect(res.status).toBe(201);
    expect(res.body.attempt).toMatchObject({ status: 'unknown', message: PAYMENT_MESSAGES.unconfirmed });
    expect((await viewOrder(order.id)).status).toBe('pending');
    await testApp.app.get(PaymentFlow).reconcileDue({ quietMs: 0 });
    await waitFor(async () => (await viewOrder(order.id)).status === 'ordered');
    const charged = [...standIn.transactions.values()].filter((entry) => entry.invoiceNumber === invoiceNumberOf(res.body.attempt.id));
    expect(charged).toHaveLength(1);
    const after = await viewOrder(order.id);
    expect(after.statusHistory.filter((entry) => entry.status === 'ordered')).toHaveLength(1);
  });

  it('takes a signed webhook once, ignores its replay, refuses a bad signature', async () => {
    const order = await createOrder();
    const res = await startAttempt(order.id, await acceptJsToken(AUTHORIZENET_STAND_IN_CARDS.approved));
    const transId = [...standIn.transactions.values()].find((entry) => entry.invoiceNumber === invoiceNumberOf(res.body.attempt.id))!.transId;
    const notificationId = randomUUID();
    const send = (signatureKey?: string) => {
      const { headers, body } = standIn.webhook(transId, { notificationId, ...(signatureKey ? { signatureKey } : {}) });
      return request(testApp.server).post('/api/payment/webhooks/authorizenet').set(headers).send(body);
    };
    const bad = await send('not-the-signature-key');
    expect(bad.status).toBe(400);
    const first = await send();
    expect([first.status, first.body]).toEqual([200, { received: true, duplicate: false }]);
    const replay = await send();
    expect([replay.status, replay.body]).toEqual([200, { received: true, duplicate: true }]);
  });
});
