// What the reliability harness's fault scenarios (faults.mjs) share: a shopper's requests through the
// gateway, readings of what holds the truth (PostgreSQL, the Stripe stand-in) and the small
// bookkeeping of rows and counts.
import { randomUUID } from 'node:crypto';
import { SAMPLE_ORDER } from '../lib/bench-api.mjs';
import { sleep } from './lib/probe-requests.mjs';

/** The reconciliation sweep's queue in the payments service's job schema (services/payments/src/payment-jobs). */
const RECONCILIATION_QUEUE = 'payment-reconciliation';
const PAYMENTS_JOBS_SCHEMA = 'payments_jobs';
/** Open attempts (payment-attempt.entity.ts OPEN_ATTEMPT_STATUSES): they may still take money. */
export const OPEN_ATTEMPT_STATUSES = ['processing', 'requires_action', 'unknown', 'pending', 'on_hold'];
/** A shopper's browser gives up on one request after this long (the payments replay waits up to 10 s). */
const CLIENT_TIMEOUT_MS = 15_000;

/** A new Idempotency-Key, as the checkout makes one per attempt. */
export const newKey = (label) => `faults-${label}-${randomUUID()}`;

/**
 * One request through the gateway as a browser sends it; never throws. `status` 0 is no answer
 * (connection cut, timeout).
 *
 * @returns {Promise<{ status: number, body: any, error?: string, at: number }>}
 */
export async function send(stack, method, path, { json, form, headers = {}, timeoutMs = CLIENT_TIMEOUT_MS } = {}) {
  const init = { method, headers: { ...headers }, signal: AbortSignal.timeout(timeoutMs) };
  if (json !== undefined) {
    init.headers['content-type'] = 'application/json';
    init.body = JSON.stringify(json);
  } else if (form !== undefined) {
    init.headers['content-type'] = 'application/x-www-form-urlencoded';
    init.body = new URLSearchParams(form).toString();
  }
  try {
    const response = await fetch(stack.gatewayUrl + path, init);
    const text = await response.text();
    let body = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = text;
    }
    return { status: response.status, body, at: Date.now() };
  } catch (error) {
    return { status: 0, body: null, error: error?.cause?.code ?? error?.name ?? String(error), at: Date.now() };
  }
}

/** Every answer the harness's shoppers got, by status (0: no answer): what the 5xx rows count. */
export class Answers {
  constructor() {
    /** @type {Map<number, number>} */
    this.byStatus = new Map();
  }
  add(answer) {
    this.byStatus.set(answer.status, (this.byStatus.get(answer.status) ?? 0) + 1);
    return answer;
  }
  count(test) {
    let total = 0;
    for (const [status, count] of this.byStatus) if (test(status)) total += count;
    return total;
  }
  describe() {
    return [...this.byStatus].sort(([a], [b]) => a - b).map(([status, count]) => `${status || 'no answer'}×${count}`).join(' ');
  }
}

/** Whether the browser sends the same request again (same key): no answer, a 5xx, or told to wait. */
export const retryable = (answer) => answer.status === 0 || answer.status >= 500 || answer.status === 429;

/**
 * Sends one write until it gets an answer that is not retryable, with the same Idempotency-Key each
 * time (as the browser does after a timeout or an error page), until `deadline`.
 */
export async function untilAnswered(attempt, answers, deadline, pauseMs = 300) {
  let last;
  for (;;) {
    last = answers.add(await attempt());
    if (!retryable(last) || Date.now() > deadline) return last;
    await sleep(pauseMs);
  }
}

/** A guest's sample order for `email` (one per shopper: how the database rows are told apart). */
function orderBody(email) {
  return {
    ...SAMPLE_ORDER,
    email,
    addresses: SAMPLE_ORDER.addresses.map((address) => ({ ...address, email })),
  };
}

/** POST /api/order until answered; `{ order, answer }` with order = { id, token, email } on 200/201. */
export async function placeOrder(stack, email, answers, deadline) {
  const key = newKey('order');
  const answer = await untilAnswered(() => send(stack, 'POST', '/api/order', { json: orderBody(email), headers: { 'idempotency-key': key } }), answers, deadline);
  const ok = (answer.status === 201 || answer.status === 200) && answer.body?.data?.id;
  return { answer, order: ok ? { id: answer.body.data.id, token: answer.body.orderToken, email } : null };
}

/** A card PaymentMethod made at the stand-in with the publishable key, as Stripe.js does in the browser. */
export async function cardToken(stack) {
  const response = await fetch(`${stack.stripe.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.stripeKeys.STRIPE_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ type: 'card', 'card[number]': '4242424242424242', 'card[exp_month]': '12', 'card[exp_year]': String(new Date().getUTCFullYear() + 3), 'card[cvc]': '123' }),
  });
  const body = await response.json();
  if (!response.ok || !body.id) throw new Error(`the Stripe stand-in made no card token: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
  return body.id;
}

/** One POST /api/payment/attempts for `order` with `key` (a single request). */
export function startAttempt(stack, order, token, key) {
  return send(stack, 'POST', '/api/payment/attempts', {
    json: { orderId: order.id, paymentMethod: 'credit-card', paymentToken: token },
    headers: { 'idempotency-key': key, 'x-order-token': order.token },
  });
}

/** Whether a payment answer tells the shopper the order is paid. */
export const paidAnswer = (answer) =>
  (answer.status === 201 && answer.body?.attempt?.status === 'completed') || (answer.status === 409 && answer.body?.errorType === 'orderPaid');

/**
 * Pays `order` as the checkout does (mf-checkout pay-order.ts): the same key again after no answer
 * or a 5xx; after a 409 (a payment still being decided) the shopper's next Pay, with a new key, which
 * the payments service answers 409 orderPaid once the first one is known to have taken the money.
 */
export async function payLikeTheCheckout(stack, order, token, answers, deadline) {
  let key = newKey('pay');
  for (;;) {
    const answer = await untilAnswered(() => startAttempt(stack, order, token, key), answers, deadline);
    if (paidAnswer(answer)) return { paid: true, answer };
    if (Date.now() > deadline) return { paid: false, answer };
    // an outcome the provider has not confirmed: the next Pay sends the same request again
    if (answer.status === 201 && answer.body?.attempt?.status === 'unknown') {
      await sleep(1000);
      continue;
    }
    if (answer.status !== 409) return { paid: false, answer };
    key = newKey('pay');
    await sleep(1000);
  }
}

/** POST /api/forms/contact (JSON, as the form page posts a form without files) until answered; `{ submission: { id, email } }` on 201. */
export async function submitContact(stack, email, answers, deadline) {
  const key = newKey('form');
  const json = {
    name: 'contact',
    formData: { firstName: 'Fault', lastName: 'Tester', email, subject: 'other', message: `Reliability harness message for ${email}.` },
    emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'contact-confirmation' },
    metadata: { source: 'reliability-faults' },
  };
  const answer = await untilAnswered(() => send(stack, 'POST', '/api/forms/contact', { json, headers: { 'idempotency-key': key } }), answers, deadline);
  return { answer, submission: answer.status === 201 && answer.body?.data?.id ? { id: answer.body.data.id, email } : null };
}

// --- what the stores hold -----------------------------------------------------------------------

/** Succeeded PaymentIntents the stand-in holds for an order (metadata orderId): the charges taken. */
async function chargesAt(stack, orderId) {
  const query = `metadata['orderId']:'${orderId}' AND status:'succeeded'`;
  const response = await fetch(`${stack.stripe.url}/v1/payment_intents/search?${new URLSearchParams({ query, limit: '100' })}`, {
    headers: { authorization: `Bearer ${stack.stripeKeys.STRIPE_SECRET_KEY}` },
  });
  if (!response.ok) throw new Error(`the Stripe stand-in's search answered ${response.status}`);
  return (await response.json()).data.length;
}

/** Charges per order id, from the stand-in. */
export async function chargesOf(stack, orderIds) {
  return new Map(await Promise.all(orderIds.map(async (id) => [id, await chargesAt(stack, id)])));
}

/** The orders' rows: payment_status per id. */
export async function orderRows(stack, orderIds) {
  if (orderIds.length === 0) return new Map();
  const rows = await stack.query('SELECT id::text AS id, payment_status FROM orders.orders WHERE id::text = ANY($1)', [orderIds]);
  return new Map(rows.map((row) => [row.id, row.payment_status]));
}

/** Payment attempts of the orders: [{ id, order_id, status, transaction_id }]. */
export function attemptRows(stack, orderIds) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return stack.query('SELECT id::text AS id, order_id, status, transaction_id FROM payments.payment_attempt WHERE order_id = ANY($1)', [orderIds]);
}

/** The attempts as PostgreSQL holds them, each with its intent's status at the provider (found by our reference), for the log. */
export async function describeAttempts(stack, attempts) {
  const described = await Promise.all(
    attempts.map(async (attempt) => {
      const query = `metadata['reference']:'${attempt.id}'`;
      const response = await fetch(`${stack.stripe.url}/v1/payment_intents/search?${new URLSearchParams({ query })}`, {
        headers: { authorization: `Bearer ${stack.stripeKeys.STRIPE_SECRET_KEY}` },
      });
      const intent = response.ok ? (await response.json()).data[0] : undefined;
      return `${attempt.status}/${intent ? intent.status : 'not at the provider'}`;
    }),
  );
  return described.join(', ') || 'none';
}

/** Polls `check` (true when done) every 250 ms until `timeoutMs`; answers whether it got there. */
export async function eventually(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await sleep(250);
  }
}

/** Message-IDs compared without angle brackets and case. */
const normalId = (id) => String(id ?? '').trim().replace(/^<|>$/g, '').toLowerCase();

/**
 * The outbox rows of some orders and form submissions: { id, status, attempts, message_id, order_id }.
 * An order's e-mails carry its id; a form's have the dedupe key form:{submissionId}:{which}.
 */
export function outboxRows(stack, orderIds, submissionIds) {
  return stack.query(
    `SELECT id::text AS id, order_id::text AS order_id, dedupe_key, kind, status, attempts, message_id, last_error, job_id::text AS job_id
       FROM orders.email_outbox
      WHERE order_id::text = ANY($1) OR split_part(dedupe_key, ':', 2) = ANY($2)`,
    [orderIds, submissionIds],
  );
}

/**
 * Waits (bounded) until the sink received every outbox row of these writes (its Message-ID), then
 * compares the two: each row's Message-ID received exactly once. Delivery is judged by the sink; the
 * outbox's own status is checked against it (a row received but still queued is sent again later,
 * under the same Message-ID: the bookkeeping after the send was cut).
 */
export async function deliveredOnce(stack, orderIds, submissionIds, timeoutMs, log) {
  let rows = [];
  let received = new Map();
  const receivedNow = () => {
    const counts = new Map();
    for (const message of stack.smtp.messages()) {
      const id = normalId(message.messageId);
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    return counts;
  };
  const look = async () => {
    rows = await outboxRows(stack, orderIds, submissionIds);
    received = receivedNow();
  };
  // every row received (or parked), then a moment for the outbox to record the last sends: a row
  // still queued after that was cut between its send and its record (the sweep takes it up within a minute or two)
  await eventually(async () => {
    await look();
    return rows.length > 0 && rows.every((row) => row.status === 'failed' || received.has(normalId(row.message_id)));
  }, timeoutMs);
  await eventually(async () => {
    await look();
    return rows.every((row) => row.status !== 'queued');
  }, 3000);
  const times = (row) => (row.message_id ? (received.get(normalId(row.message_id)) ?? 0) : 0);
  const once = count(rows, (row) => times(row) === 1);
  const twice = count(rows, (row) => times(row) > 1);
  const lost = count(rows, (row) => times(row) === 0);
  const deadLetters = count(rows, (row) => row.status === 'failed');
  const queuedThoughReceived = count(rows, (row) => row.status === 'queued' && times(row) > 0);
  const unsettled = rows.filter((row) => row.status !== 'sent' || times(row) !== 1);
  if (unsettled.length > 0) {
    // with the state of each one's delivery job (pg-boss, orders_jobs), for whoever looks into it
    const jobs = new Map(
      (await stack.query('SELECT id::text AS id, state, retry_count, start_after, started_on FROM orders_jobs.job WHERE id::text = ANY($1)', [unsettled.map((row) => row.job_id).filter(Boolean)]).catch(() => [])).map((job) => [job.id, job]),
    );
    const jobOf = (row) => {
      const job = jobs.get(row.job_id);
      return job ? `job ${job.state}, ${job.retry_count} retries, started ${job.started_on?.toISOString?.() ?? 'never'}` : `job ${row.job_id ?? 'none'} not in orders_jobs.job`;
    };
    log(`e-mails not delivered exactly once: ${unsettled.slice(0, 5).map((row) => `${row.kind} ${row.status} after ${row.attempts} attempt(s), received ${times(row)}× (${row.last_error ?? 'no error'}; ${jobOf(row)})`).join('; ')}`);
  }
  const perOrder = new Map(orderIds.map((id) => [id, 0]));
  for (const row of rows) if (row.order_id) perOrder.set(row.order_id, (perOrder.get(row.order_id) ?? 0) + 1);
  const perSubmission = new Map(submissionIds.map((id) => [id, 0]));
  for (const row of rows) {
    const submission = row.dedupe_key.startsWith('form:') ? row.dedupe_key.split(':')[1] : null;
    if (submission && perSubmission.has(submission)) perSubmission.set(submission, perSubmission.get(submission) + 1);
  }
  return { rows, once, twice, deadLetters, lost, queuedThoughReceived, perOrder, perSubmission };
}

/** Queues one reconciliation sweep now, in the payments service's own queue (its workers run it). */
export async function queueReconciliationSweep(stack, quietSeconds) {
  const { default: PgBoss } = await import('pg-boss');
  // the jobs CLI's way (packages/service-kit/src/jobs/cli.ts): a client only, no schedule, maintenance or migration
  const boss = new PgBoss({ connectionString: stack.databaseUrl, schema: PAYMENTS_JOBS_SCHEMA, max: 1, supervise: false, schedule: false, migrate: false });
  boss.on('error', () => undefined);
  await boss.start();
  try {
    // the queue is a singleton: a sweep already queued or running makes this send a no-op; try again
    for (let tries = 0; tries < 20; tries += 1) {
      if (await boss.send(RECONCILIATION_QUEUE, { quietSeconds })) return;
      await sleep(500);
    }
    throw new Error('could not queue a reconciliation sweep (one stayed queued for 10 s)');
  } finally {
    await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
  }
}

export const row = (figure, measured, expected, ok) => ({ figure, measured, expected, ok: Boolean(ok) });
export const count = (values, test) => values.filter(test).length;
export const runTag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);
