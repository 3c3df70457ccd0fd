import { accountOrdersResponseSchema, accountQuotesResponseSchema, CSRF_COOKIE, CSRF_HEADER, orderResponseSchema, quoteResponseSchema, readCookie } from '@storefront/contracts';
import request from 'supertest';
import { QuotesService } from '../../quotes/quotes.service.js';
import { order as guestOrder, startOrdersTestApp, type OrdersTestApp } from '../../testing/orders-test-app.js';

// My Orders and My Quotes, and who may see an order or a quote without its token, over
// HTTP on real PostgreSQL: accounts are made and signed in through the API, as a browser does.

let testApp: OrdersTestApp;
let quotes: QuotesService;

beforeAll(async () => {
  testApp = await startOrdersTestApp();
  quotes = testApp.app.get(QuotesService);
});

afterAll(async () => {
  await testApp?.close();
});

const api = () => request(testApp.server);
let lastAddress = 0;
/** each account from its own address: the sign-in limits are not what these tests are about */
const from = () => {
  lastAddress += 1;
  return `198.18.${Math.floor(lastAddress / 250)}.${(lastAddress % 250) + 1}`;
};

interface Customer {
  id: string;
  email: string;
  /** the Cookie header a browser would send */
  cookie: string;
  csrf: string;
  address: string;
}

/** A new account through POST /api/my-account/register (the /register form's submission), signed in. */
async function registerCustomer(tag: string): Promise<Customer> {
  const email = `${tag}-${Date.now()}-${lastAddress}@example.com`;
  const address = from();
  const answer = await api()
    .post('/api/my-account/register')
    .set('X-Forwarded-For', address)
    .send({
      name: 'registration',
      formData: {
        firstName: 'Ann',
        lastName: 'Lee',
        email,
        phone: '2125550100',
        password: 'correct horse battery',
        accountType: 'homeowner',
        address: { street: '350 5th Ave', addressCountry: 'US', addressState: 'NY', addressCity: 'New York', zip: '10118' },
        newsletter: false,
      },
    });
  expect(answer.status).toBe(201);
  const setCookies = ([] as string[]).concat(answer.headers['set-cookie'] ?? []);
  const cookie = setCookies.map((line) => line.split(';')[0]).join('; ');
  const csrf = readCookie(cookie, CSRF_COOKIE);
  expect(csrf).toBeTruthy();
  return { id: answer.body.data.customerId as string, email, cookie, csrf: csrf!, address };
}

/** A sample order placed by `customer` (signed in), or by a guest when undefined. */
async function placeOrder(customer?: Customer, body: Record<string, unknown> = guestOrder) {
  const call = api().post('/api/order').set('X-Forwarded-For', customer?.address ?? from());
  if (customer) call.set('Cookie', customer.cookie).set(CSRF_HEADER, customer.csrf);
  const answer = await call.send(body);
  expect(answer.status).toBe(201);
  return answer.body.data as { id: string; orderIncrementId: string; customerId: string | null; customerIsGuest: boolean; email: string };
}

/** A quote for `email` (the account a signed-in payer may claim it for) and its payment link. */
async function quoteWithLink(email = 'ann.lee@example.com') {
  const quote = await quotes.createQuote({
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
  return { quote, link: await quotes.issuePaymentLink(quote.id) };
}

describe('an order placed while signed in', () => {
  it("is the customer's, from the session: the account's e-mail, whatever the body says, and the body's customerId is never read", async () => {
    const ann = await registerCustomer('ann');
    const other = await registerCustomer('other');
    const placed = await placeOrder(ann, { ...guestOrder, email: 'someone-else@example.com', customerId: other.id });
    expect(placed).toMatchObject({ customerId: ann.id, customerIsGuest: false, email: ann.email });
    const [row] = (await testApp.db.query(`SELECT customer_id, email FROM orders.orders WHERE id = $1`, [placed.id])) as { customer_id: string; email: string }[];
    expect(row).toEqual({ customer_id: ann.id, email: ann.email });
    // a guest naming a customer id stays a guest
    const guest = await placeOrder(undefined, { ...guestOrder, customerId: ann.id });
    expect(guest).toMatchObject({ customerId: null, customerIsGuest: true });
  });

  it('with the session cookie but without its CSRF token the order is refused (403), and none is stored', async () => {
    const ann = await registerCustomer('forged-order');
    const before = await testApp.orderCount();
    const answer = await api().post('/api/order').set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).send(guestOrder);
    expect(answer.status).toBe(403);
    expect(await testApp.orderCount()).toBe(before);
  });

  it('is in My Orders, newest first, and its owner opens its view without a token', async () => {
    const ann = await registerCustomer('my-orders');
    const first = await placeOrder(ann);
    const second = await placeOrder(ann);
    await placeOrder(); // a guest's order with the same e-mail is not hers
    const mine = await api().get('/api/my-account/orders').set('Cookie', ann.cookie).expect(200);
    const list = accountOrdersResponseSchema.validateSync(mine.body, { strict: true }).data;
    expect(list.map((line) => line.id)).toEqual([second.id, first.id]);
    expect(list[0]).toMatchObject({ orderIncrementId: second.orderIncrementId, status: 'pending', paymentStatus: 'pending', totalItemCount: 1 });
    expect(mine.headers['cache-control']).toBe('private, no-store');

    const view = await api().get(`/api/order/view/${first.id}`).set('Cookie', ann.cookie).expect(200);
    expect(orderResponseSchema.validateSync(view.body).data.id).toBe(first.id);
  });
});

describe('one customer cannot read another\'s orders or quotes', () => {
  it('0 of N forged requests are accepted', async () => {
    const ann = await registerCustomer('victim');
    const mallory = await registerCustomer('mallory');
    const annOrder = await placeOrder(ann);
    const { quote, link } = await quoteWithLink(ann.email);
    await api().post('/api/quote/payment-order').set('X-Forwarded-For', ann.address).set('Cookie', ann.cookie).set(CSRF_HEADER, ann.csrf).send({ quoteId: quote.id, token: link.token }).expect(200);

    const forged = [
      api().get(`/api/order/view/${annOrder.id}`).set('Cookie', mallory.cookie),
      api().get(`/api/order/view/${annOrder.id}`),
      api().get(`/api/order/view/${annOrder.id}?token=${'x'.repeat(43)}`).set('Cookie', ann.cookie.replace(/sf_session=[^;]+/, 'sf_session=forged')),
      api().get(`/api/quote/view/${quote.id}`).set('Cookie', mallory.cookie),
      api().get(`/api/quote/view/${quote.id}`),
      api().get('/api/my-account/orders').set('Cookie', `sf_session=${'A'.repeat(43)}`),
      api().get('/api/my-account/quotes'),
    ];
    const answers = await Promise.all(forged);
    expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 401, 401]);

    // and Mallory's own lists hold nothing of Ann's
    const malloryOrders = await api().get('/api/my-account/orders').set('Cookie', mallory.cookie).expect(200);
    const malloryQuotes = await api().get('/api/my-account/quotes').set('Cookie', mallory.cookie).expect(200);
    expect(malloryOrders.body.data).toEqual([]);
    expect(malloryQuotes.body.data).toEqual([]);
  });
});

describe('a quote paid through its link while signed in', () => {
  it("becomes the payer's when the account's e-mail is the quote's: in My Quotes, its view opens without a token, and its order is hers", async () => {
    const ann = await registerCustomer('quote-owner');
    const { quote, link } = await quoteWithLink(ann.email.toUpperCase());
    const drafted = await api()
      .post('/api/quote/payment-order')
      .set('X-Forwarded-For', ann.address)
      .set('Cookie', ann.cookie)
      .set(CSRF_HEADER, ann.csrf)
      .send({ quoteId: quote.id, token: link.token })
      .expect(200);
    expect(drafted.body.data).toMatchObject({ customerId: ann.id, customerIsGuest: false });

    const mine = await api().get('/api/my-account/quotes').set('Cookie', ann.cookie).expect(200);
    expect(accountQuotesResponseSchema.validateSync(mine.body, { strict: true }).data).toEqual([
      expect.objectContaining({ id: quote.id, quoteIncrementId: quote.quoteIncrementId, status: 'ready_to_order', total: 160_000 }),
    ]);
    const view = await api().get(`/api/quote/view/${quote.id}`).set('Cookie', ann.cookie).expect(200);
    expect(quoteResponseSchema.validateSync(view.body).data.id).toBe(quote.id);

    // another signed-in payer with the same link does not take it over
    const bob = await registerCustomer('quote-second');
    await api().post('/api/quote/payment-order').set('X-Forwarded-For', bob.address).set('Cookie', bob.cookie).set(CSRF_HEADER, bob.csrf).send({ quoteId: quote.id, token: link.token }).expect(200);
    expect((await api().get('/api/my-account/quotes').set('Cookie', bob.cookie).expect(200)).body.data).toEqual([]);
  });

  it('is not claimed by an account with another e-mail: the link still pays, the quote stays nobody\'s', async () => {
    const mallory = await registerCustomer('link-holder');
    const { quote, link } = await quoteWithLink(`someone-else-${Date.now()}@example.com`);
    const drafted = await api()
      .post('/api/quote/payment-order')
      .set('X-Forwarded-For', mallory.address)
      .set('Cookie', mallory.cookie)
      .set(CSRF_HEADER, mallory.csrf)
      .send({ quoteId: quote.id, token: link.token })
      .expect(200);
    expect(drafted.body.data).toMatchObject({ customerId: null, customerIsGuest: true });
    expect((await api().get('/api/my-account/quotes').set('Cookie', mallory.cookie).expect(200)).body.data).toEqual([]);
    await api().get(`/api/order/view/${drafted.body.data.id}`).set('Cookie', mallory.cookie).expect(404);
  });

  it('a new link undoes the claim: the quote and its order leave the account', async () => {
    const ann = await registerCustomer('claim-undone');
    const { quote, link } = await quoteWithLink(ann.email);
    const drafted = await api()
      .post('/api/quote/payment-order')
      .set('X-Forwarded-For', ann.address)
      .set('Cookie', ann.cookie)
      .set(CSRF_HEADER, ann.csrf)
      .send({ quoteId: quote.id, token: link.token })
      .expect(200);
    expect(drafted.body.data.customerId).toBe(ann.id);
    await quotes.issuePaymentLink(quote.id);
    expect((await api().get('/api/my-account/quotes').set('Cookie', ann.cookie).expect(200)).body.data).toEqual([]);
    expect((await api().get('/api/my-account/orders').set('Cookie', ann.cookie).expect(200)).body.data).toEqual([]);
    await api().get(`/api/quote/view/${quote.id}`).set('Cookie', ann.cookie).expect(404);
    await api().get(`/api/order/view/${drafted.body.data.id}`).set('Cookie', ann.cookie).expect(404);
  });
});
