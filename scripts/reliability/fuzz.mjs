// Property-based fuzzing of every write endpoint of the route table: payloads made by
// fast-check from each route's own yup schemas (lib/schema-arbitraries.mjs), valid ones and broken
// ones (wrong types, missing and extra fields, huge and unicode strings, odd numbers, deep nesting,
// wrong content types, invalid JSON), hostile path parameters, with and without the caller's proof.
// The property: no payload gets a 5xx or no answer, and every service is still ready afterwards.
// The figures are the HTTP answers themselves and the services' /health/ready.
import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { API_ROUTES, CSRF_COOKIE, CSRF_HEADER, ORDER_TOKEN_HEADER, formRoutes, accountRoutes, readCookie } from '@storefront/contracts';
import { buildFormSchema } from '@storefront/form-schema';
import { repoRoot } from '../lib/embedded-database.mjs';
import { callerOf, signInternal } from './lib/internal-signature.mjs';
import { shopperAddress } from './lib/shopper-address.mjs';
import { bodyArbitrary, hostileValue, validArbitrary } from './lib/schema-arbitraries.mjs';

/** The default seed; RELIABILITY_SEED replays another run's payloads. */
export const DEFAULT_SEED = 220022;
const PAYLOADS = { full: 10_000, small: 400 };
/** Modest: the fuzz shares two cores with the whole stack, and 8 keeps it near two minutes. */
const CONCURRENCY = 8;
const REQUEST_TIMEOUT_MS = 20_000;
/** Valid share of the payloads: enough to reach real writes, few enough not to flood the outbox. */
const VALID_SHARE = 0.3;

/**
 * encodeURIComponent for any value: a lone surrogate (a valid JS string, no valid UTF-8) becomes U+FFFD
 * first; an object a schema's `mixed` drew (it has no string form of its own) is sent as its JSON.
 */
const encode = (value) => encodeURIComponent((value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value)).toWellFormed());

// Idle sockets are dropped after 2 s, well before the servers' 5 s keep-alive (HTTP_KEEP_ALIVE_TIMEOUT_MS):
// reusing one the server is closing that moment gives ECONNRESET, a race of the client, not an answer.
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY, timeout: 2_000 });

/**
 * One HTTP request with the path sent byte for byte (fetch would normalise `..`, `%2e` and `\`,
 * which the forged requests need to send as they are). Answers the status, headers and body text,
 * or `error` (the code) when no answer came.
 *
 * @param {string} baseUrl
 * @param {{ method?: string, path: string, headers?: Record<string, string>, body?: string | Buffer, timeoutMs?: number }} request
 * @returns {Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, text: string } | { status: 0, error: string }>}
 */
export function sendRaw(baseUrl, { method = 'GET', path: requestPath, headers = {}, body, timeoutMs = REQUEST_TIMEOUT_MS }) {
  const url = new URL(baseUrl);
  const payload = body === undefined ? undefined : Buffer.isBuffer(body) ? body : Buffer.from(body, 'utf8');
  return new Promise((resolve) => {
    let settled = false;
    const settle = (value) => {
      if (!settled) {
        settled = true;
        resolve(value);
      }
    };
    let request;
    try {
      request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method,
          path: requestPath,
          agent,
          headers: { ...(payload ? { 'content-length': String(payload.length) } : {}), ...headers },
          timeout: timeoutMs,
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => settle({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
          response.on('error', (error) => settle({ status: 0, error: error.code ?? error.message }));
        },
      );
    } catch (error) {
      // node refuses some paths before sending (control characters): not an answer of the server's
      settle({ status: -1, error: error.code ?? error.message });
      return;
    }
    request.on('timeout', () => {
      request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' }));
    });
    request.on('error', (error) => settle({ status: 0, error: error.code ?? error.message }));
    if (payload) request.end(payload);
    else request.end();
  });
}

/** JSON through the gateway (or a service), for setting the fuzz's world up; throws on an unexpected status. */
async function callJson(baseUrl, method, requestPath, body, headers = {}, expected = [200, 201]) {
  const answer = await sendRaw(baseUrl, {
    method,
    path: requestPath,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!expected.includes(answer.status)) throw new Error(`${method} ${requestPath} answered ${answer.status}${answer.error ? ` (${answer.error})` : ''}: ${String(answer.text ?? '').slice(0, 300)}`);
  return { ...answer, json: answer.text ? JSON.parse(answer.text) : undefined };
}

/** Runs `tasks` (functions returning promises) `limit` at a time, in order of start. */
async function pool(tasks, limit, onDone = () => undefined) {
  const results = new Array(tasks.length);
  let next = 0;
  let done = 0;
  async function worker() {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
      done += 1;
      onDone(done);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

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

/** Hints by field name (and by custom test): values that pass the checks a description cannot show. */
function commonHints(world) {
  // the world's customer among them: a sign-in or a reset of a real account now and then
  const email = fc.oneof({ weight: 9, arbitrary: fc.nat({ max: 9_999 }).map((n) => `shopper${n}@${FUZZ_EMAIL_DOMAIN}`) }, { weight: 1, arbitrary: fc.constant(world.session.email) });
  // a sample door at most once per cart (the shop's rule): distinct SKUs
  const items = fc.uniqueArray(fc.constantFrom(...world.sampleItems), { minLength: 1, maxLength: 3, selector: (entry) => entry.sku });
  const firstName = fc.constantFrom('Ann', 'Maria', 'Tom');
  const lastName = fc.constantFrom('Lee', 'Smith', 'Garcia');
  const addressOf = (type) => fc.record({ type: fc.constant(type), firstName, lastName, email, ...Object.fromEntries(Object.entries(FUZZ_ADDRESS).map(([key, value]) => [key, fc.constant(value)])) });
  const ids = [...world.orders.map((order) => order.id)];
  return {
    email,
    orderEmail: email,
    receiptEmail: email,
    recipient: email,
    'test:email': email,
    'test:checkout-email': email,
    'test:plain-address': email,
    'test:checkout-firstName': firstName,
    'test:checkout-lastName': lastName,
    'test:checkout-phone': fc.constant('(212) 555-0100'),
    paymentMethod: fc.constantFrom('credit-card', 'online-payment'),
    cc: fc.array(email, { maxLength: 2 }),
    firstName,
    lastName,
    street1: fc.constant(FUZZ_ADDRESS.street1),
    street: fc.constant(FUZZ_ADDRESS.street1),
    street2: fc.constantFrom('', 'Suite 5'),
    company: fc.constantFrom('', 'Lee Kitchens'),
    city: fc.constant(FUZZ_ADDRESS.city),
    state: fc.constantFrom('NY', 'CA', 'NJ'),
    zip: fc.constantFrom('10118', '07701', '94105'),
    zipCode: fc.constantFrom('10118', '07701', '94105'),
    country: fc.constantFrom('US', 'US', 'CA'),
    countryId: fc.constantFrom('US', 'US', 'CA'),
    phoneNumber: fc.constant('2125550100'),
    phone: fc.constant('2125550100'),
    sku: fc.constantFrom(...world.sampleItems.map((entry) => entry.sku)),
    items,
    additionalData: fc.dictionary(fc.constantFrom('note', 'source'), fc.string({ maxLength: 10 }), { maxKeys: 2 }),
    addresses: fc.tuple(addressOf('billing'), fc.option(addressOf('shipping'), { nil: undefined })).map(([billing, shipping]) => (shipping ? [billing, shipping] : [billing])),
    // the first order: the one whose token a shopper doing it right sends (the second has a card payment waiting)
    orderId: fc.constant(ids[0]),
    quoteId: fc.constant(world.quote.quoteId),
    token: fc.constant(world.quote.token),
    password: fc.constantFrom('correct horse battery staple', 'wrong password 123'),
    kind: fc.constant('form-confirmation'),
    dedupeKey: fc.uuid().map((id) => `form:${id}:confirmation`),
    paymentMethodId: world.paymentMethodIds.length > 0 ? fc.constantFrom(...world.paymentMethodIds) : fc.constant('pm_missing'),
    paymentIntentId: world.intent ? fc.constant(world.intent.id) : fc.constant('pi_missing'),
    paymentIntentClientSecret: world.intent ? fc.constantFrom(world.intent.clientSecret, 'pi_x_secret_y') : fc.constant('pi_x_secret_y'),
  };
}

/** A one-step submission: no previous step's id, no metadata, the form's own e-mail settings. */
const FORM_ENVELOPE_HINTS = { id: fc.constant(undefined), metadata: fc.constant(undefined), emailNotifications: fc.constant(undefined), totalPrice: fc.constant(undefined), summary: fc.constant(undefined) };

/** Hints for a form's fields from its definition: its options, its location lists, its digits. */
function formHints(definition) {
  const hints = {};
  const visit = (fields) => {
    for (const field of fields ?? []) {
      if (field.fields) visit(field.fields);
      if (field.options?.length) hints[field.name] = fc.constantFrom(...field.options.map((option) => option.value));
      else if (field.dynamicOptions === 'countries') hints[field.name] = fc.constant('US');
      else if (field.dynamicOptions === 'states') hints[field.name] = fc.constant('NY');
      else if (field.dynamicOptions === 'cities') hints[field.name] = fc.constant('New York');
      else if (field.onlyNumbers && field.minLength) hints[field.name] = fc.constant('1'.repeat(field.minLength));
      else if (field.type === 'email') hints[field.name] = fc.nat({ max: 9_999 }).map((n) => `shopper${n}@${FUZZ_EMAIL_DOMAIN}`);
    }
  };
  visit(definition.fields);
  return hints;
}

/** Path parameters: real ids, ids shaped by the schema, and hostile ones (sent raw where they are valid URL text). */
const HOSTILE_SEGMENTS = ['..', '%2e%2e', '%2e%2e%2finternal', '%00', '%ZZ', '%', '%25', '%C0%AF', '%F0%9F%99%82', "'", '%27%20OR%201=1', '<x>', 'null', 'undefined', '__proto__', 'constructor', '-1', '0', '1e308', '9'.repeat(40), 'a'.repeat(5_000), '%20', '.', '~', '*', '%5C..%5Cinternal'];

function segmentArbitrary(description, known) {
  const valid = validArbitrary(description).map(encode);
  return fc.oneof(
    { weight: 4, arbitrary: known.length > 0 ? fc.constantFrom(...known).map(encode) : valid },
    { weight: 2, arbitrary: valid },
    { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 30 }).map(encode) },
  );
}

/** Known values for each path parameter name. */
function knownParams(world) {
  return {
    id: [...world.orders.map((order) => order.id), world.addressId],
    formName: Object.keys(world.forms),
    gateway: ['stripe', 'paypal', 'authorize-net', 'sandbox'],
    paymentMethod: ['credit-card', 'online-payment', 'stripe', 'paypal'],
    quote: [world.quote.quoteId, world.quote.quoteIncrementId],
    order: world.orders.flatMap((order) => [order.id, order.number]),
    orderId: world.orders.map((order) => order.id),
    intentId: world.intent ? [world.intent.id] : [],
  };
}

/** How the body is put on the wire: JSON mostly, else what a broken client sends. */
/** Bodies sent as text: broken JSON, JSON that parsers disagree on, and JSON too deep to walk recursively. */
const RAW_JSON_TEXTS = ['{', '{"a":', '{"a":1,}', "{'a':1}", 'undefined', '\uFEFF{}', 'NaN', '{"a":1}{"b":2}', '['.repeat(50_000), '{"a":"\\x41"}', '{"a":"\\ud800"}', 'nul', '1e999999', '-', '{"a":1e999}', '{"a":1,"a":2}', '\u0000', '{"items":[' + '1,'.repeat(20_000) + '1]}',
  // valid JSON 20,000 levels deep: whatever walks a body recursively meets it
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  '['.repeat(20_000) + ']'.repeat(20_000)];
const envelopeArbitrary = fc.oneof(
  { weight: 82, arbitrary: fc.constant({ kind: 'json' }) },
  { weight: 5, arbitrary: fc.constantFrom(...RAW_JSON_TEXTS).map((text) => ({ kind: 'raw-text', text })) },
  {
    weight: 5,
    arbitrary: fc
      .constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=zz', 'multipart/form-data', 'application/json; charset=utf-16', 'application/json; charset=koi8-r', 'application/vnd.api+json', 'application/json, text/html', 'image/png', '')
      .map((contentType) => ({ kind: 'content-type', contentType })),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'urlencoded' }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'no-body' }) },
  { weight: 2, arbitrary: fc.constantFrom('gzip', 'br', 'deflate', 'identity, gzip').map((encoding) => ({ kind: 'content-encoding', encoding })) },
);

/** a[b][0]=c: the bracket form of a JSON value, as a form post would send it. */
function urlEncoded(value, prefix = '') {
  if (value === null || typeof value !== 'object') return prefix ? [`${encode(prefix)}=${encode(value)}`] : [];
  return Object.entries(value).flatMap(([key, inner]) => urlEncoded(inner, prefix ? `${prefix}[${key}]` : key));
}

/** Who the caller is: the route's proper proof most of the time, else none or a wrong one. */
const proofArbitrary = fc.constantFrom('proper', 'proper', 'proper', 'none', 'wrong');

/**
 * The write endpoints of the route table, each with how to reach it, its payload arbitrary and the
 * headers its access needs.
 */
export function writeEndpoints(stack, world) {
  const hints = commonHints(world);
  const known = knownParams(world);
  const ordersUrl = stack.processes.find((entry) => entry.service === 'orders').url;
  const serviceUrl = (service) => stack.processes.find((entry) => entry.service === service).url;
  return API_ROUTES.filter((route) => route.method !== 'GET').map((route) => {
    // an endpoint several services serve alike (the job dead letters) is named per service
    const shared = API_ROUTES.some((other) => other !== route && other.method === route.method && other.path === route.path);
    const name = `${route.method} ${route.path}${shared ? ` (${route.service})` : ''}`;
    const paramNames = route.params ? Object.keys(route.params.describe().fields) : [];
    const paramsArbitrary = route.params
      ? fc.record(Object.fromEntries(paramNames.map((param) => [param, segmentArbitrary(route.params.describe().fields[param], known[param] ?? [])])))
      : fc.constant({});
    const queryArbitrary = route.query
      ? fc.oneof(
          validArbitrary(route.query.describe(), { return_url: fc.constant('/payment/verify') }),
          // a hostile value, but a URL under node's 16 kB header limit (past it node cuts the connection by design)
          fc.record({ return_url: hostileValue.filter((value) => String(JSON.stringify(value)).length < 4_000) }),
        )
      : fc.constant(undefined);
    const knownParamsArbitrary = fc.record(Object.fromEntries(paramNames.map((param) => [param, (known[param] ?? []).length > 0 ? fc.constantFrom(...known[param]).map(encode) : segmentArbitrary(route.params.describe().fields[param], [])])));
    /** @param {number} validShare */
    const payloadArbitrary = (validShare) => {
      if (route === formRoutes.submit || route === accountRoutes.register) {
        // the form's own rules (its definition, as the forms service builds them) inside the route's envelope
        const names = route === accountRoutes.register ? ['registration'] : Object.keys(world.forms);
        return fc.constantFrom(...names).chain((formName) =>
          fc.record({
            formName: fc.constant(formName),
            payload: bodyArbitrary(
              route.body,
              { ...hints, ...FORM_ENVELOPE_HINTS, name: fc.constant(formName), formData: validArbitrary(buildFormSchema(world.forms[formName]).describe(), { ...hints, ...formHints(world.forms[formName]) }, undefined, validShare === 1) },
              validShare,
            ),
          }),
        );
      }
      return fc.record({ formName: fc.constant(undefined), payload: bodyArbitrary(route.body, routeHints(route, hints, world), validShare) });
    };
    const caseArbitrary = fc.oneof(
      // a shopper (or staff, or a service) doing it right: a contract-valid body as JSON, with the route's proof
      {
        weight: Math.round(VALID_SHARE * 100),
        arbitrary: fc.record({ params: knownParamsArbitrary, query: queryArbitrary, body: payloadArbitrary(1), envelope: fc.constant({ kind: 'json' }), proof: fc.constant('proper'), orderIndex: fc.constant(0) }),
      },
      // everything else: broken bodies, hostile ids, odd envelopes, missing or wrong proof
      {
        weight: 100 - Math.round(VALID_SHARE * 100),
        arbitrary: fc.record({ params: paramsArbitrary, query: queryArbitrary, body: payloadArbitrary(0.1), envelope: envelopeArbitrary, proof: proofArbitrary, orderIndex: fc.nat({ max: 1 }) }),
      },
    );
    return {
      name,
      route,
      caseArbitrary,
      /** the request a sampled case makes */
      request(sample) {
        const params = { ...sample.params };
        if (sample.body.formName && params.formName !== undefined && !HOSTILE_SEGMENTS.includes(params.formName)) params.formName = sample.body.formName;
        let requestPath = route.path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, param) => params[param] ?? 'x');
        if (sample.query) requestPath += `?${urlEncoded(sample.query).join('&')}`;
        const headers = { accept: 'application/json' };
        const order = world.orders[sample.orderIndex];
        const wrong = sample.proof === 'wrong';
        const proper = sample.proof === 'proper';
        if (route.access === 'internal') {
          // signed once the body is known (below); the retired token too, for the code before signed calls
          if (!sample.proof.startsWith('none')) headers['x-internal-token'] = proper ? stack.internalToken : 'not-the-token-0123456789abcdef0123456789';
        } else if (route.access === 'admin') {
          if (sample.proof !== 'none') headers.authorization = `Bearer ${proper ? stack.adminToken : 'wrong-admin-token-0123456789abcdef012345'}`;
        } else if (route.access === 'customer') {
          if (sample.proof !== 'none') {
            headers.cookie = world.session.cookie;
            if (proper) headers[CSRF_HEADER] = world.session.csrf;
          }
        } else if (route.service === 'orders' || route.service === 'payments') {
          // the order's token where a route reads one; harmless elsewhere
          if (sample.proof !== 'none') headers[ORDER_TOKEN_HEADER] = wrong ? 'wrong-order-token' : order.token;
        }
        if (route.idempotent && sample.proof !== 'none') headers['idempotency-key'] = randomUUID();
        let body;
        const value = sample.body.payload.body;
        switch (sample.envelope.kind) {
          case 'json':
            headers['content-type'] = 'application/json';
            body = value === undefined ? undefined : JSON.stringify(value);
            break;
          case 'raw-text':
            headers['content-type'] = 'application/json';
            body = sample.envelope.text;
            break;
          case 'content-type':
            if (sample.envelope.contentType) headers['content-type'] = sample.envelope.contentType;
            body = value === undefined ? undefined : JSON.stringify(value);
            break;
          case 'urlencoded':
            headers['content-type'] = 'application/x-www-form-urlencoded';
            body = urlEncoded(value).join('&');
            break;
          case 'no-body':
            headers['content-type'] = 'application/json';
            break;
          case 'content-encoding':
            headers['content-type'] = 'application/json';
            headers['content-encoding'] = sample.envelope.encoding;
            body = value === undefined ? '{}' : JSON.stringify(value);
            break;
          default:
            throw new Error(`unknown envelope ${sample.envelope.kind}`);
        }
        if (route.access === 'internal' && !sample.proof.startsWith('none')) {
          const caller = callerOf(route);
          const secret = proper ? stack.internalSecrets[caller] : 'not-the-secret-0123456789abcdef0123456789';
          Object.assign(headers, signInternal({ caller, secret, method: route.method, path: requestPath, body }));
        }
        // Admin routes: orders itself, each request from an address of its own (X-Forwarded-For,
        // which orders trusts from loopback): wrong keys count per address, and through the gateway
        // (which drops the header in development) they would lock the harness out of the back office.
        if (route.access === 'admin') headers['x-forwarded-for'] = shopperAddress();
        // internal routes: the service that serves them itself (the gateway never forwards /internal)
        const baseUrl = route.access === 'internal' ? serviceUrl(route.service) : route.access === 'admin' ? ordersUrl : stack.gatewayUrl;
        return { baseUrl, method: route.method, path: requestPath, headers, body };
      },
    };
  });
}

/** Per-route hints where a field name means something else than elsewhere. */
function routeHints(route, hints, world) {
  const specific = { ...hints };
  if (route.path === '/api/admin/quotes') {
    specific.items = fc.array(fc.record({ name: fc.constantFrom('Base cabinet', 'Wall cabinet'), sku: fc.constantFrom('B24', 'W3030'), qty: fc.integer({ min: 1, max: 5 }), price: fc.integer({ min: 0, max: 500_000 }).map((cents) => cents / 100) }), { minLength: 1, maxLength: 3 });
    specific.addresses = fc.constant([{ type: 'billing', ...FUZZ_ADDRESS }]);
    specific.shippingMethod = fc.constantFrom('freight', 'pickup');
  }
  if (route.path === '/api/my-account/password/reset') delete specific.token;
  if (route.path === '/api/order' && route.method === 'PATCH') specific.id = fc.constant(world.orders[0].id);
  return specific;
}

/** A payload, shortened for a log line. */
function excerpt(text, length = 300) {
  if (text === undefined) return '(no body)';
  const value = Buffer.isBuffer(text) ? text.toString('utf8') : String(text);
  return value.length > length ? `${value.slice(0, length)}... (${value.length} chars)` : value;
}

/** The error a crashed process's log ends with (node prints the uncaught error's name and message). */
async function lastErrorOf(logFile) {
  try {
    const lines = (await readFile(logFile, 'utf8')).split('\n');
    const error = lines.findLast((line) => /^[A-Z][A-Za-z]*Error\b/.test(line));
    return error ?? 'no error in its log';
  } catch {
    return 'its log could not be read';
  }
}

/** Rows the fuzz's accepted writes add, counted in PostgreSQL (undefined when it cannot be read). */
async function writesInDatabase(stack) {
  try {
    const [row] = await stack.query(
      `SELECT (SELECT count(*) FROM orders.orders)::int AS orders, (SELECT count(*) FROM orders.email_outbox)::int AS "queued e-mails",
              (SELECT count(*) FROM forms.form_submission)::int AS "form submissions", (SELECT count(*) FROM orders.customer)::int AS accounts`,
    );
    return row;
  } catch {
    return undefined;
  }
}

/** Every process of the stack answers /health/ready with 200. */
export async function readyProcesses(stack) {
  const answers = await Promise.all(stack.processes.map(async (entry) => ({ entry, answer: await sendRaw(entry.url, { path: '/health/ready', timeoutMs: 5000 }) })));
  return { ready: answers.filter(({ answer }) => answer.status === 200).length, total: answers.length, down: answers.filter(({ answer }) => answer.status !== 200).map(({ entry, answer }) => `${entry.service}#${entry.index} (${answer.status || answer.error})`) };
}

/**
 * The fuzz scenario.
 *
 * @param {Awaited<ReturnType<import('./stack.mjs').startStack>>} stack
 * @param {{ size?: 'full' | 'small', log?: (line: string) => void }} [options]
 */
export async function runFuzz(stack, { size = 'full', log = () => undefined } = {}) {
  const seed = Number(process.env.RELIABILITY_SEED ?? DEFAULT_SEED);
  const total = PAYLOADS[size] ?? PAYLOADS.full;
  const only = process.env.RELIABILITY_FUZZ_ENDPOINT;
  const started = Date.now();
  const world = await prepareWorld(stack, log);
  const before = await writesInDatabase(stack);
  // each endpoint keeps its index in the route table (its seed is seed + index), also when RELIABILITY_FUZZ_ENDPOINT picks one
  let endpoints = writeEndpoints(stack, world).map((endpoint, index) => ({ ...endpoint, index }));
  if (only) endpoints = endpoints.filter((endpoint) => endpoint.name.includes(only));
  const everyWriteEndpoint = endpoints.length;
  log(`fuzz: seed ${seed} (RELIABILITY_SEED replays it), ${total} payloads over ${endpoints.length} write endpoints, ${CONCURRENCY} at a time`);

  // the payloads, spread evenly; each endpoint's from its own seed, so one endpoint replays alone
  const jobs = [];
  endpoints.forEach((endpoint, position) => {
    const count = Math.floor(total / endpoints.length) + (position < total % endpoints.length ? 1 : 0);
    const samples = fc.sample(endpoint.caseArbitrary, { seed: seed + endpoint.index, numRuns: count });
    samples.forEach((sample, caseIndex) => jobs.push({ endpoint, endpointIndex: endpoint.index, caseIndex, request: endpoint.request(sample), mutation: sample.body.payload.mutation, envelope: sample.envelope.kind }));
  });
  log(`fuzz: ${jobs.length} payloads made in ${Date.now() - started} ms`);

  // while a crashed process starts again the fuzz waits, so its payloads meet a whole stack
  let gate = Promise.resolve();
  const tasks = jobs.map((job) => async () => {
    await gate;
    const answer = await sendRaw(job.request.baseUrl, job.request);
    // a gateway answering 502, or a refused connection, is the moment to look for a dead process
    if (answer.status === 502 || answer.status <= 0) checkProcesses();
    return { job, answer };
  });
  const step = Math.max(1, Math.floor(tasks.length / 10));
  const sendStarted = Date.now();
  let answeredSoFar = 0;
  // A payload that kills a process is the worst finding: it is counted, named with the error its log
  // ends with, and the process is started again, so the rest of the fuzz (and the faults after it)
  // meets a whole stack.
  const crashes = [];
  let restarts = Promise.resolve();
  const restarting = new Set();
  function checkProcesses() {
    for (const entry of stack.processes) {
      const child = entry.child;
      if (!child || restarting.has(entry) || (child.exitCode === null && child.signalCode === null)) continue;
      restarting.add(entry);
      crashes.push({ entry, after: answeredSoFar, exit: child.signalCode ?? `code ${child.exitCode}` });
      log(`fuzz: ${entry.service}#${entry.index} exited (${child.signalCode ?? `code ${child.exitCode}`}) after ${answeredSoFar} answers; starting it again (log ${entry.logFile})`);
      restarts = restarts
        .then(() => stack.restart(entry.service, entry.index))
        .catch((error) => log(`fuzz: ${entry.service}#${entry.index} did not start again: ${error.message}`))
        .finally(() => restarting.delete(entry));
      gate = restarts;
    }
  }
  const watcher = setInterval(checkProcesses, 250);
  let results;
  try {
    results = await pool(tasks, CONCURRENCY, (done) => {
      answeredSoFar = done;
      if (done % step === 0) log(`fuzz: ${done}/${tasks.length} answered (${Math.round((Date.now() - sendStarted) / 1000)} s)`);
    });
  } finally {
    clearInterval(watcher);
    await restarts;
  }
  for (const crash of crashes) crash.reason = await lastErrorOf(crash.entry.logFile);

  const byEndpoint = new Map(endpoints.map((endpoint) => [endpoint.name, { answered: 0, ok: 0, status: new Map() }]));
  const serverErrors = [];
  const noAnswer = [];
  for (const { job, answer } of results) {
    const tally = byEndpoint.get(job.endpoint.name);
    if (answer.status > 0) tally.answered += 1;
    if (answer.status >= 200 && answer.status < 300) tally.ok += 1;
    tally.status.set(answer.status, (tally.status.get(answer.status) ?? 0) + 1);
    if (answer.status >= 500) serverErrors.push({ job, answer });
    else if (answer.status <= 0) noAnswer.push({ job, answer });
  }
  const describeFailure = ({ job, answer }) =>
    `${job.request.method} ${excerpt(job.request.path, 120)} [case ${job.caseIndex} of RELIABILITY_SEED=${seed} RELIABILITY_FUZZ_ENDPOINT='${job.endpoint.name}', ${job.mutation}/${job.envelope}] -> ${answer.status || answer.error}: ` +
    `${excerpt(answer.text, 200)} | headers ${JSON.stringify(job.request.headers)} | body ${excerpt(job.request.body)}`;
  for (const failure of serverErrors.slice(0, 5)) log(`fuzz 5xx: ${describeFailure(failure)}`);
  for (const failure of noAnswer.slice(0, 5)) log(`fuzz no answer: ${describeFailure(failure)}`);
  if (process.env.RELIABILITY_FUZZ_DEBUG) {
    // why the payloads meant to be valid were refused: stale hints show here first
    const seen = new Set();
    for (const { job, answer } of results) {
      if (job.mutation !== 'none' || job.envelope !== 'json' || answer.status < 400 || seen.has(job.endpoint.name)) continue;
      seen.add(job.endpoint.name);
      log(`fuzz debug: ${job.endpoint.name} refused a valid payload (${answer.status}): ${excerpt(answer.text, 300)} | body ${excerpt(job.request.body, 400)}`);
    }
  }
  for (const [name, tally] of byEndpoint) log(`fuzz: ${name}: ${[...tally.status].sort((a, b) => a[0] - b[0]).map(([status, count]) => `${status}x${count}`).join(' ')}`);

  const answered = results.filter(({ answer }) => answer.status > 0).length;
  const covered = [...byEndpoint.values()].filter((tally) => tally.answered > 0).length;
  const reachingWrites = [...byEndpoint.values()].filter((tally) => tally.ok > 0).length;
  // some endpoints take nothing a fuzz can make (a verified payment, a reset link, a file upload);
  // the small run has about eleven payloads an endpoint, so it asks less
  const reachingFloor = Math.ceil(everyWriteEndpoint / (size === 'small' ? 3 : 2));
  const health = await readyProcesses(stack);
  // what the accepted payloads left behind (the faults scenario runs after the fuzz on the same stack)
  const after = await writesInDatabase(stack);
  if (before && after) log(`fuzz: left ${Object.entries(after).map(([name, count]) => `${count - before[name]} ${name}`).join(', ')} in PostgreSQL`);
  const seconds = Math.round((Date.now() - started) / 1000);
  log(`fuzz: done in ${seconds} s`);
  const firstFailure = serverErrors[0] ?? noAnswer[0];
  return {
    seed,
    seconds,
    rows: [
      { figure: `fuzz: payloads answered (seed ${seed})`, measured: answered, expected: `= ${total}`, ok: answered === total },
      { figure: 'fuzz: write endpoints of the route table answered', measured: `${covered}/${everyWriteEndpoint}`, expected: 'all', ok: covered === everyWriteEndpoint && everyWriteEndpoint > 0 },
      {
        figure: 'fuzz: write endpoints that took some payload (2xx)',
        measured: reachingWrites,
        // a fuzz refused at the door everywhere (tokens, sessions, hints gone stale) tests nothing
        expected: `>= ${reachingFloor}`,
        ok: reachingWrites >= reachingFloor,
      },
      { figure: 'fuzz: answers 5xx', measured: serverErrors.length, expected: '= 0', ok: serverErrors.length === 0, ...(firstFailure ? { detail: describeFailure(firstFailure) } : {}) },
      { figure: 'fuzz: no answer (connection errors, timeouts)', measured: noAnswer.length, expected: '= 0', ok: noAnswer.length === 0 },
      {
        figure: 'fuzz: processes that crashed (restarted)',
        measured: crashes.length,
        expected: '= 0',
        ok: crashes.length === 0,
        ...(crashes.length ? { detail: crashes.map((crash) => `${crash.entry.service}#${crash.entry.index} (${crash.exit}) after ${crash.after} answers: ${crash.reason}`).join('; ') } : {}),
      },
      { figure: 'fuzz: processes ready afterwards', measured: `${health.ready}/${health.total}`, expected: 'all', ok: health.ready === health.total, ...(health.down.length ? { detail: health.down.join(', ') } : {}) },
    ],
  };
}
