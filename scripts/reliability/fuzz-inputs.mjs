// The fuzz's input generators: for every write endpoint of the route table, fast-check arbitraries
// of its payloads (from the route's own yup schemas, lib/schema-arbitraries.mjs, with hints that
// make valid ones pass checks a schema cannot describe), hostile path parameters, odd envelopes
// (broken JSON, wrong content types and encodings), and the caller's proof or its absence; and
// the request a sampled case becomes. Nothing here sends: fuzz.mjs runs the requests.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { API_ROUTES, CSRF_HEADER, ORDER_TOKEN_HEADER, formRoutes, accountRoutes } from '@storefront/contracts';
import { buildFormSchema } from '@storefront/form-schema';
import { FUZZ_ADDRESS, FUZZ_EMAIL_DOMAIN } from './fuzz-world.mjs';
import { callerOf, signInternal } from './lib/internal-signature.mjs';
import { shopperAddress } from './lib/shopper-address.mjs';
import { bodyArbitrary, hostileValue, validArbitrary } from './lib/schema-arbitraries.mjs';

/** Valid share of the payloads: enough to reach real writes, few enough not to flood the outbox. */
const VALID_SHARE = 0.3;

/**
 * encodeURIComponent for any value: a lone surrogate (a valid JS string, no valid UTF-8) becomes U+FFFD
 * first; an object a schema's `mixed` drew (it has no string form of its own) is sent as its JSON.
 */
const encode = (value) => encodeURIComponent((value !== null && typeof value === 'object' ? JSON.stringify(value) : String(value)).toWellFormed());

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

/** Bodies sent as text: broken JSON, JSON that parsers disagree on, and JSON too deep to walk recursively. */
const RAW_JSON_TEXTS = ['{', '{"a":', '{"a":1,}', "{'a':1}", 'undefined', '\uFEFF{}', 'NaN', '{"a":1}{"b":2}', '['.repeat(50_000), '{"a":"\\x41"}', '{"a":"\\ud800"}', 'nul', '1e999999', '-', '{"a":1e999}', '{"a":1,"a":2}', '\u0000', '{"items":[' + '1,'.repeat(20_000) + '1]}',
  // valid JSON 20,000 levels deep: whatever walks a body recursively meets it
  '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000),
  '['.repeat(20_000) + ']'.repeat(20_000)];
/** How the body is put on the wire: JSON mostly, else what a broken client sends. */
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
