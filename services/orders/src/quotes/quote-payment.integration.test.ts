import { convertToOrderResponseSchema, quotePaymentOrderResponseSchema, splitPaymentLookupResponseSchema, splitPaymentResponseSchema } from '@storefront/contracts';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import request from 'supertest';
import { order as sampleOrder, startOrdersTestApp, type OrdersTestApp } from '../testing/orders-test-app.js';
import { hashOrderToken, newOrderViewToken } from '../orders/order-token.js';
import { QuotesService } from './quotes.service.js';

// Paying a quote by its link and an order's balance in instalments, over HTTP on real
// PostgreSQL. The payments service's verified reports are sent to the internal route it uses.

let testApp: OrdersTestApp;
let quotes: QuotesService;

beforeAll(async () => {
  testApp = await startOrdersTestApp();
  quotes = testApp.app.get(QuotesService);
  // the admin list convertToOrder answers (read at first use)
  await writeFile(
    path.join(process.env.CONTENT_DIR!, 'settings', 'notifications.json'),
    JSON.stringify({ adminEmails: ['orders@heartwood.example', 'quotes@heartwood.example'], fromAddress: 'orders@heartwood.example', fromName: 'Heartwood Cabinetry' }),
  );
});

afterAll(async () => {
  await testApp?.close();
});

let lastAddress = 0;
/** each call from its own address: the lookups' rate limit is not what these tests are about */
const from = () => {
  lastAddress += 1;
  return `198.19.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};
const api = () => request(testApp.server);

/** $3,000.00 in total, $500.00 minimum instalment */
async function splitQuote(overrides: Record<string, unknown> = {}) {
  const quote = await quotes.createQuote({
    firstName: 'Ann',
    lastName: 'Lee',
    email: 'Ann.Lee@example.com',
    phone: '(212) 555-0100',
    poNumber: 'PO-1',
    addresses: [{ type: 'billing', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' }],
    shippingMethod: 'freight',
    shippingLabel: 'Freight',
    items: [{ name: 'Base cabinet', sku: 'B24', qty: 2, price: 1400, notes: 'soft close' }],
    shippingAmount: 200,
    splitPaymentEnabled: true,
    minimumSplitAmount: 500,
    ...overrides,
  });
  const link = await quotes.issuePaymentLink(quote.id);
  return { quote, link };
}

const paymentOrder = (quoteId: string, token: string) => api().post('/api/quote/payment-order').set('X-Forwarded-For', from()).send({ quoteId, token });

let attempts = 0;
function report(orderId: string, amount: number, status = 'completed') {
  attempts += 1;
  const attemptId = `00000000-0000-4000-8000-${String(attempts).padStart(12, '0')}`;
  return api()
    .post(`/internal/orders/${orderId}/payment-result`)
    .send({ attemptId, gateway: 'sandbox', method: 'credit-card', methodLabel: 'Credit Card', status, amount, transactionId: `tx-${attemptId}`, additionalData: {} })
    .expect(200)
    .then(() => `tx-${attemptId}`);
}

const payable = (orderId: string, query: Record<string, string> = {}, token?: string) => {
  const call = api().get(`/internal/orders/${orderId}/payable`).query(query);
  return token ? call.set('X-Order-Token', token) : call;
};

describe('POST /api/quote/payment-order', () => {
  it("drafts one order from the quote's items, prices and addresses, however many tabs press Pay Now at once", async () => {
    const { quote, link } = await splitQuote();
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => paymentOrder(quote.id, link.token)));
    for (const answer of answers) expect(answer.status).toBe(200);
    const ids = new Set(answers.map((answer) => answer.body.data.id));
    expect(ids.size).toBe(1);
    const drafted = quotePaymentOrderResponseSchema.validateSync(answers[0]!.body, { strict: true }).data;
    expect(drafted).toMatchObject({
      status: 'pending',
      email: 'Ann.Lee@example.com',
      poNumber: 'PO-1',
      total: 300_000,
      subtotal: 280_000,
      shippingAmount: 20_000,
      splitPaymentEnabled: true,
      minimumSplitAmount: 50_000,
    });
    expect(drafted.items).toMatchObject([{ sku: 'B24', qty: 2, price: 140_000, rowTotal: 280_000 }]);
    expect(drafted.addresses.map((address) => address.type)).toEqual(['billing', 'shipping']);
    // the quote waits for a verified payment
    expect((await quotes.resolve(quote.id)).status).toBe('ready_to_order');
    // the link's token is the order's token
    await api().get(`/api/order/view/${drafted.id}`).set('X-Order-Token', link.token).expect(200);
  });

  it('answers a wrong token as an unknown quote and an expired link as expired', async () => {
    const { quote, link } = await splitQuote();
    const wrong = await paymentOrder(quote.id, `${link.token.slice(0, -2)}xx`).expect(400);
    expect(wrong.body).toMatchObject({ errorType: 'quoteNotExist', message: 'Quote not found. The link may be incorrect.' });
    const expired = await quotes.issuePaymentLink(quote.id, { expiresInMs: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const late = await paymentOrder(quote.id, expired.token).expect(400);
    expect(late.body.errorType).toBe('tokenExpired');
  });

  it('never lets the link re-price the order through the checkout update', async () => {
    const { quote, link } = await splitQuote();
    const drafted = (await paymentOrder(quote.id, link.token).expect(200)).body.data;
    const update = await api()
      .patch('/api/order')
      .set('X-Order-Token', link.token)
      .send({ ...sampleOrder, id: drafted.id })
      .expect(409);
    expect(update.body).toMatchObject({ errorType: 'orderOfQuote', message: 'This order was made from a quote and cannot be changed.' });
  });

  it('a new link moves the order to the new token; the revoked one can no longer pay it', async () => {
    const { quote, link } = await splitQuote();
    const drafted = (await paymentOrder(quote.id, link.token).expect(200)).body.data;
    const next = await quotes.issuePaymentLink(quote.id);
    await payable(drafted.id, {}, link.token).expect(404);
    await payable(drafted.id, {}, next.token).expect(200);
  });
});

describe('a verified payment converts the quote', () => {
  it('paid in full: the quote is ordered, the order paid, convertToOrder answers it for that transaction only, and Pay Now is refused after', async () => {
    const { quote, link } = await splitQuote();
    const drafted = (await paymentOrder(quote.id, link.token).expect(200)).body.data;
    const transactionId = await report(drafted.id, 300_000);
    expect((await quotes.resolve(quote.id)).status).toBe('ordered');

    const converted = await api().post('/api/quote/convertToOrder').set('X-Forwarded-For', from()).send({ quoteId: quote.id, token: link.token, payment: { transactionId, amount: 1 } }).expect(200);
    const body = convertToOrderResponseSchema.validateSync(converted.body, { strict: true });
    // the real admin list, not [] (row 15.21)
    expect(body).toMatchObject({ success: true, adminEmail: ['orders@heartwood.example', 'quotes@heartwood.example'], order: { id: drafted.id, status: 'ordered' } });
    // the browser's amount is never read: the order says what was paid
    expect(body.order.payments.map((payment) => payment.amountPaid)).toEqual([300_000]);

    const forged = await api().post('/api/quote/convertToOrder').set('X-Forwarded-For', from()).send({ quoteId: quote.id, token: link.token, payment: { transactionId: 'tx-made-up' } }).expect(400);
    expect(forged.body).toMatchObject({ errorType: 'paymentNotVerified', message: 'This payment has not been verified for this quote.' });
    const again = await paymentOrder(quote.id, link.token).expect(409);
    expect(again.body).toMatchObject({ errorType: 'quoteAlreadyOrdered', message: 'This quote has already been ordered.' });
  });

  it('a declined payment leaves the quote ready to order', async () => {
    const { quote, link } = await splitQuote();
    const drafted = (await paymentOrder(quote.id, link.token).expect(200)).body.data;
    await report(drafted.id, 300_000, 'failed');
    expect((await quotes.resolve(quote.id)).status).toBe('ready_to_order');
    const forged = await api().post('/api/quote/convertToOrder').set('X-Forwarded-For', from()).send({ quoteId: quote.id, token: link.token, payment: { transactionId: 'tx-x' } });
    expect(forged.status).toBe(400);
  });
});

describe('split payment', () => {
  async function partlyPaid() {
    const { quote, link } = await splitQuote();
    const drafted = (await paymentOrder(quote.id, link.token).expect(200)).body.data;
    return { quote, link, order: drafted as { id: string; orderIncrementId: string } };
  }

  it.each([
    // [instalment cents, status, message]
    [49_999, 400, 'Minimum payment amount is $500.00'],
    [50_000, 200, null],
    [300_000, 200, null],
    [300_001, 400, 'Payment amount cannot exceed due amount of $3,000.00'],
  ])('an instalment of %p cents on a $3,000.00 balance answers %p', async (instalment, status, message) => {
    const { order, link } = await partlyPaid();
    const res = await payable(order.id, { instalment: String(instalment) }, link.token);
    expect(res.status).toBe(status);
    if (message) expect(res.body).toMatchObject({ message, errorType: 'invalidSplitAmount' });
    else expect(res.body.amountDue).toBe(instalment);
  });

  it('asks for the whole balance once it is at or below the minimum', async () => {
    const { order, link } = await partlyPaid();
    await report(order.id, 260_000);
    const part = await payable(order.id, { instalment: '20000' }, link.token).expect(400);
    expect(part.body.message).toBe('Must pay full due amount of $400.00');
    await payable(order.id, { instalment: '40000' }, link.token).expect(200);
  });

  it('instalments: the first places the order (partly paid, quote ordered), the last pays it', async () => {
    const { quote, order, link } = await partlyPaid();
    // the quote's order is paid where quotes convert to orders (the payment methods' convert-to-order scope)
    expect((await payable(order.id, {}, link.token).expect(200)).body.scope).toBe('convert-to-order');
    await report(order.id, 100_000);
    // once an instalment is in, the rest completes the order's balance, whoever asks
    expect((await payable(order.id, {}, link.token).expect(200)).body.scope).toBe('complete-order-payment');
    expect((await quotes.resolve(quote.id)).status).toBe('ordered');
    const looked = (await api().get(`/api/order/${order.orderIncrementId}`).query({ email: 'ann.lee@EXAMPLE.com' }).set('X-Forwarded-For', from()).expect(200)).body;
    // only the page's figures: nothing of the customer, the addresses, the items or the payments
    expect(splitPaymentLookupResponseSchema.validateSync(looked, { strict: true }).data).toEqual({
      id: order.id,
      orderIncrementId: order.orderIncrementId,
      status: 'partially_paid',
      splitPaymentEnabled: true,
      subtotal: 280_000,
      shippingLabel: 'Freight',
      shippingAmount: 20_000,
      taxAmount: 0,
      discountAmount: 0,
      total: 300_000,
      minimumSplitAmount: 50_000,
      amountReceived: 100_000,
      amountDue: 200_000,
    });

    // the split-payment page pays the rest with the e-mail as its proof
    const due = await payable(order.id, { email: 'ANN.LEE@example.com', instalment: '200000' }).expect(200);
    expect(due.body).toMatchObject({ amountDue: 200_000, scope: 'complete-order-payment' });
    const transactionId = await report(order.id, 200_000);
    const confirmed = await api()
      .post(`/api/order/${order.orderIncrementId}/split-payment`)
      .set('X-Forwarded-For', from())
      .send({ email: 'ann.lee@example.com', payments: [{ transactionId, amount: 2000 }] })
      .expect(200);
    const view = splitPaymentResponseSchema.validateSync(confirmed.body, { strict: true });
    expect(view).toMatchObject({ success: true, message: 'Payment successful!', data: { status: 'ordered', amountReceived: 300_000, amountDue: 0 } });
    // paid: the lookup says so in the spec's words and shows nothing of the order; the e-mail proof no longer pays it
    const paid = await api().get(`/api/order/${order.orderIncrementId}`).query({ email: 'ann.lee@example.com' }).set('X-Forwarded-For', from()).expect(409);
    expect(paid.body).toMatchObject({ message: 'This order has already been fully paid.', errorType: 'orderAlreadyPaid' });
    expect(paid.body.data).toBeUndefined();
    await payable(order.id, { email: 'ann.lee@example.com' }).expect(404);
  });

  it('a wrong e-mail answers exactly as an unknown order; the checkout lookups are not read as order numbers', async () => {
    const { order } = await partlyPaid();
    const wrong = await api().get(`/api/order/${order.orderIncrementId}`).query({ email: 'someone@example.com' }).set('X-Forwarded-For', from()).expect(404);
    const unknown = await api().get('/api/order/SF-999999999').query({ email: 'ann.lee@example.com' }).set('X-Forwarded-For', from()).expect(404);
    const { requestId: _one, ...wrongBody } = wrong.body;
    const { requestId: _other, ...unknownBody } = unknown.body;
    expect(wrongBody).toEqual(unknownBody);
    expect(wrong.body).toMatchObject({ message: 'Order not found.', errorType: 'orderNotExist' });
    await payable(order.id, { email: 'someone@example.com' }).expect(404);
    await api().get('/api/order/checkout-locations').expect(200);
    const missing = await api().get(`/api/order/${order.orderIncrementId}`).set('X-Forwarded-For', from()).expect(400);
    expect(missing.body.message).toBe('Email is required');
  });

  it('answers an order without split payment with the spec\'s message and nothing of it, and refuses its e-mail proof, instalments and confirmations', async () => {
    const created = await api().post('/api/order').send(sampleOrder).expect(201);
    const { id, orderIncrementId } = created.body.data;
    const lookup = await api().get(`/api/order/${orderIncrementId}`).query({ email: sampleOrder.email }).set('X-Forwarded-For', from()).expect(400);
    expect(lookup.body).toMatchObject({ success: false, message: 'Split payment is not enabled for this order.', errorType: 'splitPaymentNotEnabled' });
    expect(lookup.body.data).toBeUndefined();
    // another e-mail learns nothing, not even that: the same 404 as an unknown order
    const other = await api().get(`/api/order/${orderIncrementId}`).query({ email: 'someone@example.com' }).set('X-Forwarded-For', from()).expect(404);
    const unknown = await api().get('/api/order/SF-999999998').query({ email: sampleOrder.email }).set('X-Forwarded-For', from()).expect(404);
    const { requestId: _two, ...otherBody } = other.body;
    const { requestId: _other, ...unknownBody } = unknown.body;
    expect(otherBody).toEqual(unknownBody);
    await api().get(`/api/order/${id}`).query({ email: sampleOrder.email }).set('X-Forwarded-For', from()).expect(400);
    const byEmail = await payable(id, { email: sampleOrder.email }).expect(404);
    expect(byEmail.body).toMatchObject({ errorType: 'orderNotExist' });
    await payable(id, { instalment: '100' }, created.body.orderToken).expect(400);
    const confirm = await api()
      .post(`/api/order/${orderIncrementId}/split-payment`)
      .set('X-Forwarded-For', from())
      .send({ email: sampleOrder.email, payments: [{ transactionId: 'tx-never-made' }] })
      .expect(404);
    expect(confirm.body).toMatchObject({ errorType: 'orderNotExist' });
  });

  it('refuses a transaction that was never verified for the order', async () => {
    const { order } = await partlyPaid();
    const unverified = await api()
      .post(`/api/order/${order.orderIncrementId}/split-payment`)
      .set('X-Forwarded-For', from())
      .send({ email: 'ann.lee@example.com', payments: [{ transactionId: 'tx-never-made' }] })
      .expect(400);
    expect(unverified.body).toMatchObject({ errorType: 'paymentNotVerified', message: 'This payment has not been verified for this order.' });
  });

  it('limits one order number, and one e-mail, whatever address asks: 429 with Retry-After', async () => {
    const { order } = await partlyPaid();
    const limit = 20;
    for (let i = 0; i < limit; i += 1) {
      // a different wrong e-mail from a different address each time: only the order number is shared
      await api().get(`/api/order/${order.orderIncrementId}`).query({ email: `guess-${i}@example.com` }).set('X-Forwarded-For', from()).expect(404);
    }
    const refused = await api().get(`/api/order/${order.orderIncrementId}`).query({ email: 'ann.lee@example.com' }).set('X-Forwarded-For', from()).expect(429);
    expect(refused.body).toMatchObject({ errorType: 'tooManyLookups', message: 'Too many attempts for this order. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // the number written another way is the same order number
    await api().get(`/api/order/${order.orderIncrementId.toLowerCase()}`).query({ email: 'ann.lee@example.com' }).set('X-Forwarded-For', from()).expect(429);

    const email = `walker-${Date.now()}@example.com`;
    for (let i = 0; i < limit; i += 1) {
      await api().get(`/api/order/SF-${900_000_000 + i}`).query({ email }).set('X-Forwarded-For', from()).expect(404);
    }
    const walked = await api().get('/api/order/SF-900000999').query({ email: email.toUpperCase() }).set('X-Forwarded-For', from()).expect(429);
    expect(walked.headers['retry-after']).toBeDefined();
  });
});

describe('tokens that end', () => {
  it("an expired quote link's token no longer views or pays the order it drafted", async () => {
    const { quote } = await splitQuote();
    const short = await quotes.issuePaymentLink(quote.id, { expiresInMs: 1500 });
    const drafted = (await paymentOrder(quote.id, short.token).expect(200)).body.data;
    await api().get(`/api/order/view/${drafted.id}`).set('X-Order-Token', short.token).expect(200);
    await payable(drafted.id, {}, short.token).expect(200);
    await new Promise((resolve) => setTimeout(resolve, 1600));
    const view = await api().get(`/api/order/view/${drafted.id}`).set('X-Order-Token', short.token).expect(404);
    expect(view.body).toMatchObject({ errorType: 'orderNotExist' });
    await payable(drafted.id, {}, short.token).expect(404);
    // a new link opens it again, with its own token only
    const next = await quotes.issuePaymentLink(quote.id);
    await api().get(`/api/order/view/${drafted.id}`).set('X-Order-Token', next.token).expect(200);
    await api().get(`/api/order/view/${drafted.id}`).set('X-Order-Token', short.token).expect(404);
  });

  it('a replaced link no longer views the order', async () => {
    const { quote, link } = await splitQuote();
    const drafted = (await paymentOrder(quote.id, link.token).expect(200)).body.data;
    await quotes.issuePaymentLink(quote.id);
    await api().get(`/api/order/view/${drafted.id}`).set('X-Order-Token', link.token).expect(404);
  });

  it('an expired view token no longer opens the order; a current one does', async () => {
    const created = await api().post('/api/order').send(sampleOrder).expect(201);
    const { id } = created.body.data;
    const current = await newOrderViewToken(testApp.db.manager, id, 1);
    const old = await newOrderViewToken(testApp.db.manager, id, 1);
    await testApp.db.query(`UPDATE orders.order_view_token SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashOrderToken(old)]);
    const answers = await Promise.all([current, old].map((token) => api().get(`/api/order/view/${id}`).query({ token }).then((res) => res.status)));
    expect(answers).toEqual([200, 404]);
  });
});
