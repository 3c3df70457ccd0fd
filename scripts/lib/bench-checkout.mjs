// A whole checkout for `npm run bench` (section "checkout"): a shopper creates the order through the
// gateway, pays it with a sandbox card token through the gateway (the public API, as the checkout
// page does once the card frame has made its token), and the checkout is done when both e-mails
// (the customer's confirmation and the admin "New Order") are queued: their outbox rows and pg-boss
// jobs, read by SQL in the bench's own database. Next to it, the same rows written by raw SQL, one
// transaction per checkout, in alternating rounds. The CPU each process of the stack spent per
// checkout is read from /proc around the gateway's rounds.
import { randomBytes, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { multiRowInsert, percentile, rawOrderStatements, sampleOrderFor } from './bench-api.mjs';
import { cpuDelta, stackCpuMs } from './stack-processes.mjs';

/** The shopper every bench checkout is placed for (a guest; names at least 2 characters, as the form asks). */
export const CHECKOUT_ORDER = sampleOrderFor({ email: 'bench-checkout@example.com', firstName: 'Bench', lastName: 'Shopper' });

/** What the sandbox card frame makes from 4242 4242 4242 4242 in the browser: paid (docs/payments-and-email.md). */
export function sandboxCardToken(random = randomBytes(16)) {
  return `tok_sandbox_succeeds_visa_4242_${Buffer.from(random).toString('hex')}`;
}

/** The two e-mails a paid order gets (services/orders/src/email/order-emails.ts ORDER_CONFIRMATION_KINDS). */
export const ORDER_EMAIL_KINDS = ['order-confirmation', 'order-confirmation-admin'];

/**
 * The order's e-mails that are queued: an outbox row (orders.email_outbox) whose delivery job
 * (pg-boss, schema orders_jobs) exists, waiting, running or already done (archived jobs included).
 */
const QUEUED_EMAILS = {
  // named: planned once per connection (the job tables are partitioned by queue; the queue's name picks the partition)
  name: 'bench-queued-order-emails',
  text: `SELECT count(*)::int AS queued FROM orders.email_outbox o
    WHERE o.order_id = $1 AND o.kind = ANY($2::text[]) AND o.job_id IS NOT NULL
      AND (EXISTS (SELECT 1 FROM orders_jobs.job j WHERE j.name = 'email' AND j.id = o.job_id)
        OR EXISTS (SELECT 1 FROM orders_jobs.archive a WHERE a.name = 'email' AND a.id = o.job_id))`,
};

/** How long a checkout waits for its e-mails before it counts as failed (the payment report's retry job runs 10 s later). */
const EMAIL_WAIT_MS = 20_000;


class CheckoutFailure extends Error {
  constructor(step, reason) {
    super(`${step}: ${reason}`);
    this.step = step;
  }
}

async function postJson(url, body, headers) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/**
 * One checkout, timed: POST /api/order (a new Idempotency-Key), POST /api/payment/attempts with the
 * order's token and a sandbox card token (a new key), then the outbox polled until both e-mails are
 * queued. Resolves with the three steps' times and the whole, or throws a CheckoutFailure naming the step.
 */
export async function checkoutOnce(gatewayUrl, db) {
  const started = performance.now();
  const created = await postJson(`${gatewayUrl}/api/order`, CHECKOUT_ORDER, { 'idempotency-key': randomUUID() });
  if (created.status !== 201 || !created.json?.data?.id || !created.json?.orderToken) {
    throw new CheckoutFailure('create', `${created.status} ${created.text.slice(0, 120)}`);
  }
  const orderId = created.json.data.id;
  const afterCreate = performance.now();
  const paid = await postJson(
    `${gatewayUrl}/api/payment/attempts`,
    { orderId, paymentMethod: 'credit-card', paymentToken: sandboxCardToken() },
    { 'idempotency-key': randomUUID(), 'x-order-token': created.json.orderToken },
  );
  if (paid.status >= 300 || paid.json?.attempt?.status !== 'completed') {
    throw new CheckoutFailure('pay', `${paid.status} ${paid.json?.attempt?.status ?? ''} ${(paid.json?.attempt?.message ?? paid.json?.message ?? paid.text).slice(0, 120)}`);
  }
  const afterPay = performance.now();
  for (let wait = 0; ; wait = Math.min(20, wait + 2)) {
    const { rows } = await db.query({ ...QUEUED_EMAILS, values: [orderId, ORDER_EMAIL_KINDS] });
    if (rows[0].queued === ORDER_EMAIL_KINDS.length) break;
    if (performance.now() - afterPay > EMAIL_WAIT_MS) throw new CheckoutFailure('e-mails', `${rows[0].queued} of ${ORDER_EMAIL_KINDS.length} queued after ${EMAIL_WAIT_MS / 1000} s`);
    await sleep(wait);
  }
  const done = performance.now();
  return { ms: done - started, createMs: afterCreate - started, payMs: afterPay - afterCreate, emailsMs: done - afterPay };
}

/** Runs `once(shopperIndex)` from `connections` concurrent shoppers, back to back, for `seconds`: every checkout's times, and the failures by reason. */
async function shoppers(connections, seconds, once) {
  const checkouts = [];
  const failures = new Map();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const shopper = async (_, index) => {
    while (performance.now() < deadline) {
      try {
        checkouts.push(await once(index));
      } catch (error) {
        const reason = error instanceof CheckoutFailure ? error.message : `${error?.code ?? ''} ${error?.message ?? String(error)}`.trim();
        failures.set(reason, (failures.get(reason) ?? 0) + 1);
        // a failing stack is not hammered in a tight loop
        await sleep(20);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, shopper));
  return { checkouts, failures, seconds: (performance.now() - started) / 1000 };
}

/** `connections` shoppers checking out through the gateway for `seconds`; `db`: a pg pool on the stack's database, for the outbox reads. */
export async function measureCheckouts(gatewayUrl, db, { connections = 8, seconds = 6 } = {}) {
  const run = await shoppers(connections, seconds, () => checkoutOnce(gatewayUrl, db));
  return { label: 'checkout through the gateway', ...run };
}

// --- the same rows by raw SQL ---

/**
 * The statements that leave in the database what a paid checkout leaves (after the order's own rows,
 * rawOrderStatements): the payments service's attempt (completed, with its stored answer and
 * report), its sandbox intent and the report's delivery job; the orders service's payment report,
 * the order's payment entry and status made paid, its history note, the customer's view token, and
 * the two e-mails with their delivery jobs. The jobs are due in a day, so no worker sends these
 * (the raw side is what the database alone gives the writes). `ids` are the orders rows' ids.
 */
export function rawPaymentStatements(tag, { orderId, paymentId, orderNumber }) {
  const attemptId = randomUUID();
  const transactionId = `pi_sandbox_${randomBytes(12).toString('hex')}`;
  const token = sandboxCardToken();
  const email = `bench-raw-${tag}@example.com`;
  const card = { brand: 'visa', last4: '4242' };
  const report = {
    attemptId, gateway: 'stripe', method: 'credit-card', methodLabel: 'Credit or Debit Card', status: 'completed', amount: 1083, transactionId,
    additionalData: { cardBrand: 'visa', last4: '4242', rawStatus: 'succeeded', sandbox: true, testPayment: true },
  };
  const metadata = { orderId, orderIncrementId: orderNumber, attemptId, paymentId };
  const raw = { id: transactionId, card, amount: 1083, status: 'completed', message: null, currency: 'usd', metadata, rawStatus: 'succeeded', nextAction: null, awaitingConfirmation: false };
  const response = { attempt: { id: attemptId, status: 'completed', nextAction: null, message: null, transactionId }, orderIncrementId: orderNumber, testPayment: true };
  const emailRows = ORDER_EMAIL_KINDS.map((kind) => ({ id: randomUUID(), jobId: randomUUID(), kind, dedupeKey: `${kind}:${orderId}` }));
  // an e-mail's body as long as the real one's (about 7 KB of HTML, 0.7 KB of text)
  const html = `<html><body>${'<p>Shaker Snow White Sample Door - Snow White</p>'.repeat(140)}</body></html>`;
  const text = 'Shaker Snow White Sample Door - Snow White\n'.repeat(18);
  return [
    multiRowInsert(
      'payments.payment_attempt',
      ['id', 'order_id', 'method', 'gateway', 'amount_cents', 'status', 'idempotency_key', 'transaction_id', 'raw', 'payment_method_id', 'response', 'report', 'reported_at', 'scope'],
      [[attemptId, orderId, 'credit-card', 'stripe', 1083, 'completed', randomUUID(), transactionId, JSON.stringify(raw), token, JSON.stringify(response), JSON.stringify(report), new Date(), 'sample-order']],
    ),
    multiRowInsert(
      'payments.sandbox_intent',
      ['id', 'kind', 'client_secret', 'amount', 'currency', 'status', 'payment_method_id', 'card_brand', 'card_last4', 'card_outcome', 'challenge', 'return_url', 'metadata', 'reference'],
      [[transactionId, 'card', `${transactionId}_secret_${randomBytes(16).toString('hex')}`, 1083, 'usd', 'succeeded', token, 'visa', '4242', 'succeeds', false, '/payment/credit-card/verify', JSON.stringify(metadata), attemptId]],
    ),
    multiRowInsert(
      'payments_jobs.job',
      ['name', 'data', 'singleton_key', 'start_after', 'retry_limit', 'retry_delay', 'retry_backoff', 'expire_in', 'policy', 'dead_letter'],
      [['payment-report', JSON.stringify({ attemptId }), attemptId, new Date(Date.now() + 86_400_000), 15, 5, true, '1 minute', 'short', 'payment-report.dead-letter']],
    ),
    multiRowInsert(
      'orders.payment_reports',
      ['attempt_id', 'order_id', 'payment_id', 'status', 'amount_cents', 'transaction_id'],
      [[attemptId, orderId, paymentId, 'completed', 1083, transactionId]],
    ),
    {
      text: `UPDATE orders.order_payments SET status = 'completed', amount_paid_cents = 1083, transaction_id = $2, method_label = 'Credit or Debit Card', additional_data = $3 WHERE id = $1`,
      values: [paymentId, transactionId, JSON.stringify({ ...report.additionalData, gateway: 'stripe', attemptId })],
    },
    { text: `UPDATE orders.orders SET status = 'ordered', payment_status = 'completed', state = 'processing', email_sent = true, updated_at = now() WHERE id = $1`, values: [orderId] },
    multiRowInsert(
      'orders.order_status_history',
      ['order_id', 'status', 'comment', 'is_customer_notified'],
      [
        [orderId, 'ordered', `Order ${orderNumber} has been paid with transaction id ${transactionId}`, false],
        [orderId, 'ordered', `Confirmation email has been sent to ${email}`, true],
      ],
    ),
    {
      text: `INSERT INTO orders.order_view_token (token_hash, order_id, expires_at) VALUES ($1, $2, now() + interval '90 days')`,
      values: [randomBytes(32).toString('hex'), orderId],
    },
    multiRowInsert(
      'orders.email_outbox',
      ['id', 'order_id', 'kind', 'dedupe_key', 'recipient', 'cc', 'subject', 'html', 'text', 'job_id'],
      emailRows.map((row) => [row.id, orderId, row.kind, row.dedupeKey, row.kind === 'order-confirmation' ? email : 'orders@example.com', [],
        `[Test payment] ${row.kind === 'order-confirmation' ? 'Your order' : 'New Order'} #${orderNumber}`, html, text, row.jobId]),
    ),
    multiRowInsert(
      'orders_jobs.job',
      ['id', 'name', 'data', 'start_after', 'retry_limit', 'expire_in', 'policy'],
      emailRows.map((row) => [row.jobId, 'email', JSON.stringify({ emailId: row.id, kind: row.kind, dedupeKey: row.dedupeKey, attempts: 0 }),
        new Date(Date.now() + 86_400_000), 0, '2 minutes', 'standard']),
    ),
  ];
}

/** One raw checkout: one transaction holding the order's rows (rawOrderStatements) and rawPaymentStatements. */
async function rawCheckoutOnce(client, tag) {
  const { order, children } = rawOrderStatements(tag, 'orders');
  const started = performance.now();
  try {
    await client.query('BEGIN');
    const { rows: [stored] } = await client.query(order.text, order.values);
    let paymentId;
    for (const statement of children(stored.id)) {
      const { rows } = await client.query(statement.text, statement.values);
      if (statement.text.startsWith('INSERT INTO orders.order_payments')) paymentId = rows[0].id;
    }
    for (const statement of rawPaymentStatements(tag, { orderId: stored.id, paymentId, orderNumber: stored.order_increment_id })) {
      await client.query(statement.text, statement.values);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw new CheckoutFailure('raw', error.message);
  }
  return { ms: performance.now() - started };
}

/** `connections` clients writing raw checkouts for `seconds`, one connection each. */
export async function measureRawCheckouts(databaseUrl, { connections = 8, seconds = 6 } = {}) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const run = `${process.pid}-${Date.now()}`;
  let serial = 0;
  // each shopper keeps its own connection, as measureRawOrderWrites' writers do
  const clients = await Promise.all(Array.from({ length: connections }, () => pool.connect()));
  try {
    const result = await shoppers(connections, seconds, (index) => rawCheckoutOnce(clients[index], `checkout-${run}-${(serial += 1)}`));
    return { label: 'the same rows by raw SQL (one transaction each)', ...result };
  } finally {
    for (const client of clients) client.release();
    await pool.end();
  }
}

// --- figures ---

/**
 * Rounds of one side as one: checkouts per second over their whole time, p50/p95 of the whole
 * checkout and p50 of each step over every checkout, failures added up by reason.
 */
export function combineCheckouts(runs) {
  const checkouts = runs.flatMap((run) => run.checkouts);
  const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
  const failures = new Map();
  for (const run of runs) for (const [reason, count] of run.failures) failures.set(reason, (failures.get(reason) ?? 0) + count);
  const step = (key) => (checkouts.some((one) => one[key] !== undefined) ? percentile(checkouts.map((one) => one[key]), 0.5) : undefined);
  return {
    label: runs[0].label,
    checkoutsPerSecond: seconds > 0 ? checkouts.length / seconds : Number.NaN,
    p50Ms: percentile(checkouts.map((one) => one.ms), 0.5),
    p95Ms: percentile(checkouts.map((one) => one.ms), 0.95),
    createP50Ms: step('createMs'),
    payP50Ms: step('payMs'),
    emailsP50Ms: step('emailsMs'),
    completed: checkouts.length,
    failed: [...failures.values()].reduce((sum, count) => sum + count, 0),
    failures,
  };
}

function addCpu(total, delta) {
  for (const [part, ms] of Object.entries(delta)) total[part] = (total[part] ?? 0) + ms;
}

const micros = () => Number(process.hrtime.bigint() / 1000n);

/** One concurrency of measureCheckoutRounds: warm-up, alternating rounds, the CPU per checkout. */
async function checkoutRowAt(connections, { gatewayUrl, databaseUrl, db, seconds, rounds, stackPid, onRound }) {
  await measureCheckouts(gatewayUrl, db, { connections, seconds: 1 });
  await measureRawCheckouts(databaseUrl, { connections, seconds: 1 });
  const sides = {
    api: { runs: [], cpu: {}, measure: () => measureCheckouts(gatewayUrl, db, { connections, seconds: seconds / rounds }) },
    raw: { runs: [], cpu: {}, measure: () => measureRawCheckouts(databaseUrl, { connections, seconds: seconds / rounds }) },
  };
  for (let round = 0; round < rounds; round += 1) {
    for (const [name, side] of Object.entries(sides)) {
      const before = stackPid ? stackCpuMs(stackPid) : {};
      const benchBefore = process.cpuUsage();
      const startedUs = micros();
      side.runs.push(await side.measure());
      onRound?.(connections, name, startedUs, micros());
      const bench = process.cpuUsage(benchBefore);
      if (stackPid) addCpu(side.cpu, { ...cpuDelta(before, stackCpuMs(stackPid)), bench: (bench.user + bench.system) / 1000 });
    }
  }
  const figures = (side) => {
    const combined = combineCheckouts(side.runs);
    const perCheckout = stackPid && combined.completed > 0 ? Object.fromEntries(Object.entries(side.cpu).map(([part, ms]) => [part, ms / combined.completed])) : undefined;
    return { ...combined, cpuMsPerCheckout: perCheckout };
  };
  return { connections, api: figures(sides.api), raw: figures(sides.raw) };
}

/**
 * The checkout at each concurrency in `concurrencies`: a 1 s warm-up of each side, then `rounds`
 * alternating rounds of `seconds / rounds` through the gateway and by raw SQL, so that a burst of
 * other work on the machine weighs on both alike. With `stackPid`, the CPU each part of the stack
 * (and the bench itself) spent per completed checkout, in each side's rounds. `onRound(concurrency,
 * side, startedUs, endedUs)` hears each round's monotonic window (µs, the clock of V8's CPU
 * profiles), for profiling.
 */
export async function measureCheckoutRounds(gatewayUrl, databaseUrl, { concurrencies = [1, 8, 50], seconds = 6, rounds = 3, stackPid, onRound } = {}) {
  // the outbox reads' pool, kept across rounds (a new connection plans its first reads slowly)
  const db = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const rows = [];
  try {
    // Earlier sections leave work queued (the forms section's e-mails, the back office's seed): the
    // stack delivers it in the background, which would be counted against the checkouts. Wait for it.
    if (stackPid) rows.settledSeconds = await untilQuiet(stackPid);
    // what the stack spends doing nothing (job polling, health checks), to read the per-checkout CPU against
    if (stackPid) rows.idleCpuMsPerSecond = await idleCpuMsPerSecond(stackPid, IDLE_SECONDS);
    for (const connections of concurrencies) rows.push(await checkoutRowAt(connections, { gatewayUrl, databaseUrl, db, seconds, rounds, stackPid, onRound }));
  } finally {
    await db.end();
  }
  return rows;
}

const IDLE_SECONDS = 3;
/** The stack is quiet when its processes (PostgreSQL included) use less than this much CPU per second together. */
const QUIET_MS_PER_SECOND = 250;
const QUIET_WAIT_LIMIT_SECONDS = 120;

/** Waits (at most QUIET_WAIT_LIMIT_SECONDS) until a second passes with the stack quiet; returns the seconds waited. */
async function untilQuiet(stackPid) {
  const started = performance.now();
  while ((performance.now() - started) / 1000 < QUIET_WAIT_LIMIT_SECONDS) {
    const perPart = await idleCpuMsPerSecond(stackPid, 1);
    const busy = Object.entries(perPart).reduce((sum, [part, ms]) => sum + (part === 'bench' ? 0 : ms), 0);
    if (busy < QUIET_MS_PER_SECOND) break;
  }
  return (performance.now() - started) / 1000;
}

async function idleCpuMsPerSecond(stackPid, seconds) {
  const before = stackCpuMs(stackPid);
  await sleep(seconds * 1000);
  return Object.fromEntries(Object.entries(cpuDelta(before, stackCpuMs(stackPid))).map(([part, ms]) => [part, ms / seconds]));
}

// --- the report ---

const CPU_PARTS = ['gateway', 'orders', 'payments', 'postgres', 'content', 'forms', 'bench'];

/** The section's text: one row per concurrency and side, then (with CPU figures) the CPU per checkout by process. */
export function checkoutReport(rows, { table, ms, whole, ratio, fixed }) {
  const figures = table([
    ['shoppers', 'how', 'checkouts/s', 'p50', 'p95', 'create p50', 'pay p50', 'e-mails p50', 'done', 'failed', 'gateway / raw'],
    ...rows.flatMap(({ connections, api, raw }) => [
      [String(connections), 'through the gateway', fixed(api.checkoutsPerSecond, 1), ms(api.p50Ms), ms(api.p95Ms), ms(api.createP50Ms), ms(api.payP50Ms), ms(api.emailsP50Ms),
        whole(api.completed), whole(api.failed), ratio(api.checkoutsPerSecond, raw.checkoutsPerSecond)],
      [String(connections), 'raw SQL, one transaction', fixed(raw.checkoutsPerSecond, 1), ms(raw.p50Ms), ms(raw.p95Ms), '', '', '', whole(raw.completed), whole(raw.failed), ''],
    ]),
  ], { leftColumns: [0, 1] });
  const failures = rows.flatMap(({ connections, api, raw }) =>
    [...api.failures, ...raw.failures].map(([reason, count]) => `  ${connections} shoppers: ${count} × ${reason}`));
  const withCpu = rows.filter((row) => row.api.cpuMsPerCheckout);
  const cpu = withCpu.length === 0 ? '' : `\n\n  CPU per completed checkout (ms, from /proc; the bench is the load and the e-mail polling):\n${table([
    ['shoppers', 'how', ...CPU_PARTS],
    ...withCpu.flatMap(({ connections, api, raw }) => [
      [String(connections), 'through the gateway', ...CPU_PARTS.map((part) => fixed(api.cpuMsPerCheckout[part], 1))],
      [String(connections), 'raw SQL', ...CPU_PARTS.map((part) => fixed(raw.cpuMsPerCheckout?.[part], 1))],
    ]),
    ...(rows.idleCpuMsPerSecond ? [[rows.settledSeconds > 1.5 ? `idle (after ${Math.round(rows.settledSeconds)} s of earlier work)` : 'idle', 'ms per second, no load', ...CPU_PARTS.map((part) => fixed(rows.idleCpuMsPerSecond[part], 1))]] : []),
  ], { leftColumns: [0, 1] })}`;
  return `${figures}${failures.length ? `\n  failures:\n${failures.join('\n')}` : ''}${cpu}`;
}
