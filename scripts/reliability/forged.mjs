// Forged requests: each kind the issue lists, sent for real, and what the stack answered.
// A forged request is "accepted" when it gets a 2xx or its answer shows data it guards (an e-mail,
// an address, a token, a client secret): both are read from the answer itself. Each kind also has a
// control, the same request with the right proof, which must be answered 2xx: a refusal that the
// right proof would meet too proves nothing.
// How they are sent and counted is forged-ledger.mjs; the security review's probes, run after these
// kinds through the same ledger, are forged-review.mjs.
import { randomUUID } from 'node:crypto';
import { API_ROUTES, CSRF_COOKIE, CSRF_HEADER, ORDER_TOKEN_HEADER, readCookie } from '@storefront/contracts';
import { createLedger, send } from './forged-ledger.mjs';
import { runReviewProbes } from './forged-review.mjs';
import { FUZZ_ADDRESS } from './fuzz-world.mjs';
import { signInternal } from './lib/internal-signature.mjs';
import { is, json, withJson } from './lib/probe-requests.mjs';

/** Forged e-mails go to this domain (a scenario counting e-mails can tell them apart). */
export const FORGED_EMAIL_DOMAIN = 'forged.example.com';
/** the services' JSON body limits (services/*\/src/app.module.ts); content keeps the default */
const BODY_LIMITS = { orders: 100 * 1024, payments: 16 * 1024, forms: 256 * 1024, content: 1024 * 1024 };
const WRONG_INTERNAL_TOKEN = 'forged-internal-token-0123456789abcdef0123456789';

/** Any answer that is a refusal of the caller: 400, 401, 403 or 404. */
const refusedStatus = (answer) => [400, 401, 403, 404].includes(answer.status);

async function must(label, promise) {
  const answer = await promise;
  if (!(answer.status >= 200 && answer.status < 300)) throw new Error(`forged set-up: ${label} answered ${answer.status || answer.error}: ${String(answer.text ?? '').slice(0, 300)}`);
  return JSON.parse(answer.text);
}

/** What the forged requests need: orders, quotes, two customers, two card payments. */
async function prepare(stack, log) {
  const gateway = stack.gatewayUrl;
  const tag = Date.now().toString(36);
  const samples = await must('catalog samples', send(gateway, { path: '/api/catalog/samples' }));
  const item = samples.styles[0].items[0];
  const sampleDoor = { sku: item.sku, qty: 1, ...(item.finish ? { finish: { type: item.finish.type, value: item.finish.value } } : {}) };
  const orderBody = (email, extra = {}) => ({
    email,
    firstName: 'Ann',
    lastName: 'Lee',
    items: [sampleDoor],
    addresses: [{ type: 'billing', firstName: 'Ann', lastName: 'Lee', email, ...FUZZ_ADDRESS }],
    paymentMethod: 'credit-card',
    ...extra,
  });
  const placeOrder = async (name, headers = {}, extra = {}) => {
    const email = `${name}-${tag}@${FORGED_EMAIL_DOMAIN}`;
    const created = await must(`order ${name}`, send(gateway, withJson('POST', '/api/order', orderBody(email, extra), { 'idempotency-key': randomUUID(), ...headers })));
    return { id: created.data.id, number: created.data.orderIncrementId, token: created.orderToken, email, customerId: created.data.customerId, customerIsGuest: created.data.customerIsGuest };
  };
  const orders = { a: await placeOrder('order-a'), b: await placeOrder('order-b'), c: await placeOrder('order-c'), d: await placeOrder('order-d') };

  const admin = { authorization: `Bearer ${stack.adminToken}` };
  const makeQuote = async (name) =>
    must(
      `quote ${name}`,
      send(
        gateway,
        withJson(
          'POST',
          '/api/admin/quotes',
          {
            firstName: 'Quinn',
            lastName: 'Lee',
            email: `${name}-${tag}@${FORGED_EMAIL_DOMAIN}`,
            addresses: [{ type: 'billing', ...FUZZ_ADDRESS }],
            shippingMethod: 'freight',
            items: [{ name: 'Base cabinet', sku: 'B24', qty: 1, price: 1400 }],
            shippingAmount: 200,
          },
          admin,
        ),
      ),
    );
  const quotes = { a: await makeQuote('quote-a'), b: await makeQuote('quote-b') };

  const register = async (name) => {
    const email = `${name}-${tag}@${FORGED_EMAIL_DOMAIN}`;
    const answer = await send(
      gateway,
      withJson('POST', '/api/my-account/register', {
        name: 'registration',
        formData: {
          firstName: name === 'ann' ? 'Ann' : 'Bob',
          lastName: 'Lee',
          email,
          phone: '2125550100',
          password: 'correct horse battery staple',
          accountType: 'homeowner',
          address: { street: '350 5th Ave', addressCountry: 'US', addressState: 'NY', addressCity: 'New York', zip: '10118' },
          newsletter: false,
        },
        ...(stack.captchaToken?.('registration') ? { recaptchaToken: stack.captchaToken('registration') } : {}),
      }),
    );
    if (answer.status !== 201) throw new Error(`forged set-up: register ${name} answered ${answer.status}: ${answer.text}`);
    const cookie = [].concat(answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    return { email, cookie, csrf: readCookie(cookie, CSRF_COOKIE), id: JSON.parse(answer.text).data.customerId };
  };
  const ann = await register('ann');
  const bob = await register('bob');
  const signedIn = (customer) => ({ cookie: customer.cookie, [CSRF_HEADER]: customer.csrf });
  // Ann's address, with a street only she has: an answer showing it to anyone else is a leak
  const annStreet = `${Math.floor(Math.random() * 9000) + 1000} Forged Lane ${tag}`;
  const annAddress = await must(
    "Ann's address",
    send(gateway, withJson('POST', '/api/my-account/address', { firstName: 'Ann', lastName: 'Lee', ...FUZZ_ADDRESS, street1: annStreet }, { ...signedIn(ann), 'idempotency-key': randomUUID() })),
  );
  const annOrder = await placeOrder('ann-order', signedIn(ann));

  // two card payments waiting for 3-D Secure at the Stripe stand-in: live intents with client secrets
  const intents = {};
  if (stack.stripe) {
    for (const [name, order] of [['c', orders.c], ['d', orders.d]]) {
      const method = await must(
        'Stripe payment method',
        send(stack.stripe.url, {
          method: 'POST',
          path: '/v1/payment_methods',
          headers: { authorization: `Bearer ${stack.stripeKeys.STRIPE_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
          body: `type=card&card[number]=4000002500003155&card[exp_month]=12&card[exp_year]=${new Date().getUTCFullYear() + 5}&card[cvc]=123`,
        }),
      );
      const paid = await must(
        `payment of order ${name}`,
        send(gateway, withJson('POST', '/api/payment/stripe/payment-intent', { paymentMethodId: method.id, metadata: { orderId: order.id } }, { [ORDER_TOKEN_HEADER]: order.token, 'idempotency-key': randomUUID() })),
      );
      intents[name] = { id: paid.paymentIntent.id, clientSecret: paid.paymentIntent.client_secret };
    }
  }
  log(`forged set-up: orders ${Object.values(orders).map((order) => order.number).join(', ')}, quotes ${quotes.a.quoteIncrementId} and ${quotes.b.quoteIncrementId}, customers Ann and Bob, ${Object.keys(intents).length} card payments`);
  return { orders, quotes, ann, bob, annStreet, annAddressId: annAddress.data.id, annOrder, intents, signedIn };
}

/** Internal API: every internal route of every replica that serves it, and /metrics of every process, without the token. */
async function forgeInternal(stack, world, ledger) {
  const kind = 'internal API without a token or with a wrong one';
  const internalRoutes = API_ROUTES.filter((route) => route.access === 'internal');
  const { a } = world.orders;
  const pathOf = (route) => route.path.replace(/:[A-Za-z_]+/g, a.id);
  const bodies = {
    POST: json({ attemptId: `forged-${randomUUID()}`, gateway: 'stripe', method: 'credit-card', methodLabel: 'Card', status: 'completed', amount: 1, transactionId: 'pi_forged' }),
  };
  const tokenVariants = [
    {},
    { 'x-internal-token': WRONG_INTERNAL_TOKEN },
    { 'x-internal-token': '' },
    { 'x-internal-token': stack.internalToken.slice(0, -1) },
    { authorization: `Bearer ${WRONG_INTERNAL_TOKEN}` },
    // the forwarded address of this machine is no proof
    { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' },
  ];
  const owners = stack.processes.filter((entry) => internalRoutes.some((route) => route.service === entry.service));
  for (const entry of owners) {
    for (const route of internalRoutes.filter((candidate) => candidate.service === entry.service)) {
      for (const headers of tokenVariants) {
        await ledger.forged(kind, entry.url, { method: route.method, path: pathOf(route), headers: { 'content-type': 'application/json', ...headers }, body: route.method === 'GET' ? undefined : bodies.POST }, { guarded: [a.email], refusal: is(401, 429) });
      }
    }
  }
  // the control: the right token, on the read (it changes nothing): orders' payable amount
  const payable = internalRoutes.find((route) => route.service === 'orders' && route.method === 'GET' && route.callers?.includes('payments'));
  // (signed by payments, its caller; the retired token rides along for the code before signed calls,
  // which the review's probes show refused on its own)
  if (payable) {
    const signed = signInternal({ caller: 'payments', secret: stack.internalSecrets.payments, method: 'GET', path: pathOf(payable) });
    const orders = owners.find((entry) => entry.service === 'orders');
    await ledger.control('internal read signed by its caller', orders.url, { path: pathOf(payable), headers: { ...signed, 'x-internal-token': stack.internalToken } });
  }
  // the gateway never forwards /internal, not even with the right token: a page path to it (404 for a
  // GET; a POST to a page is redirected, 303, to the same page, which is a 404)
  for (const route of internalRoutes) {
    for (const headers of [{}, { 'x-internal-token': stack.internalToken }]) {
      await ledger.forged(kind, stack.gatewayUrl, { method: route.method, path: pathOf(route), headers: { 'content-type': 'application/json', ...headers }, body: route.method === 'GET' ? undefined : bodies.POST }, { guarded: [a.email], refusal: is(404, 303) });
    }
  }
  // every process's /metrics (Prometheus) is internal too
  for (const entry of stack.processes) {
    for (const headers of [{}, { authorization: `Bearer ${WRONG_INTERNAL_TOKEN}` }, { 'x-internal-token': WRONG_INTERNAL_TOKEN }]) {
      await ledger.forged(kind, entry.url, { path: '/metrics', headers }, { refusal: is(401, 404, 429) });
    }
  }
  // the back office over HTTP without its token, or with a wrong one. Wrong keys count against the
  // caller's address: the development gateway drops X-Forwarded-For, so there they go to orders
  // itself, each from an address of its own, and never lock the harness (127.0.0.1) out of the
  // back office for the rest of the run.
  const backOffice = stack.mode === 'production' ? stack.gatewayUrl : stack.processes.find((entry) => entry.service === 'orders').url;
  for (const headers of [{}, { authorization: 'Bearer forged-admin-token-0123456789abcdef0123456789' }, { authorization: `Bearer ${stack.internalToken}` }, { authorization: stack.adminToken }]) {
    await ledger.forged('back office without its token', backOffice, { path: '/api/admin/orders', headers }, { guarded: [a.email, a.number], refusal: is(401, 429) });
    await ledger.forged('back office without its token', backOffice, { path: '/api/admin/quotes', headers }, { guarded: [world.quotes.a.quoteIncrementId], refusal: is(401, 429) });
    await ledger.forged('back office without its token', backOffice, withJson('POST', `/api/admin/orders/${a.id}/split-payment`, { minimumSplitAmount: 1 }, headers), { refusal: is(401, 429) });
  }
  await ledger.control('back office with its token', stack.gatewayUrl, { path: '/api/admin/orders', headers: { authorization: `Bearer ${stack.adminToken}` } });
}

/** Order and quote reads without their token, or with another one's. */
async function forgeOrderAndQuoteReads(stack, world, ledger) {
  const gateway = stack.gatewayUrl;
  const { a, b } = world.orders;
  const kind = 'order read without its token';
  const guarded = [a.email, a.token];
  for (const headers of [{}, { [ORDER_TOKEN_HEADER]: b.token }, { [ORDER_TOKEN_HEADER]: '' }, { [ORDER_TOKEN_HEADER]: a.token.slice(0, -2) }, { [ORDER_TOKEN_HEADER]: a.id }]) {
    await ledger.forged(kind, gateway, { path: `/api/order/view/${a.id}`, headers }, { guarded, refusal: is(404) });
  }
  for (const query of [`token=${encodeURIComponent(b.token)}`, 'token=', `token=${a.id}`, `token[]=${encodeURIComponent(a.token.slice(1))}`]) {
    await ledger.forged(kind, gateway, { path: `/api/order/view/${a.id}?${query}` }, { guarded, refusal: refusedStatus });
  }
  // by number with a wrong e-mail (the split-payment page's lookup)
  for (const query of [`email=${encodeURIComponent(b.email)}`, '', 'email=']) {
    await ledger.forged(kind, gateway, { path: `/api/order/${a.number}${query ? `?${query}` : ''}` }, { guarded, refusal: refusedStatus });
  }
  // changing or paying order A with B's token
  await ledger.forged(kind, gateway, withJson('PATCH', '/api/order', { id: a.id, email: a.email, firstName: 'Eve', lastName: 'Lee', items: [{ sku: 'SSW-SMPL-SNW', qty: 1 }] }, { [ORDER_TOKEN_HEADER]: b.token, 'idempotency-key': randomUUID() }), { guarded, refusal: refusedStatus });
  await ledger.forged(kind, gateway, withJson('POST', '/api/payment/attempts', { orderId: a.id, paymentMethod: 'credit-card' }, { [ORDER_TOKEN_HEADER]: b.token, 'idempotency-key': randomUUID() }), { guarded, refusal: refusedStatus });
  await ledger.control('order read with its token', gateway, { path: `/api/order/view/${a.id}`, headers: { [ORDER_TOKEN_HEADER]: a.token } });
  // (the split-payment lookup's control, with a split-payment order and its e-mail, is the review's N2)

  const quoteKind = 'quote read without its token';
  const qa = world.quotes.a;
  const qb = world.quotes.b;
  const quoteGuarded = [qa.token, `quote-a-`];
  for (const query of [`quoteId=${qa.quoteId}`, `quoteId=${qa.quoteId}&token=${qb.token}`, `quoteId=${qa.quoteId}&token=`, `quoteId=${qa.quoteId}&token=${qa.token.slice(0, -2)}`, `quoteId=${qa.quoteIncrementId}&token=${qb.token}`]) {
    await ledger.forged(quoteKind, gateway, { path: `/api/quote?${query}` }, { guarded: quoteGuarded, refusal: refusedStatus });
  }
  for (const query of ['', `?token=${qb.token}`, '?token=']) {
    await ledger.forged(quoteKind, gateway, { path: `/api/quote/view/${qa.quoteId}${query}` }, { guarded: quoteGuarded, refusal: refusedStatus });
  }
  await ledger.forged(quoteKind, gateway, withJson('POST', '/api/quote/payment-order', { quoteId: qa.quoteId, token: qb.token }), { guarded: quoteGuarded, refusal: refusedStatus });
  await ledger.forged(quoteKind, gateway, withJson('POST', '/api/quote/payment-order', { quoteId: qa.quoteId }), { guarded: quoteGuarded, refusal: refusedStatus });
  await ledger.control('quote read with its token', gateway, { path: `/api/quote?quoteId=${qa.quoteId}&token=${encodeURIComponent(qa.token)}` });
  await ledger.control('quote view with its token', gateway, { path: `/api/quote/view/${qa.quoteId}?token=${encodeURIComponent(qa.token)}` });
}

/** Another customer's address and order: Bob signed in, reaching for Ann's. */
async function forgeOtherCustomer(stack, world, ledger) {
  const gateway = stack.gatewayUrl;
  const { ann, bob, annStreet, annAddressId, annOrder, signedIn } = world;
  const kind = "another customer's address or order";
  const guarded = [annStreet, ann.email, annOrder.id];
  const newAddress = { firstName: 'Bob', lastName: 'Lee', ...FUZZ_ADDRESS, street1: '1 Takeover Rd' };
  await ledger.forged(kind, gateway, withJson('PUT', `/api/my-account/address/${annAddressId}`, newAddress, signedIn(bob)), { guarded, refusal: is(404) });
  await ledger.forged(kind, gateway, { method: 'DELETE', path: `/api/my-account/address/${annAddressId}`, headers: signedIn(bob) }, { guarded, refusal: is(404) });
  await ledger.forged(kind, gateway, { path: `/api/order/view/${annOrder.id}`, headers: { cookie: bob.cookie } }, { guarded, refusal: is(404) });
  // Bob's own lists must not show Ann's (a 200 here is right; showing her data is the leak)
  for (const listPath of ['/api/my-account/addresses', '/api/my-account/orders', '/api/my-account/me']) {
    const answer = await send(gateway, { path: listPath, headers: { cookie: bob.cookie } });
    const leaked = guarded.some((secret) => answer.text?.includes(secret));
    const tally = ledger.kinds.get(kind);
    tally.sent += 1;
    ledger.readChecks.count += 1;
    if (leaked) tally.accepted.push(`GET ${listPath} as Bob shows Ann's data`);
    if (answer.status >= 500 || answer.status <= 0) ledger.serverErrors.push(`GET ${listPath} -> ${answer.status || answer.error}`);
  }
  // Ann's session without its CSRF token (a cross-site form): refused
  await ledger.forged(kind, gateway, withJson('PUT', `/api/my-account/address/${annAddressId}`, newAddress, { cookie: ann.cookie }), { refusal: is(403) });
  await ledger.forged(kind, gateway, withJson('PUT', `/api/my-account/address/${annAddressId}`, newAddress, { cookie: ann.cookie, [CSRF_HEADER]: bob.csrf }), { refusal: is(403) });
  // no session at all
  await ledger.forged(kind, gateway, { path: '/api/my-account/addresses' }, { guarded, refusal: is(401) });
  // a guest order naming Ann's customer id stays a guest's (it would show in her My Orders)
  const guest = await send(gateway, withJson('POST', '/api/order', { email: `guest@${FORGED_EMAIL_DOMAIN}`, firstName: 'Eve', lastName: 'Lee', customerId: ann.id, items: [{ sku: 'SSW-SMPL-SNW', qty: 1, finish: { type: 'paint', value: 'snow-white' } }], addresses: [{ type: 'billing', firstName: 'Eve', lastName: 'Lee', email: `guest@${FORGED_EMAIL_DOMAIN}`, ...FUZZ_ADDRESS }], paymentMethod: 'credit-card' }, { 'idempotency-key': randomUUID() }));
  const tally = ledger.kinds.get(kind);
  tally.sent += 1;
  ledger.readChecks.count += 1;
  const guestOrder = guest.status === 201 ? JSON.parse(guest.text).data : null;
  if (guestOrder && guestOrder.customerId === ann.id) tally.accepted.push("a guest's order taken as Ann's (body customerId)");
  if (guest.status >= 500 || guest.status <= 0) ledger.serverErrors.push(`POST /api/order with customerId -> ${guest.status}`);
  // the controls: Ann sees her own address (unchanged) and her order, without a token
  const mine = await ledger.control("Ann's own addresses", gateway, { path: '/api/my-account/addresses', headers: { cookie: ann.cookie } });
  if (!mine.text?.includes(annStreet)) {
    ledger.controls.ok -= 1;
    ledger.controls.failed.push("Ann's address is gone or changed after Bob's requests");
  }
  await ledger.control("Ann's own order without a token", gateway, { path: `/api/order/view/${annOrder.id}`, headers: { cookie: ann.cookie } });
  if (guestOrder) {
    const annOrders = await send(gateway, { path: '/api/my-account/orders', headers: { cookie: ann.cookie } });
    if (annOrders.text?.includes(guestOrder.id)) tally.accepted.push("a guest's order in Ann's My Orders");
  }
}

/** A payment's capture, retrieve, update or verify without its client secret, or with another payment's. */
async function forgePayments(stack, world, ledger) {
  if (!world.intents.c) return;
  const gateway = stack.gatewayUrl;
  const { c, d } = world.intents;
  const kind = 'payment capture or retrieve without the client secret';
  const guarded = [c.clientSecret];
  const proofs = [{}, { paymentIntentClientSecret: d.clientSecret }, { paymentIntentClientSecret: '' }, { paymentIntentClientSecret: `${c.id}_secret_forged` }];
  for (const proof of proofs) {
    await ledger.forged(kind, gateway, withJson('POST', '/api/payment/stripe/payment-intent/retrieve', { paymentIntentId: c.id, ...proof }), { guarded, refusal: refusedStatus });
    await ledger.forged(kind, gateway, withJson('POST', '/api/payment/stripe/capture-payment', { paymentIntentId: c.id, ...proof }), { guarded, refusal: refusedStatus });
    await ledger.forged(kind, gateway, withJson('PATCH', '/api/payment/stripe/payment-intent', { paymentIntentId: c.id, metadata: { orderIncrementId: 'FORGED-1' }, ...proof }), { guarded, refusal: refusedStatus });
    await ledger.forged(kind, gateway, withJson('POST', '/api/payment/stripe/verify', { paymentIntentId: c.id, ...proof }), { guarded, refusal: refusedStatus });
  }
  // another order's token is no proof either
  await ledger.forged(kind, gateway, withJson('POST', '/api/payment/stripe/payment-intent/retrieve', { paymentIntentId: c.id }, { [ORDER_TOKEN_HEADER]: world.orders.d.token }), { guarded, refusal: refusedStatus });
  await ledger.forged(kind, gateway, withJson('POST', '/api/payment/stripe/capture-payment', { paymentIntentId: c.id }, { [ORDER_TOKEN_HEADER]: world.orders.d.token }), { guarded, refusal: refusedStatus });
  await ledger.control('retrieve with the client secret', gateway, withJson('POST', '/api/payment/stripe/payment-intent/retrieve', { paymentIntentId: c.id, paymentIntentClientSecret: c.clientSecret }));
}

/** Bodies over each service's limit (413) and malformed JSON (400 with a message). */
async function forgeBodies(stack, world, ledger) {
  const tooLong = (limit) => json({ email: `long@${FORGED_EMAIL_DOMAIN}`, additionalNotes: 'x'.repeat(limit + 1024) });
  const targets = [
    { service: 'orders', method: 'POST', path: '/api/order' },
    { service: 'orders', method: 'POST', path: '/api/my-account/login' },
    { service: 'payments', method: 'POST', path: '/api/payment/attempts' },
    { service: 'payments', method: 'POST', path: '/api/payment/stripe/payment-intent/retrieve' },
    { service: 'forms', method: 'POST', path: '/api/forms/contact' },
    { service: 'content', method: 'POST', path: '/api/content/site' },
  ];
  let overLong = 0;
  let overLong413 = 0;
  let malformed = 0;
  let malformedClear = 0;
  for (const target of targets) {
    const direct = stack.processes.find((entry) => entry.service === target.service);
    for (const baseUrl of [stack.gatewayUrl, direct.url]) {
      const answer = await ledger.forged('over-long body', baseUrl, { method: target.method, path: target.path, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: tooLong(BODY_LIMITS[target.service]) }, { refusal: is(413) });
      overLong += 1;
      if (answer.status === 413) overLong413 += 1;
      for (const text of ['{"email": "a@b.co",', "{'email':'a@b.co'}", '{"a":1}}', '\u0000\u0001']) {
        const broken = await ledger.forged('malformed JSON', baseUrl, { method: target.method, path: target.path, headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() }, body: text }, { refusal: is(400) });
        malformed += 1;
        // a clear message: says it is the JSON, in the API's error shape
        let message;
        try {
          message = JSON.parse(broken.text).message ?? '';
        } catch {
          message = '';
        }
        if (broken.status === 400 && /json/i.test(message)) malformedClear += 1;
        else ledger.kinds.get('malformed JSON').wrongRefusal.push(`${target.path} (${baseUrl === stack.gatewayUrl ? 'gateway' : 'direct'}) -> ${broken.status} "${message}"`);
      }
    }
  }
  // a multipart form over the forms service's upload limits
  const boundary = 'forgedboundary';
  const bigFile = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="firstName"\r\n\r\nAnn\r\n--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    Buffer.alloc(12 * 1024 * 1024, 0xff),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const multipart = await ledger.forged('over-long body', stack.gatewayUrl, { method: 'POST', path: '/api/forms/claim', headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'idempotency-key': randomUUID() }, body: bigFile, timeoutMs: 60_000 }, { refusal: is(413, 400) });
  overLong += 1;
  if ([413, 400].includes(multipart.status)) overLong413 += 1;
  return { overLong, overLong413, malformed, malformedClear };
}

/** Path tricks toward /internal through the gateway. */
async function forgePathTricks(stack, world, ledger) {
  const id = world.orders.a.id;
  const target = `internal/orders/${id}/payable`;
  const encoded = target.replaceAll('/', '%2F');
  const tricks = [
    `/${target}`,
    `//${target}`,
    `/./${target}`,
    `/api/../${target}`,
    `/api/%2e%2e/${target}`,
    `/api/%2E%2E/${target}`,
    `/api/%252e%252e/${target}`,
    `/api/order/..%2f..%2f${target}`,
    `/api/order/..%2F..%2F${encoded}`,
    `/api/order/%2e%2e%2f%2e%2e%2f${encoded}`,
    `/api/order/view/..%2f..%2f..%2f${encoded}`,
    `/api/order/..%252f..%252f${target}`,
    `/api\\..\\${target}`,
    `/api/order/..\\..\\${target}`,
    `/api/order/%5c..%5c..%5c${target}`,
    `/api/..;/${target}`,
    `/api/order/%2e%2e/%2e%2e/${target}`,
    `/api/${target}`,
    `/api//${target}`,
    `/%69nternal/orders/${id}/payable`,
    `/INTERNAL/orders/${id}/payable`,
    `/api/order/..%00/${target}`,
    `/api/%2F..%2F${target}`,
    `/api/order/%c0%ae%c0%ae/%c0%ae%c0%ae/${target}`,
    `http://127.0.0.1:${stack.processes.find((entry) => entry.service === 'orders').port}/${target}`,
  ];
  for (const trick of tricks) {
    // without the token (an attacker) and with it (would the gateway forward it at all?)
    for (const headers of [{}, { 'x-internal-token': stack.internalToken }]) {
      await ledger.forged('path tricks toward /internal', stack.gatewayUrl, { path: trick, headers }, { guarded: [world.orders.a.email, '"amountDue"', '"payable"'], refusal: refusedStatus });
    }
  }
  // a POST the same ways: a payment result forged through the gateway
  const report = json({ attemptId: `forged-${randomUUID()}`, gateway: 'stripe', method: 'credit-card', methodLabel: 'Card', status: 'completed', amount: 1, transactionId: 'pi_forged' });
  for (const trick of [`/api/../internal/orders/${id}/payment-result`, `/api/order/..%2f..%2finternal%2forders%2f${id}%2fpayment-result`, `/api/%2e%2e/internal/email/queue`]) {
    await ledger.forged('path tricks toward /internal', stack.gatewayUrl, { method: 'POST', path: trick, headers: { 'content-type': 'application/json', 'x-internal-token': stack.internalToken }, body: report }, { refusal: refusedStatus });
  }
}

/** The production-mode stack's /dev/mailbox pages: absent from every orders process and through the gateway. */
async function forgeProductionMailbox(stack, ledger) {
  for (const entry of stack.processes.filter((process) => process.service === 'orders')) {
    await ledger.control('production orders process serves the API', entry.url, { path: '/api/order/checkout-locations' });
    for (const mailboxPath of ['/dev/mailbox', '/dev/mailbox/messages.json', `/dev/mailbox/messages/${randomUUID()}`, '/dev/mailbox/', '/dev/mailbox/messages.json?limit=1000']) {
      await ledger.forged('the mailbox in production mode', entry.url, { path: mailboxPath }, { guarded: ['@'], refusal: is(404) });
    }
  }
  for (const mailboxPath of ['/dev/mailbox', '/dev/mailbox/messages.json']) {
    await ledger.forged('the mailbox in production mode', stack.gatewayUrl, { path: mailboxPath }, { guarded: ['@'], refusal: is(404) });
  }
}

/**
 * Every forged kind against one stack, then the review's probes; answers its rows, figures labelled
 * by mode. `reviewOnly`: the review's probes (and the production mailbox) without the older kinds
 * (the small run's production-mode stack: those kinds ran against the development one already).
 */
async function forgeOn(stack, log, { reviewOnly = false } = {}) {
  const started = Date.now();
  const ledger = createLedger(log);
  const rows = [];
  const mode = stack.mode ?? 'development';
  const label = (figure) => `[${mode}] ${figure}`;
  rows.push({
    figure: label('stack set up as its mode wants (what is missing)'),
    measured: stack.gaps?.length ? stack.gaps.join('; ') : 'complete',
    expected: 'complete',
    ok: !stack.gaps?.length,
  });
  let bodies = null;
  if (!reviewOnly) {
    const world = await prepare(stack, log);
    await forgeInternal(stack, world, ledger);
    await forgeOrderAndQuoteReads(stack, world, ledger);
    await forgeOtherCustomer(stack, world, ledger);
    await forgePayments(stack, world, ledger);
    bodies = await forgeBodies(stack, world, ledger);
    await forgePathTricks(stack, world, ledger);
  }
  if (mode === 'production') await forgeProductionMailbox(stack, ledger);
  const review = await runReviewProbes(stack, { ledger, send, log });
  const seconds = Math.round((Date.now() - started) / 1000);
  log(`forged (${mode}): done in ${seconds} s${review.skipped.length ? `; not probed in this mode: ${review.skipped.join('; ')}` : ''}`);

  let sent = 0;
  for (const [kind, tally] of ledger.kinds) {
    sent += tally.sent;
    if (kind === 'over-long body' || kind === 'malformed JSON') continue;
    rows.push({
      figure: kind.startsWith('[') ? kind.replace(/^\[(\w+)\] /, '[$1] review ') + ' (accepted of sent)' : label(`forged: ${kind} (accepted of sent)`),
      measured: `${tally.accepted.length}/${tally.sent}`,
      expected: '0 accepted',
      ok: tally.accepted.length === 0 && tally.sent > 0,
      ...(tally.accepted.length ? { detail: tally.accepted.slice(0, 3).join('; ') } : {}),
    });
  }
  if (bodies) {
    rows.push({ figure: label('forged: over-long bodies answered 413'), measured: `${bodies.overLong413}/${bodies.overLong}`, expected: 'all', ok: bodies.overLong > 0 && bodies.overLong413 === bodies.overLong });
    rows.push({
      figure: label('forged: malformed JSON answered 400 saying so'),
      measured: `${bodies.malformedClear}/${bodies.malformed}`,
      expected: 'all',
      ok: bodies.malformed > 0 && bodies.malformedClear === bodies.malformed,
      ...(ledger.kinds.get('malformed JSON')?.wrongRefusal.length ? { detail: ledger.kinds.get('malformed JSON').wrongRefusal.slice(0, 3).join('; ') } : {}),
    });
  }
  const accepted = [...ledger.kinds.values()].reduce((total, tally) => total + tally.accepted.length, 0);
  // refused, but not as the contract says (a 400 where a missing token is a 401, a 404 hiding an order)
  const unexpected = [...ledger.kinds.values()].flatMap((tally) => tally.wrongRefusal);
  const refused = sent - accepted - ledger.serverErrors.length - ledger.readChecks.count;
  rows.push({
    figure: label('forged: refusals with the documented status'),
    measured: `${refused - unexpected.length}/${refused}`,
    expected: 'all',
    ok: unexpected.length === 0,
    ...(unexpected.length ? { detail: unexpected.slice(0, 3).join('; ') } : {}),
  });
  rows.push({ figure: label('forged: requests accepted (all kinds)'), measured: `${accepted}/${sent}`, expected: '0 accepted', ok: accepted === 0 && sent > 0 });
  rows.push({ figure: label('forged: answers 5xx or none'), measured: ledger.serverErrors.length, expected: '= 0', ok: ledger.serverErrors.length === 0, ...(ledger.serverErrors.length ? { detail: ledger.serverErrors.slice(0, 3).join('; ') } : {}) });
  rows.push({
    figure: label('forged: controls with the right proof answered 2xx'),
    measured: `${ledger.controls.ok}/${ledger.controls.sent}`,
    expected: 'all',
    ok: ledger.controls.sent > 0 && ledger.controls.ok === ledger.controls.sent,
    ...(ledger.controls.failed.length ? { detail: ledger.controls.failed.join('; ') } : {}),
  });
  return { seconds, rows };
}

/**
 * The forged-requests scenario: every kind and every probe of the security review, against the
 * run's stack (development, what `npm start` runs) and against the production-mode stack run.mjs
 * starts beside it (`productionStack`: a stack, a promise of one, or the Error it failed with).
 *
 * @param {Awaited<ReturnType<import('./stack.mjs').startStack>>} stack
 * @param {{ size?: 'full' | 'small', log?: (line: string) => void, productionStack?: any }} [options]
 */
export async function runForged(stack, { size = 'full', log = () => undefined, productionStack } = {}) {
  const started = Date.now();
  const rows = [];
  const forge = async (target, options) => {
    try {
      rows.push(...(await forgeOn(target, log, options)).rows);
    } catch (error) {
      log(`forged (${target.mode}) failed: ${error instanceof Error ? error.stack : error}`);
      rows.push({ figure: `[${target.mode}] forged requests ran to the end`, measured: `threw: ${error instanceof Error ? error.message : error}`, expected: 'no error', ok: false });
    }
  };
  // the run's stack first: the production-mode one is still starting meanwhile
  await forge(stack);
  if (stack.mode !== 'production') {
    let production;
    try {
      production = await productionStack;
    } catch (error) {
      production = error;
    }
    if (production && !(production instanceof Error)) await forge(production, { reviewOnly: size === 'small' });
    else {
      const why = production instanceof Error ? production.message : 'run.mjs started none';
      rows.push({ figure: '[production] the production-mode stack started', measured: `no: ${why}`, expected: 'yes', ok: false });
    }
  }
  return { seconds: Math.round((Date.now() - started) / 1000), rows };
}
