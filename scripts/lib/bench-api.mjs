// API throughput for `npm run bench`: each case through the gateway, next to a bare node:http server
// (scripts/lib/bare-json-server.mjs) answering the very same bytes, under the same load (autocannon,
// keep-alive connections, loopback only, bounded in time).
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const here = path.dirname(fileURLToPath(import.meta.url));

/** A valid cart (two sample doors, one of each: a sample is limited to 1) for POST /api/order/cart-summary. */
const CART = {
  items: [
    { sku: 'SSW-SMPL-SNW', qty: 1 },
    { sku: 'CBS-SMPL-NAV', qty: 1 },
  ],
  destination: { country: 'US', state: 'NY', zip: '10118' },
};

export const API_CASES = [
  { label: 'GET /api/content/product-styles/ssw', method: 'GET', path: '/api/content/product-styles/ssw' },
  { label: 'POST /api/order/cart-summary', method: 'POST', path: '/api/order/cart-summary', body: JSON.stringify(CART) },
];

/** The value below which `fraction` of the sorted `values` lie (nearest rank); NaN when empty. */
export function percentile(values, fraction) {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(fraction * sorted.length)));
  return sorted[rank - 1];
}

function requestOptions(testCase) {
  return {
    method: testCase.method,
    headers: testCase.body ? { 'content-type': 'application/json' } : {},
    ...(testCase.body ? { body: testCase.body } : {}),
  };
}

/** `connections` keep-alive connections for `seconds`: what was answered, in how long, how fast each. */
export async function load(url, testCase, { connections, seconds }) {
  const latencies = [];
  const started = performance.now();
  const instance = autocannon({ url, connections, duration: seconds, ...requestOptions(testCase) });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return {
    requests: result.requests.total,
    seconds: (performance.now() - started) / 1000,
    latencies,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

/** Several loads as one: requests/s over their whole time, p95 over every answer. */
export function combine(loads) {
  const total = (key) => loads.reduce((sum, one) => sum + one[key], 0);
  return {
    requestsPerSecond: total('requests') / total('seconds'),
    p95Ms: percentile(loads.flatMap((one) => one.latencies), 0.95),
    failures: total('failures'),
  };
}

/** Starts the bare server answering `body`; resolves with its URL and a stop function. */
async function startBareServer(body, contentType) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'bench-bare-'));
  const bodyFile = path.join(folder, 'body');
  await writeFile(bodyFile, body);
  const child = spawn(process.execPath, [path.join(here, 'bare-json-server.mjs'), bodyFile, contentType], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (chunk) => resolve(Number(String(chunk).trim())));
    child.once('exit', (code) => reject(new Error(`the bare server exited (${code})`)));
  });
  const stop = async () => {
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
    await rm(folder, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, stop };
}

/** One request through the gateway, as the load tool sends it (no compression): the bytes to copy. */
async function sample(gatewayUrl, testCase) {
  const response = await fetch(gatewayUrl + testCase.path, {
    ...requestOptions(testCase),
    headers: { ...requestOptions(testCase).headers, 'accept-encoding': 'identity' },
  });
  if (!response.ok) throw new Error(`${testCase.label} answered ${response.status} through the gateway: ${(await response.text()).slice(0, 300)}`);
  return {
    body: Buffer.from(await response.arrayBuffer()),
    contentType: response.headers.get('content-type') ?? 'application/json',
  };
}

/**
 * Each case: a short warm-up of both, then `seconds` through the gateway and `seconds` against the
 * bare server, taken in alternating rounds so that a burst of other work on the machine weighs on
 * both sides alike. Returns one row per case with both measurements and the requests/s ratio.
 */
export async function measureApi(gatewayUrl, { cases = API_CASES, connections = 50, seconds = 6, rounds = 3 } = {}) {
  const rows = [];
  for (const testCase of cases) {
    const { body, contentType } = await sample(gatewayUrl, testCase);
    const bare = await startBareServer(body, contentType);
    try {
      const targets = [gatewayUrl + testCase.path, bare.url + testCase.path];
      for (const url of targets) await load(url, testCase, { connections, seconds: 1 });
      const loads = [[], []];
      for (let round = 0; round < rounds; round += 1) {
        for (const [side, url] of targets.entries()) {
          loads[side].push(await load(url, testCase, { connections, seconds: seconds / rounds }));
        }
      }
      const [viaGateway, viaBare] = loads.map(combine);
      rows.push({
        label: testCase.label,
        bytes: body.length,
        gateway: viaGateway,
        bare: viaBare,
        ratio: viaGateway.requestsPerSecond / viaBare.requestsPerSecond,
      });
    } finally {
      await bare.stop();
    }
  }
  return rows;
}

/**
 * A guest's sample order as the checkout sends it (prices are the server's; none are sent), for one
 * shopper (`person`: email, firstName, lastName) and one sample sku; shipped to New York.
 */
export function sampleOrderFor(person, sku = 'SSW-SMPL-SNW') {
  return {
    ...person,
    items: [{ sku, qty: 1 }],
    addresses: ['billing', 'shipping'].map((type) => ({
      type,
      ...person,
      street1: '350 Fifth Avenue',
      city: 'New York',
      state: 'NY',
      zipCode: '10118',
      countryId: 'US',
      phoneNumber: '2125550100',
    })),
    paymentMethod: 'credit-card',
  };
}

export const SAMPLE_ORDER = sampleOrderFor({ email: 'bench@example.com', firstName: 'Bench', lastName: 'Shopper' });

/**
 * POST /api/order under `connections` concurrent shoppers for `seconds`: each request a new order
 * with its own Idempotency-Key (as the checkout sends), so every answer is a real insert of an order
 * with its items, addresses, payment and history in PostgreSQL. No bare-server column: a database
 * write has no static equivalent. Needs the stack's write rate limit raised (the bench sets it).
 */
export async function measureOrderCreate(gatewayUrl, { connections = 50, seconds = 6 } = {}) {
  return measureNewWrites(gatewayUrl, {
    path: '/api/order',
    body: SAMPLE_ORDER,
    label: `POST /api/order (${connections} concurrent, new order each)`,
    connections,
    seconds,
  });
}

/**
 * POSTs `body` to `path` under `connections` concurrent clients for `seconds`, each request under its
 * own Idempotency-Key (as the browser sends one per attempt), so every answer is a new stored write:
 * requests/s, p50, p95, how many were created (201) and how many failed.
 */
async function measureNewWrites(gatewayUrl, { path, body, label, connections, seconds }) {
  let counter = 0;
  const run = `bench-${process.pid}-${Date.now()}`;
  const latencies = [];
  const statuses = new Map();
  const started = performance.now();
  const instance = autocannon({
    url: `${gatewayUrl}${path}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', 'idempotency-key': `${run}-${(counter += 1)}` },
          body: JSON.stringify(body),
        }),
      },
    ],
  });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  const elapsed = (performance.now() - started) / 1000;
  return {
    label,
    requestsPerSecond: result.requests.total / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    created: statuses.get(201) ?? 0,
    failures: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    seconds: elapsed,
    latencies,
  };
}

/** A contact-form submission as the browser sends it, asking for the e-mails (the final submit). */
const SAMPLE_CONTACT = {
  name: 'contact',
  formData: {
    firstName: 'Bench',
    lastName: 'Visitor',
    email: 'bench@example.com',
    subject: 'product-question',
    message: 'Do the shaker doors come in a matte white? We are planning a galley kitchen.',
    newsletter: false,
  },
  emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'contact-confirmation' },
  metadata: { source: 'bench' },
};

/**
 * POST /api/forms/contact under `connections` concurrent visitors for `seconds`: each request its own
 * Idempotency-Key, so every answer is a validated insert of a submission plus its e-mail job (pg-boss,
 * same transaction) in PostgreSQL. The e-mails themselves are delivered later by the workers.
 */
export async function measureFormSubmit(gatewayUrl, { connections = 20, seconds = 6 } = {}) {
  return measureNewWrites(gatewayUrl, {
    path: '/api/forms/contact',
    body: SAMPLE_CONTACT,
    label: `POST /api/forms/contact (${connections} concurrent, new submission + e-mail job each)`,
    connections,
    seconds,
  });
}

/** A typical header search: a style word, as the results page asks for it. */
export const SEARCH_CASE = { label: 'GET /api/search?query=shaker white', method: 'GET', path: '/api/search?query=shaker%20white' };

/**
 * Site search through the gateway into PostgreSQL full-text search (not cached anywhere), at the
 * concurrency of a busy moment rather than a flood: requests/s, p50 and p95.
 */
export async function measureSearch(gatewayUrl, { connections = 20, seconds = 6 } = {}) {
  const result = await load(`${gatewayUrl}${SEARCH_CASE.path}`, SEARCH_CASE, { connections, seconds });
  return {
    label: `${SEARCH_CASE.label} (${connections} concurrent)`,
    requestsPerSecond: result.requests / result.seconds,
    p50Ms: percentile(result.latencies, 0.5),
    p95Ms: percentile(result.latencies, 0.95),
    failures: result.failures,
  };
}

// --- catalog listing at 5,000 styles ---

/** The bench's listing: two filters (one with two values), Newest, the second page of 24. */
export const CATALOG_LISTING_PATH = '/api/catalog/styles?doorStyle=shaker&color=white&color=grey&sort=newest&page=2&pageSize=24';

/**
 * A different selection each request, from a space far larger than the service keeps answers for
 * (door styles x colours x finishes x sorts x pages), so nearly every answer is made anew from the
 * service's listing index and crosses the gateway. Seeded, so runs compare.
 */
export function variedCatalogPaths(count, random) {
  const door = ['shaker', 'slim-shaker', 'raised-panel', 'craftsman', 'slab'];
  const color = ['white', 'beige', 'grey', 'blue', 'green', 'black', 'wood'];
  const finish = ['paint', 'stain', 'woodgrain', 'matte', 'high-gloss'];
  const sorts = ['a-z', 'z-a', 'newest', 'oldest'];
  const some = (name, values) => values.filter(() => random() < 0.35).map((value) => `${name}=${value}`);
  return Array.from({ length: count }, () => {
    const params = [...some('doorStyle', door), ...some('color', color), ...some('finish', finish)];
    params.push(`sort=${sorts[Math.floor(random() * sorts.length)]}`, `page=${1 + Math.floor(random() * 3)}`, 'pageSize=24');
    return `/api/catalog/styles?${params.join('&')}`;
  });
}

/**
 * GET listings through the gateway under `connections` concurrent shoppers for `seconds`: `paths`
 * taken in turn. p50/p95 over every answer, requests/s over the run.
 */
export async function measureCatalogListing(gatewayUrl, { label, paths, connections = 20, seconds = 6, headers = {} }) {
  const first = await fetch(gatewayUrl + paths[0], { headers });
  if (!first.ok) throw new Error(`${paths[0]} answered ${first.status} through the gateway`);
  const sample = await first.json();
  let next = 0;
  const latencies = [];
  const started = performance.now();
  const instance = autocannon({
    url: gatewayUrl,
    connections,
    duration: seconds,
    requests: [{ method: 'GET', headers, setupRequest: (request) => ({ ...request, path: paths[(next += 1) % paths.length] }) }],
  });
  instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  const result = await instance;
  return {
    label,
    connections,
    total: sample.total ?? sample.orders?.length,
    requestsPerSecond: result.requests.total / ((performance.now() - started) / 1000),
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

// --- the same order's rows written straight through pg (item 4) ---

/**
 * One parameterised multi-row `INSERT INTO table (columns) VALUES (...), (...)`: the text with $1..$n
 * placeholders, row after row, and the values in the same order. `suffix`: e.g. a RETURNING clause.
 */
export function multiRowInsert(table, columns, rows, suffix = '') {
  if (rows.length === 0) throw new Error(`no rows to insert into ${table}`);
  const values = [];
  const tuples = rows.map((row) => {
    if (row.length !== columns.length) throw new Error(`${table}: a row of ${row.length} values for ${columns.length} columns`);
    values.push(...row);
    return `(${row.map((_, index) => `$${values.length - row.length + index + 1}`).join(', ')})`;
  });
  return { text: `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${suffix ? ` ${suffix}` : ''}`, values };
}

/**
 * The statements that store SAMPLE_ORDER as the orders service stores it (a free sample door
 * shipped to New York: $9.95 shipping, $0.88 tax on it), in the `schema` of the orders service,
 * under a unique e-mail (`tag`): the order row, whose id and number the database makes, then given
 * that id one multi-row insert per child table (items, addresses, payment, status history).
 */
export function rawOrderStatements(tag, schema = 'orders') {
  const email = `bench-raw-${tag}@example.com`;
  const { firstName, lastName } = SAMPLE_ORDER;
  const order = multiRowInsert(
    `${schema}.orders`,
    ['state', 'status', 'payment_status', 'email', 'first_name', 'last_name', 'customer_is_guest', 'customer_id', 'po_number', 'currency',
      'subtotal_cents', 'shipping_amount_cents', 'shipping_tax_amount_cents', 'shipping_method', 'shipping_label', 'tax_amount_cents',
      'discount_amount_cents', 'total_cents', 'weight', 'total_item_count', 'additional_notes', 'email_sent', 'split_payment_enabled',
      'minimum_split_amount_cents', 'order_token_hash'],
    [['new', 'pending', 'pending', email, firstName, lastName, true, null, null, 'USD', 0, 995, 88, 'standard-ground', 'Standard Ground', 88, 0,
      1083, 3.2, 1, null, false, false, null, '0'.repeat(64)]],
    'RETURNING id, order_increment_id, created_at, updated_at',
  );
  const children = (orderId) => [
    multiRowInsert(
      `${schema}.order_items`,
      ['order_id', 'position', 'sku', 'name', 'style_name', 'price_cents', 'original_price_cents', 'price_incl_tax_cents', 'qty', 'weight',
        'row_weight', 'row_total_cents', 'tax_percent', 'tax_amount_cents', 'row_total_incl_tax_cents', 'custom_options'],
      SAMPLE_ORDER.items.map((item, position) => [orderId, position, item.sku, 'Shaker Snow White Sample Door - Snow White', 'ssw', 0, 0, 0, item.qty, 3.2, 3.2, 0, 0, 0, 0,
        JSON.stringify([{ type: 'paint', label: 'Snow White', value: 'snow-white' }])]),
      'RETURNING id',
    ),
    multiRowInsert(
      `${schema}.order_addresses`,
      ['order_id', 'type', 'email', 'first_name', 'last_name', 'street1', 'street2', 'city', 'state', 'zip_code', 'country_id', 'phone_number'],
      SAMPLE_ORDER.addresses.map((a) => [orderId, a.type, email, a.firstName, a.lastName, a.street1, null, a.city, a.state, a.zipCode, a.countryId, a.phoneNumber]),
      'RETURNING id',
    ),
    multiRowInsert(
      `${schema}.order_payments`,
      ['order_id', 'status', 'amount_cents', 'amount_paid_cents', 'transaction_id', 'method', 'method_label', 'additional_data'],
      [[orderId, 'pending', 1083, 0, null, SAMPLE_ORDER.paymentMethod, 'Credit Card', JSON.stringify({ gateway: 'sandbox' })]],
      'RETURNING id, created_at',
    ),
    multiRowInsert(
      `${schema}.order_status_history`,
      ['order_id', 'status', 'comment', 'is_customer_notified'],
      [[orderId, 'pending', 'New order has been created', false]],
      'RETURNING id, created_at',
    ),
  ];
  return { order, children };
}

/**
 * SAMPLE_ORDER's rows written straight into PostgreSQL (`databaseUrl`, the orders service's schema)
 * by `connections` concurrent clients for `seconds`, each order one transaction (BEGIN, the order
 * row, one insert per child table, COMMIT) with its own e-mail: what the database alone gives the
 * order write, the floor under POST /api/order. Its rows stay (the bench starts from a fresh database).
 */
export async function measureRawOrderWrites(databaseUrl, { connections = 50, seconds = 6, schema = 'orders' } = {}) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const run = `${process.pid}-${Date.now()}`;
  const latencies = [];
  let serial = 0;
  let failures = 0;
  let firstError;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const writer = async () => {
    const client = await pool.connect();
    try {
      while (performance.now() < deadline) {
        const { order, children } = rawOrderStatements(`${run}-${(serial += 1)}`, schema);
        const begun = performance.now();
        try {
          await client.query('BEGIN');
          const { rows: [stored] } = await client.query(order.text, order.values);
          for (const statement of children(stored.id)) await client.query(statement.text, statement.values);
          await client.query('COMMIT');
          latencies.push(performance.now() - begun);
        } catch (error) {
          failures += 1;
          firstError ??= error;
          await client.query('ROLLBACK').catch(() => undefined);
        }
      }
    } finally {
      client.release();
    }
  };
  try {
    await Promise.all(Array.from({ length: connections }, writer));
  } finally {
    await pool.end();
  }
  if (latencies.length === 0 && firstError) throw firstError;
  const elapsed = (performance.now() - started) / 1000;
  return {
    label: `raw SQL through pg (${connections} concurrent, same rows in one transaction each)`,
    requestsPerSecond: latencies.length / elapsed,
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    created: latencies.length,
    failures,
    requests: latencies.length,
    seconds: elapsed,
    latencies,
  };
}

/** Several runs of one write as one: requests/s over their whole time, p50/p95 over every answer, the sums. */
export function combineWrites(runs) {
  const total = (key) => runs.reduce((sum, one) => sum + one[key], 0);
  const latencies = runs.flatMap((one) => one.latencies);
  return {
    label: runs[0].label,
    requestsPerSecond: total('requests') / total('seconds'),
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    created: total('created'),
    failures: total('failures'),
  };
}

/**
 * POST /api/order through the gateway next to the same rows written by raw SQL (measureOrderCreate
 * and measureRawOrderWrites, same concurrency): a 1 s warm-up of each, then `rounds` alternating
 * rounds of `seconds / rounds` each, so that a burst of other work on the machine (or the JIT's
 * first compilations) weighs on both sides alike, as measureApi does for the bare server.
 */
export async function measureOrderWrites(gatewayUrl, databaseUrl, { connections = 50, seconds = 6, rounds = 3 } = {}) {
  await measureOrderCreate(gatewayUrl, { connections, seconds: 1 });
  await measureRawOrderWrites(databaseUrl, { connections, seconds: 1 });
  const orders = [];
  const raws = [];
  for (let round = 0; round < rounds; round += 1) {
    orders.push(await measureOrderCreate(gatewayUrl, { connections, seconds: seconds / rounds }));
    raws.push(await measureRawOrderWrites(databaseUrl, { connections, seconds: seconds / rounds }));
  }
  return { order: combineWrites(orders), raw: combineWrites(raws) };
}
