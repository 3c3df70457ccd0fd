// The fuzz's world: what its payloads need to get past the first checks of the endpoints (real
// SKUs, orders and their tokens, a signed-in customer, a quote, the forms' definitions, a card
// payment waiting at the Stripe stand-in), made through the API before the fuzz starts. The
// payloads themselves are made in fuzz-inputs.mjs from what this answers.
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { CSRF_COOKIE, CSRF_HEADER, ORDER_TOKEN_HEADER, accountRoutes, readCookie } from '@storefront/contracts';
import { repoRoot } from '../lib/embedded-database.mjs';
import { callJson, sendRaw } from './raw-http.mjs';

/** The fuzz's shopper address (the forged requests use it too): one the checks of every form accept. */
export const FUZZ_ADDRESS = { street1: '350 5th Ave', city: 'New York', state: 'NY', zipCode: '10118', countryId: 'US', phoneNumber: '2125550100' };
/** Fuzz e-mails go to this domain: a scenario counting e-mails can tell them from its own. */
export const FUZZ_EMAIL_DOMAIN = 'fuzz.example.com';

/**
 * What the fuzz needs to get past the first checks of its endpoints: real SKUs, two orders and their
 * tokens, a signed-in customer with an address, a quote with its link, the forms' definitions, and a
 * card payment of the Stripe stand-in. All made through the API, as a shopper and as staff do.
 */
export async function prepareWorld(stack, log) {
  const gateway = stack.gatewayUrl;
  const tag = `${Date.now().toString(36)}`;
  const samples = (await callJson(gateway, 'GET', '/api/catalog/samples')).json;
  const sampleItems = samples.styles
    .flatMap((style) => style.items)
    .slice(0, 12)
    .map((item) => ({ sku: item.sku, qty: 1, ...(item.finish ? { finish: { type: item.finish.type, value: item.finish.value } } : {}) }));
  if (sampleItems.length === 0) throw new Error('the catalog answered no sample doors');

  const address = { firstName: 'Ann', lastName: 'Lee', email: `world-${tag}@${FUZZ_EMAIL_DOMAIN}`, ...FUZZ_ADDRESS };
  const orderBody = {
    email: address.email,
    firstName: 'Ann',
    lastName: 'Lee',
    items: [sampleItems[0]],
    addresses: [{ type: 'billing', ...address }, { type: 'shipping', ...address }],
    paymentMethod: 'credit-card',
  };
  const orders = [];
  for (let index = 0; index < 2; index += 1) {
    const created = await callJson(gateway, 'POST', '/api/order', orderBody, { 'idempotency-key': randomUUID() });
    orders.push({ id: created.json.data.id, number: created.json.data.orderIncrementId, token: created.json.orderToken });
  }

  // a signed-in customer (the /register form's submission), with one saved address
  const customerEmail = `customer-${tag}@${FUZZ_EMAIL_DOMAIN}`;
  const registered = await callJson(gateway, 'POST', accountRoutes.register.path, {
    name: 'registration',
    formData: {
      firstName: 'Ann',
      lastName: 'Lee',
      email: customerEmail,
      phone: '2125550100',
      password: 'correct horse battery staple',
      accountType: 'homeowner',
      address: { street: '350 5th Ave', addressCountry: 'US', addressState: 'NY', addressCity: 'New York', zip: '10118' },
      newsletter: false,
    },
  });
  const cookie = [].concat(registered.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
  const csrf = readCookie(cookie, CSRF_COOKIE);
  const session = { cookie, csrf, email: customerEmail };
  const savedAddress = await callJson(gateway, 'POST', accountRoutes.createAddress.path, { firstName: 'Ann', lastName: 'Lee', ...FUZZ_ADDRESS }, { cookie, [CSRF_HEADER]: csrf, 'idempotency-key': randomUUID() });
  const addressId = savedAddress.json.data.id;

  // a quote and its payment link, made by the back office over HTTP
  const admin = { authorization: `Bearer ${stack.adminToken}` };
  const quote = (
    await callJson(
      gateway,
      'POST',
      '/api/admin/quotes',
      {
        firstName: 'Ann',
        lastName: 'Lee',
        email: `quote-${tag}@${FUZZ_EMAIL_DOMAIN}`,
        addresses: [{ type: 'billing', ...FUZZ_ADDRESS }],
        shippingMethod: 'freight',
        items: [{ name: 'Base cabinet', sku: 'B24', qty: 1, price: 1400 }],
        shippingAmount: 200,
      },
      admin,
    )
  ).json;

  // the forms the forms service knows (content/forms), each with its yup rules from its definition
  const formNames = (await readdir(path.join(repoRoot, 'content', 'forms'))).filter((name) => name.endsWith('.json')).map((name) => name.slice(0, -5));
  const forms = {};
  for (const name of formNames) forms[name] = JSON.parse(await readFile(path.join(repoRoot, 'content', 'forms', `${name}.json`), 'utf8'));

  // card payment methods at the Stripe stand-in (as Stripe.js makes them), and one intent of the first order
  const paymentMethodIds = [];
  let intent = null;
  if (stack.stripe) {
    for (const number of ['4242424242424242', '4000000000000002', '4000002500003155']) {
      const made = await sendRaw(stack.stripe.url, {
        method: 'POST',
        path: '/v1/payment_methods',
        headers: { authorization: `Bearer ${stack.stripeKeys.STRIPE_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: `type=card&card[number]=${number}&card[exp_month]=12&card[exp_year]=${new Date().getUTCFullYear() + 5}&card[cvc]=123`,
      });
      if (made.status === 200) paymentMethodIds.push(JSON.parse(made.text).id);
    }
    // 3-D Secure card: the intent waits for the shopper, so the fuzz's capture/retrieve/update meet a live one
    const paid = await callJson(
      gateway,
      'POST',
      '/api/payment/stripe/payment-intent',
      { paymentMethodId: paymentMethodIds[2], metadata: { orderId: orders[1].id } },
      { [ORDER_TOKEN_HEADER]: orders[1].token, 'idempotency-key': randomUUID() },
      [200, 201, 402],
    );
    intent = paid.json?.paymentIntent ? { id: paid.json.paymentIntent.id, clientSecret: paid.json.paymentIntent.client_secret } : null;
  }
  log?.(`fuzz world: ${sampleItems.length} SKUs, orders ${orders.map((order) => order.number).join(', ')}, quote ${quote.quoteIncrementId}, ${formNames.length} forms, ${paymentMethodIds.length} card methods`);
  return { sampleItems, orders, session, addressId, quote, forms, paymentMethodIds, intent };
}
