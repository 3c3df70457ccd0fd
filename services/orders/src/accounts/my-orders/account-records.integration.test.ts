import { accountOrdersResponseSchema, accountQuotesResponseSchema, accountRoutes, orderResponseSchema, quoteResponseSchema } from '@storefront/contracts';
import { DataSource } from 'typeorm';
import { QuotesService } from '../../quotes/quotes.service.js';
import { order as sampleOrder } from '../../testing/orders-test-app.js';
import { register, startAccountsTestApp, uniqueEmail, type AccountsTestApp, type Browser } from '../../testing/accounts-test-app.js';
import { claimRecordsOf } from './account-records.js';

// Review row 3006: a verified account sees the guest orders placed with its address and the quotes
// staff made for it; an unverified one only what it made. Over HTTP on real PostgreSQL, the address
// verified with the link read from the local mailbox.

let app: AccountsTestApp;
let quotes: QuotesService;

beforeAll(async () => {
  app = await startAccountsTestApp();
  quotes = app.app.get(QuotesService);
});

afterAll(async () => {
  await app?.close();
});

/** A sample order placed by a guest (signed out) with `email`. */
async function guestOrder(email: string) {
  const answer = await app
    .api()
    .post('/api/order')
    .set('X-Forwarded-For', app.nextAddress())
    .send({ ...sampleOrder, email, addresses: sampleOrder.addresses.map((address) => ({ ...address, email })) });
  expect(answer.status).toBe(201);
  return answer.body.data as { id: string; orderIncrementId: string; customerId: string | null };
}

/** A quote staff made for `email`. */
function staffQuote(email: string) {
  return quotes.createQuote({
    firstName: 'Ann',
    lastName: 'Lee',
    email,
    phone: '(212) 555-0100',
    addresses: [{ type: 'billing', street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US' }],
    shippingMethod: 'freight',
    shippingLabel: 'Freight',
    items: [{ name: 'Base cabinet', sku: 'B24', qty: 1, price: 1400 }],
    shippingAmount: 200,
  });
}

const myOrders = async (browser: Browser) =>
  accountOrdersResponseSchema.validateSync((await app.api().get(accountRoutes.orders.path).set('Cookie', browser.cookie).expect(200)).body, { strict: true }).data;
const myQuotes = async (browser: Browser) =>
  accountQuotesResponseSchema.validateSync((await app.api().get(accountRoutes.quotes.path).set('Cookie', browser.cookie).expect(200)).body, { strict: true }).data;

/** Verifies the account's address with the link e-mailed to it at registration. */
async function verifyAddress(browser: Browser): Promise<void> {
  await app.deliverEmails();
  const message = (await app.mailbox()).find((entry) => entry.to === browser.email && entry.subject === 'Please verify your email address')!;
  const token = new URL(/https?:\/\/\S+\/verify-email\?token=\S+/.exec(message.text)![0]).searchParams.get('token')!;
  await app.api().post(accountRoutes.verifyEmail.path).set('X-Forwarded-For', app.nextAddress()).send({ token }).expect(200);
}

describe('guest orders and staff quotes with the account\'s e-mail', () => {
  it('stay out of an unverified account (anyone can register any address) and join it once the address is verified', async () => {
    const email = uniqueEmail('claims');
    // placed before the account existed, the address written with other capitals
    const first = await guestOrder(email.toUpperCase());
    const second = await guestOrder(email);
    const quote = await staffQuote(email.replace(/^c/, 'C'));
    const someoneElses = await guestOrder(uniqueEmail('someone-else'));

    const ann = await register(app, email);
    expect(await myOrders(ann)).toEqual([]);
    expect(await myQuotes(ann)).toEqual([]);
    await app.api().get(`/api/order/view/${first.id}`).set('Cookie', ann.cookie).expect(404);
    await app.api().get(`/api/quote/view/${quote.id}`).set('Cookie', ann.cookie).expect(404);

    await verifyAddress(ann);
    expect((await myOrders(ann)).map((line) => line.id)).toEqual([second.id, first.id]);
    expect(await myQuotes(ann)).toEqual([expect.objectContaining({ id: quote.id, quoteIncrementId: quote.quoteIncrementId, status: 'ready_to_order', total: 160_000 })]);
    // the views authorize her as the owner now, without a token
    const view = await app.api().get(`/api/order/view/${first.id}`).set('Cookie', ann.cookie).expect(200);
    expect(orderResponseSchema.validateSync(view.body).data).toMatchObject({ id: first.id, customerId: ann.customerId });
    const quoteView = await app.api().get(`/api/quote/view/${quote.id}`).set('Cookie', ann.cookie).expect(200);
    expect(quoteResponseSchema.validateSync(quoteView.body).data.id).toBe(quote.id);
    // another address's order is not hers
    await app.api().get(`/api/order/view/${someoneElses.id}`).set('Cookie', ann.cookie).expect(404);
  });

  it('are claimed in the verifying transaction itself, and a password reset (which proves the address too) claims them as well', async () => {
    const email = uniqueEmail('claim-at-verify');
    const placed = await guestOrder(email);
    const ann = await register(app, email);
    await verifyAddress(ann);
    const [row] = (await app.db.query(`SELECT customer_id FROM orders.orders WHERE id = $1`, [placed.id])) as { customer_id: string }[];
    expect(row!.customer_id).toBe(ann.customerId);

    const resetEmail = uniqueEmail('claim-at-reset');
    const resetOrder = await guestOrder(resetEmail);
    const bob = await register(app, resetEmail);
    await app.api().post(accountRoutes.forgotPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ email: resetEmail }).expect(202);
    await app.deliverEmails();
    const message = (await app.mailbox()).find((entry) => entry.to === bob.email && entry.subject === 'Reset your password')!;
    const token = new URL(/https?:\/\/\S+\/reset-password\?token=\S+/.exec(message.text)![0]).searchParams.get('token')!;
    await app.api().post(accountRoutes.resetPassword.path).set('X-Forwarded-For', app.nextAddress()).send({ token, password: 'the real owner is back' }).expect(200);
    const [reset] = (await app.db.query(`SELECT customer_id FROM orders.orders WHERE id = $1`, [resetOrder.id])) as { customer_id: string }[];
    expect(reset!.customer_id).toBe(bob.customerId);
  });

  it('made after the verification join when the owner looks: in My Orders, or opening the order signed in', async () => {
    const email = uniqueEmail('claim-later');
    const ann = await register(app, email);
    await verifyAddress(ann);
    // placed while signed out, with her address
    const listed = await guestOrder(email);
    expect(listed.customerId).toBeNull();
    const quote = await staffQuote(email);
    expect((await myOrders(ann)).map((line) => line.id)).toEqual([listed.id]);
    expect((await myQuotes(ann)).map((line) => line.id)).toEqual([quote.id]);
    const opened = await guestOrder(email);
    const view = await app.api().get(`/api/order/view/${opened.id}`).set('Cookie', ann.cookie).expect(200);
    expect(orderResponseSchema.validateSync(view.body).data.customerId).toBe(ann.customerId);
  });

  it('are claimed once: claiming again, or concurrently, changes nothing and lists each record once', async () => {
    const email = uniqueEmail('claim-once');
    const ann = await register(app, email);
    await verifyAddress(ann);
    const orders = [await guestOrder(email), await guestOrder(email)];
    await staffQuote(email);
    const db = app.app.get(DataSource);
    expect(await db.transaction((manager) => claimRecordsOf(manager, ann.customerId))).toEqual({ orders: 2, quotes: 1 });
    expect(await db.transaction((manager) => claimRecordsOf(manager, ann.customerId))).toEqual({ orders: 0, quotes: 0 });
    const third = await guestOrder(email);
    const lists = await Promise.all([myOrders(ann), myOrders(ann), myOrders(ann)]);
    for (const list of lists) expect(list.map((line) => line.id)).toEqual([third.id, orders[1]!.id, orders[0]!.id]);
  });

  it('an unverified account claims nothing, even asked directly', async () => {
    const email = uniqueEmail('squatter');
    const placed = await guestOrder(email);
    const squatter = await register(app, email);
    const db = app.app.get(DataSource);
    expect(await db.transaction((manager) => claimRecordsOf(manager, squatter.customerId))).toEqual({ orders: 0, quotes: 0 });
    expect(await myOrders(squatter)).toEqual([]);
    const [row] = (await app.db.query(`SELECT customer_id FROM orders.orders WHERE id = $1`, [placed.id])) as { customer_id: string | null }[];
    expect(row!.customer_id).toBeNull();
  });
});
