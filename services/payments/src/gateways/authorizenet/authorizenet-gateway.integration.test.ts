import { randomUUID } from 'node:crypto';
import {
  AUTHORIZENET_STAND_IN_CARDS,
  AUTHORIZENET_STAND_IN_CREDENTIALS,
  startAuthorizeNetStandIn,
  type AuthorizeNetOutcome,
  type AuthorizeNetStandIn,
} from '@storefront/provider-stand-ins';
import { EnvConfigError } from '@storefront/service-kit';
import { describeGatewayAdapter } from '../../testing/gateway-adapter-suite.js';
import { REAL_ADAPTERS } from '../adapters.js';
import { GatewayDeclined, GatewayLookupError, WebhookSignatureError, type InitiateInput, type PaymentGateway } from '../payment-gateway.js';
import { AuthorizeNetTransportError } from './authorizenet-sdk.js';
import { AuthorizeNetGateway, PAYMENT_ERROR, invoiceNumberOf } from './authorizenet-gateway.js';
import { authorizeNetProvider } from './authorizenet-provider.js';

/**
 * The Authorize.Net adapter through the real `authorizenet` SDK, pointed at the local stand-in
 * (AUTHORIZENET_API_BASE_URL): the shared adapter suite, then what Authorize.Net itself checks in
 * the requests the SDK sent.
 */
let standIn: AuthorizeNetStandIn;

const env = (overrides: Record<string, string | undefined> = {}) => ({
  AUTHORIZENET_API_LOGIN_ID: AUTHORIZENET_STAND_IN_CREDENTIALS.apiLoginId,
  AUTHORIZENET_TRANSACTION_KEY: AUTHORIZENET_STAND_IN_CREDENTIALS.transactionKey,
  AUTHORIZENET_CLIENT_KEY: AUTHORIZENET_STAND_IN_CREDENTIALS.clientKey,
  AUTHORIZENET_SIGNATURE_KEY: AUTHORIZENET_STAND_IN_CREDENTIALS.signatureKey,
  AUTHORIZENET_API_BASE_URL: standIn.url,
  ...overrides,
});

beforeAll(async () => {
  standIn = await startAuthorizeNetStandIn();
});
afterAll(async () => {
  await standIn.close();
});

/** Opaque data for a card, made the way Accept.js makes it in the shopper's browser (securePaymentContainerRequest). */
async function acceptJsToken(cardNumber: string, auth: { name?: string; clientKey?: string } = {}): Promise<string> {
  const res = await fetch(`${standIn.url}/xml/v1/request.api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      securePaymentContainerRequest: {
        merchantAuthentication: { name: auth.name ?? AUTHORIZENET_STAND_IN_CREDENTIALS.apiLoginId, clientKey: auth.clientKey ?? AUTHORIZENET_STAND_IN_CREDENTIALS.clientKey },
        data: { type: 'TOKEN', id: randomUUID(), token: { cardNumber, expirationDate: `12${new Date().getFullYear() + 2}`, cardCode: '123' } },
      },
    }),
  });
  const body = JSON.parse((await res.text()).replace(/^\uFEFF/, '')) as { opaqueData?: { dataDescriptor: string; dataValue: string }; messages: { resultCode: string } };
  if (!body.opaqueData) throw new Error(`Accept.js refused the card: ${JSON.stringify(body.messages)}`);
  return `${body.opaqueData.dataDescriptor}:${body.opaqueData.dataValue}`;
}
const tokenFor = (outcome: AuthorizeNetOutcome) => acceptJsToken(AUTHORIZENET_STAND_IN_CARDS[outcome]);

const webhook = (paymentId: string, { eventId, signed }: { eventId: string; signed: boolean }) => {
  const { headers, body } = standIn.webhook(paymentId, { notificationId: eventId, ...(signed ? {} : { signatureKey: 'not-the-signature-key' }) });
  return { headers, rawBody: Buffer.from(body) };
};

describeGatewayAdapter('authorizenet (the authorizenet SDK against its stand-in)', {
  kind: 'card',
  adapter: () => authorizeNetProvider.create(env()),
  cardToken: (outcome) =>
    tokenFor(({ succeeds: 'approved', declined: 'declined', pending: 'authorizedHeldForReview', requiresAuthentication: 'heldForReview' } as const)[outcome]),
  shopperAnswers: () => {
    throw new Error('Accept.js has no page the shopper is sent to');
  },
  lacks: {
    shopperPage: 'Accept.js tokenises the card in the page and the charge is made server to server: Authorize.Net has no 3-D Secure or approval page to send the shopper to',
    metadataUpdate: 'Authorize.Net cannot change a transaction after it is made (no metadata to update); our reference travels in invoiceNumber from the start',
  },
  webhook,
  refundsAtProvider: (paymentId) => standIn.refundsOf(paymentId).length,
  // Authorize.Net refunds only settled transactions (before the nightly batch a payment can only be voided, whole)
  settle: () => standIn.settle(),
});

describe('authorizenet: what Authorize.Net checks in what the SDK sends', () => {
  let gateway: PaymentGateway;
  beforeAll(() => {
    gateway = authorizeNetProvider.create(env());
  });

  const billing = { firstName: 'Ann', lastName: 'Lee', street1: '350 5th Ave', street2: 'Suite 2', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' };
  const shipping = { firstName: 'Bob', lastName: 'Ray', street1: '1 Main St', city: 'Austin', state: 'TX', zipCode: '73301', countryId: 'US' };
  const input = async (overrides: Partial<InitiateInput> & { outcome?: AuthorizeNetOutcome } = {}): Promise<InitiateInput> => ({
    amount: 123456,
    currency: 'usd',
    paymentToken: await tokenFor(overrides.outcome ?? 'approved'),
    returnUrl: '/payment/verify/authorizenet',
    receiptEmail: 'ann@example.com',
    email: 'ann@example.com',
    billing,
    shipping,
    metadata: { orderId: 'order-1', orderIncrementId: 'SF-100001' },
    reference: randomUUID(),
    ...overrides,
  });
  /** the last createTransactionRequest the SDK sent */
  const lastCreate = () => {
    const recorded = [...standIn.requests].reverse().find((request) => request.body.includes('"createTransactionRequest"'))!;
    return { recorded, body: JSON.parse(recorded.body).createTransactionRequest };
  };

  it('sends the credentials, the amount in dollars to 2 decimals, the opaque data, billTo/shipTo/e-mail (§7) and the reference as invoiceNumber', async () => {
    const charge = await input();
    const payment = await gateway.initiate(charge);
    expect(payment).toMatchObject({ status: 'completed', amount: 123456, card: { brand: 'visa', last4: '1111' }, rawStatus: '1' });
    const { recorded, body } = lastCreate();
    expect(recorded).toMatchObject({ method: 'POST', path: '/xml/v1/request.api' });
    expect(body.merchantAuthentication).toEqual({ name: AUTHORIZENET_STAND_IN_CREDENTIALS.apiLoginId, transactionKey: AUTHORIZENET_STAND_IN_CREDENTIALS.transactionKey });
    expect(body.refId).toBe(invoiceNumberOf(charge.reference));
    const [descriptor, value] = charge.paymentToken!.split(':');
    expect(body.transactionRequest).toMatchObject({
      transactionType: 'authCaptureTransaction',
      amount: '1234.56',
      currencyCode: 'USD',
      payment: { opaqueData: { dataDescriptor: descriptor, dataValue: value } },
      order: { invoiceNumber: invoiceNumberOf(charge.reference), description: 'Order SF-100001' },
      customer: { email: 'ann@example.com' },
      billTo: { firstName: 'Ann', lastName: 'Lee', address: '350 5th Ave, Suite 2', city: 'New York', state: 'NY', zip: '10118', country: 'US' },
      shipTo: { firstName: 'Bob', lastName: 'Ray', address: '1 Main St', city: 'Austin', state: 'TX', zip: '73301', country: 'US' },
    });
    expect(invoiceNumberOf(charge.reference)).toHaveLength(20);
    // Authorize.Net's schema is ordered: the SDK's contracts put the fields in its order
    expect(Object.keys(body.transactionRequest)).toEqual(['transactionType', 'amount', 'currencyCode', 'payment', 'order', 'customer', 'billTo', 'shipTo']);
    expect(standIn.transactions.get(payment.id)).toMatchObject({ amountCents: 123456, invoiceNumber: invoiceNumberOf(charge.reference), email: 'ann@example.com' });
  });

  it('maps each response code: 1 completed, 2 declined (failed, its message), 3 error (failed, its message), 4 held (on_hold; pending once authorised)', async () => {
    expect(await gateway.initiate(await input({ outcome: 'approved' }))).toMatchObject({ status: 'completed', rawStatus: '1', message: null });

    const declined = (await gateway.initiate(await input({ outcome: 'declined' })).catch((e: unknown) => e)) as GatewayDeclined;
    expect(declined).toBeInstanceOf(GatewayDeclined);
    expect(declined.message).toBe('This transaction has been declined.');
    expect(declined.payment).toMatchObject({ status: 'failed', rawStatus: '2' });

    // Authorize.Net's documented decline trigger: billing ZIP 46282, whatever the card
    const byZip = (await gateway.initiate(await input({ billing: { ...billing, zipCode: '46282' } })).catch((e: unknown) => e)) as GatewayDeclined;
    expect(byZip.payment).toMatchObject({ status: 'failed', rawStatus: '2' });

    const error = (await gateway.initiate(await input({ outcome: 'error' })).catch((e: unknown) => e)) as GatewayDeclined;
    expect(error).toBeInstanceOf(GatewayDeclined);
    expect(error.message).toBe('The credit card has expired.');
    expect(error.payment).toMatchObject({ status: 'failed', rawStatus: '3' });

    const held = await gateway.initiate(await input({ outcome: 'heldForReview' }));
    expect(held).toMatchObject({ status: 'on_hold', rawStatus: '4', message: null });
    expect(await gateway.getStatus(held.id)).toMatchObject({ status: 'on_hold', rawStatus: 'FDSPendingReview' });
    const authorisedHeld = await gateway.initiate(await input({ outcome: 'authorizedHeldForReview' }));
    expect(authorisedHeld).toMatchObject({ status: 'pending', rawStatus: '4' });
  });

  it("says 'Payment Error' for an error without text (spec §8)", async () => {
    const error = (await gateway.initiate(await input({ outcome: 'errorWithoutText' })).catch((e: unknown) => e)) as GatewayDeclined;
    expect(error).toBeInstanceOf(GatewayDeclined);
    expect(error.message).toBe(PAYMENT_ERROR);
    expect(error.message).toBe('Payment Error');
  });

  it('looks the reference up before creating: a create repeated after a lost answer charges once', async () => {
    const charge = await input({ outcome: 'serverError' });
    // charged, but the answer is a 500: the caller cannot know
    await expect(gateway.initiate(charge)).rejects.toBeInstanceOf(AuthorizeNetTransportError);
    const charged = [...standIn.transactions.values()].filter((transaction) => transaction.invoiceNumber === invoiceNumberOf(charge.reference));
    expect(charged).toHaveLength(1);
    const creates = standIn.requests.filter((request: { body: string }) => request.body.includes('authCaptureTransaction')).length;
    // the retry (a fresh token, as a browser retry would bring) finds the first transaction and does not charge again
    const again = await gateway.initiate({ ...charge, paymentToken: await tokenFor('approved') });
    expect(again).toMatchObject({ id: charged[0]!.transId, status: 'completed', amount: 123456 });
    expect(standIn.requests.filter((request: { body: string }) => request.body.includes('authCaptureTransaction')).length).toBe(creates);
    expect(await gateway.findByReference(charge.reference)).toMatchObject({ id: charged[0]!.transId });
    // held transactions are listed apart (status pendingApproval) and found too
    const heldCharge = await input({ outcome: 'heldForReview' });
    const held = await gateway.initiate(heldCharge);
    expect(await gateway.findByReference(heldCharge.reference)).toMatchObject({ id: held.id, status: 'on_hold' });
  });

  it('a 5xx or an unreachable Authorize.Net is a transport error (the flow records unknown), never a decline', async () => {
    standIn.failNext(1);
    const error = await gateway.getStatus('60000000001').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthorizeNetTransportError);
    expect(error).not.toBeInstanceOf(GatewayDeclined);
    const offline = authorizeNetProvider.create(env({ AUTHORIZENET_API_BASE_URL: 'http://127.0.0.1:9' }));
    await expect(offline.getStatus('60000000001')).rejects.toBeInstanceOf(AuthorizeNetTransportError);
  });

  it('refuses wrong credentials (E00007) as an error, not as a card decline', async () => {
    const wrong = authorizeNetProvider.create(env({ AUTHORIZENET_TRANSACTION_KEY: 'wrong-key' }));
    const error = await wrong.findByReference(randomUUID()).catch((e: unknown) => e);
    expect(String(error)).toMatch(/E00007/);
    expect(error).not.toBeInstanceOf(GatewayDeclined);
    await expect(gateway.getStatus('99999999999')).rejects.toBeInstanceOf(GatewayLookupError);
  });

  it('refunds an unsettled payment by voiding it (whole only), a settled one by refundTransaction with the last four and our reference, in part', async () => {
    const unsettled = await gateway.initiate(await input());
    await expect(gateway.refund(unsettled.id, { amount: 100, reference: randomUUID() })).rejects.toBeInstanceOf(GatewayDeclined);
    const voidReference = randomUUID();
    expect(await gateway.refund(unsettled.id, { amount: 123456, reference: voidReference })).toEqual({ id: unsettled.id, status: 'completed', amount: 123456, message: null });
    expect(lastCreate().body).toMatchObject({ refId: invoiceNumberOf(voidReference), transactionRequest: { transactionType: 'voidTransaction', refTransId: unsettled.id } });
    expect(await gateway.getStatus(unsettled.id)).toMatchObject({ status: 'failed', rawStatus: 'voided' });
    // the void asked again (its answer lost): a voided payment is that void, never a refusal
    const creates = standIn.requests.filter((request) => request.body.includes('"createTransactionRequest"')).length;
    expect(await gateway.refund(unsettled.id, { amount: 123456, reference: voidReference })).toMatchObject({ id: unsettled.id, status: 'completed' });
    expect(standIn.requests.filter((request) => request.body.includes('"createTransactionRequest"')).length).toBe(creates);

    const settled = await gateway.initiate(await input());
    standIn.settle();
    const reference = randomUUID();
    const refund = await gateway.refund(settled.id, { amount: 23456, reference });
    expect(refund).toMatchObject({ status: 'completed', amount: 23456, message: null });
    const { body } = lastCreate();
    expect(body.refId).toBe(invoiceNumberOf(reference));
    expect(body.transactionRequest).toMatchObject({
      transactionType: 'refundTransaction',
      amount: '234.56',
      refTransId: settled.id,
      payment: { creditCard: { cardNumber: '1111', expirationDate: 'XXXX' } },
      order: { invoiceNumber: invoiceNumberOf(reference) },
    });
    // Authorize.Net's schema is ordered: refTransId before order
    expect(Object.keys(body.transactionRequest)).toEqual(['transactionType', 'amount', 'currencyCode', 'payment', 'refTransId', 'order']);
    expect(refund.id).not.toBe(settled.id);
    expect(standIn.transactions.get(refund.id)).toMatchObject({ transactionType: 'refundTransaction', invoiceNumber: invoiceNumberOf(reference), refTransId: settled.id });
    // no more than what is left, in Authorize.Net's words
    const over = (await gateway.refund(settled.id, { amount: 123456, reference: randomUUID() }).catch((e: unknown) => e)) as GatewayDeclined;
    expect(over).toBeInstanceOf(GatewayDeclined);
    expect(over.message).toBe('The referenced transaction does not meet the criteria for issuing a credit.');
  });

  it('has no idempotency key, so a refund looks its reference up first: one whose answer was lost (a 500) is found, not made again', async () => {
    const settled = await gateway.initiate(await input());
    standIn.settle();
    const reference = randomUUID();
    standIn.loseNextAnswer('refundTransaction');
    // refunded, but the answer is a 500: the caller cannot know
    await expect(gateway.refund(settled.id, { amount: 10000, reference })).rejects.toBeInstanceOf(AuthorizeNetTransportError);
    const made = standIn.refundsOf(settled.id);
    expect(made).toHaveLength(1);
    const refunds = () => standIn.requests.filter((request) => request.body.includes('refundTransaction')).length;
    const before = refunds();
    // the same reference again finds the refund among the unsettled transactions and answers it
    expect(await gateway.refund(settled.id, { amount: 10000, reference })).toEqual({ id: made[0]!.transId, status: 'completed', amount: 10000, message: null });
    expect(refunds()).toBe(before);
    expect(standIn.refundsOf(settled.id)).toHaveLength(1);
    // another reference is another refund
    expect(await gateway.refund(settled.id, { amount: 10000, reference: randomUUID() })).toMatchObject({ status: 'completed' });
    expect(standIn.refundsOf(settled.id)).toHaveLength(2);
  });

  it('finds a refund whose answer was lost even once the nightly batch settled it: asked again days later, it is not made again', async () => {
    const settled = await gateway.initiate(await input());
    standIn.settle();
    const reference = randomUUID();
    // our ledger wrote the refund (and its time) before asking
    const requestedAt = new Date();
    standIn.loseNextAnswer('refundTransaction');
    await expect(gateway.refund(settled.id, { amount: 10000, reference, requestedAt })).rejects.toBeInstanceOf(AuthorizeNetTransportError);
    const [made] = standIn.refundsOf(settled.id);
    // the nightly batch takes it: no longer among the unsettled transactions
    standIn.settle();
    expect(standIn.transactions.get(made!.transId)).toMatchObject({ transactionStatus: 'refundSettledSuccessfully', batchId: expect.any(String) });
    const refundCalls = () => standIn.requests.filter((request) => request.body.includes('refundTransaction')).length;
    const before = refundCalls();
    const since = standIn.requests.length;
    expect(await gateway.refund(settled.id, { amount: 10000, reference, requestedAt })).toEqual({ id: made!.transId, status: 'completed', amount: 10000, message: null });
    expect(refundCalls()).toBe(before);
    expect(standIn.refundsOf(settled.id)).toHaveLength(1);
    // found where Authorize.Net keeps it: the settled batches since the refund was asked for, and that batch's transactions
    const asked = standIn.requests.slice(since).map((request) => Object.keys(JSON.parse(request.body.replace(/^\uFEFF/, '')) as object)[0]);
    expect(asked).toEqual(expect.arrayContaining(['getSettledBatchListRequest', 'getTransactionListRequest']));

    // a retry weeks later still finds it: the batch list is read 30 days at a time (Authorize.Net takes at most 31)
    const longAgo = new Date(Date.now() - 45 * 86_400_000);
    const lists = () => standIn.requests.filter((request) => request.body.includes('"getSettledBatchListRequest"')).length;
    const listsBefore = lists();
    expect(await gateway.refund(settled.id, { amount: 10000, reference, requestedAt: longAgo })).toMatchObject({ id: made!.transId });
    expect(lists() - listsBefore).toBe(2);
    expect(standIn.refundsOf(settled.id)).toHaveLength(1);
  });

  it('reads every page of a list: a charge or a refund behind more than one page of newer transactions is still found', async () => {
    // two transactions a page, so the one looked for is pages deep
    const paged = new AuthorizeNetGateway({
      endpoint: `${standIn.url}/xml/v1/request.api`,
      apiLoginId: AUTHORIZENET_STAND_IN_CREDENTIALS.apiLoginId,
      transactionKey: AUTHORIZENET_STAND_IN_CREDENTIALS.transactionKey,
      timeoutMs: 15_000,
      signatureKey: undefined,
      testMode: true,
      listPageSize: 2,
    });
    const settled = await paged.initiate(await input());
    standIn.settle();
    const reference = randomUUID();
    standIn.loseNextAnswer('refundTransaction');
    await expect(paged.refund(settled.id, { amount: 5000, reference })).rejects.toBeInstanceOf(AuthorizeNetTransportError);
    const charge = await input();
    const first = await paged.initiate(charge);
    for (let newer = 0; newer < 5; newer++) await paged.initiate(await input());
    expect(await paged.findByReference(charge.reference)).toMatchObject({ id: first.id });
    const [made] = standIn.refundsOf(settled.id);
    expect(await paged.refund(settled.id, { amount: 5000, reference })).toMatchObject({ id: made!.transId, amount: 5000 });
    expect(standIn.refundsOf(settled.id)).toHaveLength(1);
    // and in a settled batch of more than a page
    standIn.settle();
    expect(await paged.refund(settled.id, { amount: 5000, reference })).toMatchObject({ id: made!.transId });
    expect(standIn.refundsOf(settled.id)).toHaveLength(1);
  });

  it('cannot change a transaction after it is made', async () => {
    const payment = await gateway.initiate(await input());
    await expect(gateway.update(payment.id, { metadata: { paymentId: 'pay-1' } })).rejects.toBeInstanceOf(GatewayDeclined);
  });

  it('reads a webhook signed with the signature key (case of the hex aside), refuses a bad or missing signature', async () => {
    const payment = await gateway.initiate(await input());
    const eventId = randomUUID();
    const good = webhook(payment.id, { eventId, signed: true });
    expect(await gateway.parseWebhook(good)).toEqual({ id: eventId, type: 'net.authorize.payment.authcapture.created', paymentId: payment.id });
    const lower = { ...good, headers: { ...good.headers, 'x-anet-signature': good.headers['x-anet-signature']!.toLowerCase() } };
    expect(await gateway.parseWebhook(lower)).toMatchObject({ id: eventId });
    // the body changed after signing
    await expect(gateway.parseWebhook({ ...good, rawBody: Buffer.from(good.rawBody.toString().replace(payment.id, '1')) })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(gateway.parseWebhook({ headers: {}, rawBody: good.rawBody })).rejects.toBeInstanceOf(WebhookSignatureError);
    const keyless = authorizeNetProvider.create(env({ AUTHORIZENET_SIGNATURE_KEY: undefined }));
    await expect(keyless.parseWebhook(good)).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe('authorizenet: configuration', () => {
  it('is registered with its three keys, and hands the browser only public values', () => {
    expect(REAL_ADAPTERS.authorizenet).toBe(authorizeNetProvider);
    expect(authorizeNetProvider.keys).toEqual(['AUTHORIZENET_API_LOGIN_ID', 'AUTHORIZENET_TRANSACTION_KEY', 'AUTHORIZENET_CLIENT_KEY']);
    const config = authorizeNetProvider.publicConfig(env({ AUTHORIZENET_ACCEPT_JS_URL: `${standIn.url}/v1/Accept.js` }));
    expect(config).toEqual({
      clientKey: AUTHORIZENET_STAND_IN_CREDENTIALS.clientKey,
      loginId: AUTHORIZENET_STAND_IN_CREDENTIALS.apiLoginId,
      acceptJsUrl: `${standIn.url}/v1/Accept.js`,
      scriptUrl: `${standIn.url}/v1/Accept.js`,
    });
    expect(JSON.stringify(config)).not.toContain(AUTHORIZENET_STAND_IN_CREDENTIALS.transactionKey);
    expect(authorizeNetProvider.publicConfig({ AUTHORIZENET_ENVIRONMENT: 'production' }).acceptJsUrl).toBe('https://js.authorize.net/v1/Accept.js');
    expect(authorizeNetProvider.publicConfig({}).acceptJsUrl).toBe('https://jstest.authorize.net/v1/Accept.js');
  });

  it('is a test environment unless AUTHORIZENET_ENVIRONMENT is production; refuses any other value', () => {
    expect(authorizeNetProvider.isTestEnvironment({})).toBe(true);
    expect(authorizeNetProvider.isTestEnvironment({ AUTHORIZENET_ENVIRONMENT: 'sandbox' })).toBe(true);
    expect(authorizeNetProvider.isTestEnvironment({ AUTHORIZENET_ENVIRONMENT: 'production' })).toBe(false);
    expect(authorizeNetProvider.create(env()).testMode).toBe(true);
    expect(authorizeNetProvider.create(env({ AUTHORIZENET_ENVIRONMENT: 'production' })).testMode).toBe(false);
    expect(() => authorizeNetProvider.create(env({ AUTHORIZENET_ENVIRONMENT: 'live' }))).toThrow(EnvConfigError);
    expect(() => authorizeNetProvider.create(env({ AUTHORIZENET_ENVIRONMENT: 'live' }))).toThrow(/AUTHORIZENET_ENVIRONMENT/);
    expect(() => authorizeNetProvider.create(env({ AUTHORIZENET_API_BASE_URL: 'not a url' }))).toThrow(/AUTHORIZENET_API_BASE_URL/);
  });

  it('names what production refuses', () => {
    const production = { AUTHORIZENET_ENVIRONMENT: 'production', AUTHORIZENET_SIGNATURE_KEY: 'key' };
    expect(authorizeNetProvider.productionProblems(production)).toEqual([]);
    expect(authorizeNetProvider.productionProblems({ ...production, AUTHORIZENET_SIGNATURE_KEY: '' }).join()).toMatch(/AUTHORIZENET_SIGNATURE_KEY/);
    // Authorize.Net's sandbox in production is the payment core's test-environment rule (PAYMENTS_SANDBOX), not a problem of its own
    expect(authorizeNetProvider.productionProblems({ AUTHORIZENET_SIGNATURE_KEY: 'key' })).toEqual([]);
    // the API base URL is every service's outbound-URL rule (service-kit: https, or a stand-in on this machine)
    expect(authorizeNetProvider.productionProblems({ ...production, AUTHORIZENET_API_BASE_URL: 'http://127.0.0.1:1' })).toEqual([]);
    expect(authorizeNetProvider.productionProblems({ ...production, AUTHORIZENET_ACCEPT_JS_URL: 'http://127.0.0.1:1/v1/Accept.js' }).join()).toMatch(/AUTHORIZENET_ACCEPT_JS_URL/);
  });
});
