// The reliability harness's faults: a payments process killed while a charge is in
// flight, PostgreSQL restarted under order, payment and form writes, and SMTP down for a while.
// Each fault is measured after the fact from what holds the truth: PostgreSQL (orders, payment
// attempts, submissions, the e-mail outbox), the Stripe stand-in (the charges it took) and the SMTP
// sink (the Message-IDs it received); the harness only counts the answers its own shoppers got.
import { randomUUID } from 'node:crypto';
import { SAMPLE_ORDER } from '../lib/bench-api.mjs';

/**
 * What the fault scenarios need from every service of the stack (run.mjs passes it to startStack).
 * Only bounds are shortened; nothing here changes what a service decides.
 */
export const FAULTS_STACK_ENV = Object.freeze({
  // An SMTP outage of a few seconds is retried every 1 to 2 s (defaults: 30 s doubling up to an
  // hour), so the e-mails go out within seconds of SMTP coming back instead of minutes.
  EMAIL_RETRY_DELAY_SECONDS: '1',
  EMAIL_RETRY_MAX_DELAY_SECONDS: '2',
  // the forms service's hand-over of e-mails to the orders outbox, retried after 1 s (default 10 s)
  FORM_EMAIL_RETRY_DELAY_SECONDS: '1',
  // a payment result the orders service did not take inline (PostgreSQL away) is re-sent by its job
  // after 1 s, then 1 s doubling (defaults 10 s, then 5 s doubling)
  PAYMENT_REPORT_DELAY_SECONDS: '1',
  PAYMENT_REPORT_RETRY_DELAY_SECONDS: '1',
  // A gateway call on loopback answers in milliseconds; 10 s (default 20 s) is still far above what
  // the checkouts' load makes of it. The quiet time stays above it, so the reconciliation sweep never
  // asks about a call that is still under way (default 60 s).
  PAYMENTS_GATEWAY_TIMEOUT_MS: '10000',
  PAYMENTS_RECONCILE_QUIET_SECONDS: '15',
  // An attempt the provider never heard of is given up as failed after 5 s instead of 15 minutes (the
  // lag of Stripe's search; the stand-in's has none), so the kill before the create is settled in the run.
  PAYMENTS_NEVER_RECEIVED_AFTER_SECONDS: '5',
});

/** The reconciliation sweep's queue in the payments service's job schema (services/payments/src/payment-jobs). */
const RECONCILIATION_QUEUE = 'payment-reconciliation';
const PAYMENTS_JOBS_SCHEMA = 'payments_jobs';
/** Open attempts (payment-attempt.entity.ts OPEN_ATTEMPT_STATUSES): they may still take money. */
const OPEN_ATTEMPT_STATUSES = ['processing', 'requires_action', 'unknown', 'pending', 'on_hold'];
/** A shopper's browser gives up on one request after this long (the payments replay waits up to 10 s). */
const CLIENT_TIMEOUT_MS = 15_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new Idempotency-Key, as the checkout makes one per attempt. */
const newKey = (label) => `faults-${label}-${randomUUID()}`;

/**
 * One request through the gateway as a browser sends it; never throws. `status` 0 is no answer
 * (connection cut, timeout).
 *
 * @returns {Promise<{ status: number, body: any, error?: string, at: number }>}
 */
async function send(stack, method, path, { json, form, headers = {}, timeoutMs = CLIENT_TIMEOUT_MS } = {}) {
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
class Answers {
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
const retryable = (answer) => answer.status === 0 || answer.status >= 500 || answer.status === 429;

/**
 * Sends one write until it gets an answer that is not retryable, with the same Idempotency-Key each
 * time (as the browser does after a timeout or an error page), until `deadline`.
 */
async function untilAnswered(attempt, answers, deadline, pauseMs = 300) {
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
async function placeOrder(stack, email, answers, deadline) {
  const key = newKey('order');
  const answer = await untilAnswered(() => send(stack, 'POST', '/api/order', { json: orderBody(email), headers: { 'idempotency-key': key } }), answers, deadline);
  const ok = (answer.status === 201 || answer.status === 200) && answer.body?.data?.id;
  return { answer, order: ok ? { id: answer.body.data.id, token: answer.body.orderToken, email } : null };
}

/** A card PaymentMethod made at the stand-in with the publishable key, as Stripe.js does in the browser. */
async function cardToken(stack) {
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
function startAttempt(stack, order, token, key) {
  return send(stack, 'POST', '/api/payment/attempts', {
    json: { orderId: order.id, paymentMethod: 'credit-card', paymentToken: token },
    headers: { 'idempotency-key': key, 'x-order-token': order.token },
  });
}

/** Whether a payment answer tells the shopper the order is paid. */
const paidAnswer = (answer) =>
  (answer.status === 201 && answer.body?.attempt?.status === 'completed') || (answer.status === 409 && answer.body?.errorType === 'orderPaid');

/**
 * Pays `order` as the checkout does (mf-checkout pay-order.ts): the same key again after no answer
 * or a 5xx; after a 409 (a payment still being decided) the shopper's next Pay, with a new key, which
 * the payments service answers 409 orderPaid once the first one is known to have taken the money.
 */
async function payLikeTheCheckout(stack, order, token, answers, deadline) {
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
async function submitContact(stack, email, answers, deadline) {
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
async function chargesOf(stack, orderIds) {
  return new Map(await Promise.all(orderIds.map(async (id) => [id, await chargesAt(stack, id)])));
}

/** The orders' rows: payment_status per id. */
async function orderRows(stack, orderIds) {
  if (orderIds.length === 0) return new Map();
  const rows = await stack.query('SELECT id::text AS id, payment_status FROM orders.orders WHERE id::text = ANY($1)', [orderIds]);
  return new Map(rows.map((row) => [row.id, row.payment_status]));
}

/** Payment attempts of the orders: [{ id, order_id, status, transaction_id }]. */
function attemptRows(stack, orderIds) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return stack.query('SELECT id::text AS id, order_id, status, transaction_id FROM payments.payment_attempt WHERE order_id = ANY($1)', [orderIds]);
}

/** The attempts as PostgreSQL holds them, each with its intent's status at the provider (found by our reference), for the log. */
async function describeAttempts(stack, attempts) {
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
async function eventually(check, timeoutMs) {
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
function outboxRows(stack, orderIds, submissionIds) {
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
async function deliveredOnce(stack, orderIds, submissionIds, timeoutMs, log) {
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
async function queueReconciliationSweep(stack, quietSeconds) {
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

const row = (figure, measured, expected, ok) => ({ figure, measured, expected, ok: Boolean(ok) });
const count = (values, test) => values.filter(test).length;
const runTag = () => Date.now().toString(36) + Math.random().toString(36).slice(2, 6);

// --- 1. the payments process killed mid-charge --------------------------------------------------

/** The Stripe calls the payments service makes for one attempt (stripe-gateway.ts): create, then confirm (the charge). */
const isCreate = (request) => request.method === 'POST' && request.path.split('?')[0] === '/v1/payment_intents';
const isCharge = (request) => request.method === 'POST' && /^\/v1\/payment_intents\/[^/?]+\/confirm$/.test(request.path.split('?')[0]);

/**
 * Makes the kill land at a chosen point of a charge, deterministically: the stand-in records each
 * request before it answers it (packages/provider-stand-ins http.ts), so the payments processes are
 * SIGKILLed synchronously when the `nth` request that `matches` is recorded. The stand-in then
 * carries it out and answers a process that is gone: the provider did it, the payments service saved
 * nothing of it. Every payments replica is killed, as the stand-in cannot tell which one sent it.
 */
function armKill(stack, matches, { nth = 1, lost = false } = {}) {
  const requests = stack.stripe.requests;
  const state = { seen: 0, fired: false, at: 0 };
  requests.push = function push(...items) {
    const length = Array.prototype.push.apply(this, items);
    state.seen += items.filter(matches).length;
    if (!state.fired && state.seen >= nth) {
      state.fired = true;
      state.at = Date.now();
      for (const entry of stack.processes.filter((candidate) => candidate.service === 'payments')) {
        // expected: stack.mjs does not report this exit as a crash
        entry.expectedExit = true;
        entry.child.kill('SIGKILL');
      }
      // `lost`: the request dies with its sender, the provider never acts on it (the stand-in's
      // handler is skipped: it answers a 500 to the closed connection)
      if (lost) throw new Error('reliability harness: this request was lost with the payments process');
    }
    return length;
  };
  return {
    state,
    disarm() {
      delete requests.push;
    },
  };
}

/**
 * Every shopper of `shoppers` sends Pay at once (one request each, its own key) while `trap` waits
 * for its moment; then every payments process is started again. Answers the first answers, the keys
 * and what `atKill` read while the processes were down (a restarted process settles what it can at
 * once, so what the kill left is only seen before the restart).
 */
async function payUntilKilled(stack, shoppers, trapOf, answers, log, what, atKill = async () => undefined) {
  const trap = trapOf();
  const keys = shoppers.map(() => newKey('pay'));
  let first;
  try {
    first = await Promise.all(shoppers.map(({ order, token }, i) => startAttempt(stack, order, token, keys[i]).then((answer) => answers.add(answer))));
  } finally {
    trap.disarm();
  }
  if (!trap.state.fired) throw new Error(`payments fault: the kill ${what} never came (the stand-in saw ${trap.state.seen} such request(s))`);
  log(`payments killed ${what}; shoppers answered ${first.map((answer) => answer.status || 'no answer').join(', ')}; restarting`);
  const killed = await atKill();
  const payments = stack.processes.filter((entry) => entry.service === 'payments');
  await Promise.all(payments.map((entry) => stack.restart('payments', entry.index)));
  return { first, keys, killed };
}

/**
 * Waits until the gateway passes payment calls again: after the kill its breaker for the payments
 * service may be open for a while (fast 503s), and a shopper's request would not reach the process.
 */
async function paymentsReachable(stack) {
  const ok = await eventually(async () => (await send(stack, 'GET', '/api/payment-methods', { timeoutMs: 2000 })).status === 200, 20_000);
  if (!ok) throw new Error('payments fault: the payments service did not answer through the gateway within 20 s of its restart');
}

async function paymentsKilledMidCharge(stack, { size, log }) {
  const chargers = size === 'full' ? 6 : 3;
  const tag = runTag();
  const answers = new Answers();
  const deadline = Date.now() + 20_000;
  const placed = await Promise.all(Array.from({ length: chargers + 2 }, (_, i) => placeOrder(stack, `kill-${tag}-${i}@example.com`, answers, deadline)));
  if (!placed.every((one) => one.order)) throw new Error(`payments fault: orders could not be placed (${answers.describe()})`);
  const shoppers = await Promise.all(placed.map(async ({ order }) => ({ order, token: await cardToken(stack) })));
  const [between, unheard, ...charging] = shoppers;
  const orderIds = shoppers.map((shopper) => shopper.order.id);

  // a) every shopper pays at once; the payments processes die when the last charge reaches the
  //    provider, so at least that one is taken at the provider and unknown to the payments service
  //    (what the kill left is read before the restart: attempts PostgreSQL holds as still processing
  //    whose charge the provider took)
  const chargingIds = charging.map((shopper) => shopper.order.id);
  const cut = await payUntilKilled(stack, charging, () => armKill(stack, isCharge, { nth: charging.length }), answers, log, 'as the last charge reached the provider', async () => ({
    attempts: await attemptRows(stack, chargingIds),
    charges: await chargesOf(stack, chargingIds),
  }));
  // b) one shopper: the processes die as the provider receives the create, before any charge
  await paymentsReachable(stack);
  await payUntilKilled(stack, [between], () => armKill(stack, isCreate), answers, log, 'between the intent\'s create and its charge');
  // c) one shopper: the processes die with the create on its way, the provider never hears of it
  await paymentsReachable(stack);
  await payUntilKilled(stack, [unheard], () => armKill(stack, isCreate, { lost: true }), answers, log, 'with the create on its way to the provider');

  const isCharging = (attempt) => chargingIds.includes(attempt.order_id);
  const caughtMidCharge = count(cut.killed.attempts, (attempt) => attempt.status === 'processing' && cut.killed.charges.get(attempt.order_id) > 0);
  const open = (attempt) => OPEN_ATTEMPT_STATUSES.includes(attempt.status);
  const openAtKill = cut.killed.attempts.filter(open);
  const afterRestart = await attemptRows(stack, orderIds);
  log(`at the kill at the charge: ${await describeAttempts(stack, cut.killed.attempts)}`);
  log(`after the restarts: ${await describeAttempts(stack, afterRestart)}`);

  // The reconciliation sweep settles what the kills left open. The attempts cut at their charge: in
  // the full run by the scheduled sweep (each minute, for attempts quiet
  // PAYMENTS_RECONCILE_QUIET_SECONDS: the schedule must survive the kill), in the small one by a
  // sweep queued now. The attempts cut before their charge: sweeps queued now, one after the other (it
  // may take two: found at the provider, then settled; one never received is failed once it is
  // PAYMENTS_NEVER_RECEIVED_AFTER_SECONDS old), so their bound does not wait on the clock.
  let attempts = afterRestart;
  const settledWhere = (test) => async () => {
    attempts = await attemptRows(stack, orderIds);
    return !attempts.some((attempt) => test(attempt) && open(attempt));
  };
  const started = Date.now();
  const sweep = size === 'full' ? 'the scheduled sweep' : 'a sweep queued now';
  if (size !== 'full') await queueReconciliationSweep(stack, 0);
  await eventually(settledWhere(isCharging), size === 'full' ? 100_000 : 5_000);
  const chargingSettledMs = Date.now() - started;
  for (let round = 0; round < 3 && !(await settledWhere(() => true)()); round += 1) {
    await queueReconciliationSweep(stack, 0);
    await eventually(settledWhere(() => true), 3_000);
  }
  log(`after reconciliation (${Math.round((Date.now() - started) / 1000)} s): ${await describeAttempts(stack, attempts)}`);

  // the payment results reach the orders service (its report job retries what the kill cut)
  let paid = new Map();
  const charges = await chargesOf(stack, orderIds);
  await eventually(async () => {
    paid = await orderRows(stack, orderIds);
    return orderIds.every((id) => (paid.get(id) === 'completed') === (charges.get(id) > 0));
  }, 15_000);
  const charged = count(orderIds, (id) => charges.get(id) > 0);
  const ordersPaid = count(orderIds, (id) => paid.get(id) === 'completed');
  const completedAttempts = count(attempts, (attempt) => attempt.status === 'completed');
  const stuckCharging = count(attempts, (attempt) => isCharging(attempt) && open(attempt));
  const stuckBetween = attempts.filter((attempt) => attempt.order_id === between.order.id && open(attempt));
  const unheardAttempts = attempts.filter((attempt) => attempt.order_id === unheard.order.id);
  const unheardSettled = unheardAttempts.length === 1 && unheardAttempts[0].status === 'failed' && !(charges.get(unheard.order.id) > 0);

  // the shopper whose payment never reached the provider pays again (a new key: the checkout's next
  // Pay after a failed payment) and is charged once
  await paymentsReachable(stack);
  const repaid = unheardSettled ? await payLikeTheCheckout(stack, unheard.order, unheard.token, answers, Date.now() + 20_000) : { paid: false };

  // the shoppers whose Pay got no answer send it again with the same key (the checkout keeps it):
  // the payments service must now answer the first attempt's real result, never charge again
  await paymentsReachable(stack);
  const again = charging.map((shopper, i) => ({ shopper, i })).filter(({ i }) => retryable(cut.first[i]));
  const retryDeadline = Date.now() + 30_000;
  const retries = await Promise.all(again.map(({ shopper, i }) => untilAnswered(() => startAttempt(stack, shopper.order, shopper.token, cut.keys[i]), answers, retryDeadline, 500)));
  const told = count(retries, (answer, j) => (charges.get(again[j].shopper.order.id) > 0 ? paidAnswer(answer) : answer.status === 201 && answer.body?.attempt?.status === 'failed'));
  if (told < retries.length) log(`same-key retries answered ${retries.map((answer) => `${answer.status} ${JSON.stringify(answer.body?.message ?? answer.body?.attempt?.status ?? '')}`).join('; ')}`);
  const chargesAfter = await chargesOf(stack, orderIds);
  const chargedTwice = count(orderIds, (id) => chargesAfter.get(id) > 1);

  const openCharging = openAtKill.length;
  return [
    row('kill: payments SIGKILLed with a charge in flight (attempt processing in PostgreSQL, charge taken at the provider)', caughtMidCharge, '≥ 1', caughtMidCharge >= 1),
    row(`kill: attempts open after the kill at the charge, settled by reconciliation (${sweep})`, `${openCharging - stuckCharging}/${openCharging} in ${Math.round(chargingSettledMs / 1000)} s`, 'all', openCharging > 0 && stuckCharging === 0),
    row('kill: attempt killed between its create and its charge, settled by reconciliation (sweeps queued now)', stuckBetween.length === 0 ? 'settled' : `still ${stuckBetween.map((attempt) => attempt.status).join(', ')}`, 'settled', stuckBetween.length === 0),
    row(
      'kill: attempt killed with its create on the way (never at the provider): failed by reconciliation, nothing charged, then paid by a new Pay',
      unheardSettled ? (repaid.paid ? 'failed, then paid' : `failed, new Pay answered ${repaid.answer?.status}`) : `still ${unheardAttempts.map((attempt) => attempt.status).join(', ') || 'no attempt'}`,
      'failed, then paid',
      unheardSettled && repaid.paid,
    ),
    row('kill: orders charged more than once at the provider', chargedTwice, '0', chargedTwice === 0),
    row('kill: orders paid (PostgreSQL) = orders charged (provider) = completed attempts', `${ordersPaid} = ${charged} = ${completedAttempts}`, `equal, > 0 (${shoppers.length} shoppers)`, ordersPaid === charged && charged === completedAttempts && charged > 0),
    row('kill: cut shoppers whose same-key retry answered the real result', `${told}/${again.length}`, 'all', again.length > 0 && told === again.length),
  ];
}

// --- 2. PostgreSQL restarted during writes ------------------------------------------------------

async function databaseRestartedDuringWrites(stack, { size, log }) {
  const streams = size === 'full' ? 3 : 1;
  const downMs = 3000;
  const tag = runTag();
  const answers = new Answers();
  const writes = { orders: [], payments: [], forms: [] };
  let producing = true;
  let serial = 0;
  const token = await cardToken(stack);

  // each order stream: place an order, then pay it; each form stream: send the contact form; new
  // writes start until the database has been back a moment, every write is retried until its deadline
  const orderStream = async () => {
    while (producing) {
      const email = `pg-${tag}-${(serial += 1)}@example.com`;
      const deadline = Date.now() + 40_000;
      const placed = await placeOrder(stack, email, answers, deadline);
      const write = { email, order: placed.order, answer: placed.answer };
      writes.orders.push(write);
      if (!placed.order) continue;
      const paying = await payLikeTheCheckout(stack, placed.order, token, answers, deadline);
      writes.payments.push({ order: placed.order, paid: paying.paid, answer: paying.answer });
    }
  };
  const formStream = async () => {
    while (producing) {
      const email = `pg-${tag}-${(serial += 1)}@example.com`;
      const sent = await submitContact(stack, email, answers, Date.now() + 40_000);
      writes.forms.push({ email, submission: sent.submission, answer: sent.answer });
      // a visitor's pace, not a load test: the writes are there to be cut by the restart
      await sleep(150);
    }
  };
  const running = [...Array.from({ length: streams }, orderStream), ...Array.from({ length: streams }, formStream)];
  await sleep(1000);
  const down = Date.now();
  await stack.database.restart({ downMs });
  log(`PostgreSQL was down ${Date.now() - down} ms (stopped, ${downMs} ms, started)`);
  await sleep(1500);
  producing = false;
  await Promise.all(running);

  const placed = writes.orders.filter((write) => write.order);
  const orderIds = placed.map((write) => write.order.id);
  const emails = writes.orders.map((write) => write.email);
  const orderCounts = new Map(
    (await stack.query('SELECT email, count(*)::int AS n, min(id::text) AS id FROM orders.orders WHERE email = ANY($1) GROUP BY email', [emails])).map((r) => [r.email, r]),
  );
  const ordersOnce = count(placed, (write) => orderCounts.get(write.email)?.n === 1 && orderCounts.get(write.email)?.id === write.order.id);
  const orderDuplicates = [...orderCounts.values()].reduce((sum, r) => sum + Math.max(0, r.n - 1), 0);

  const formEmails = writes.forms.map((write) => write.email);
  const formCounts = new Map(
    (
      await stack.query(
        `SELECT data->>'email' AS email, count(*)::int AS n, min(id::text) AS id FROM forms.form_submission WHERE form_name = 'contact' AND data->>'email' = ANY($1) GROUP BY 1`,
        [formEmails],
      )
    ).map((r) => [r.email, r]),
  );
  const sentForms = writes.forms.filter((write) => write.submission);
  const formsOnce = count(sentForms, (write) => formCounts.get(write.email)?.n === 1 && formCounts.get(write.email)?.id === write.submission.id);
  const formDuplicates = [...formCounts.values()].reduce((sum, r) => sum + Math.max(0, r.n - 1), 0);

  // a payment cut after the provider took it is left processing: the sweep settles it (queued now)
  let attempts = await attemptRows(stack, orderIds);
  const leftOpen = count(attempts, (attempt) => OPEN_ATTEMPT_STATUSES.includes(attempt.status));
  if (leftOpen > 0) {
    await queueReconciliationSweep(stack, 0);
    await eventually(async () => {
      attempts = await attemptRows(stack, orderIds);
      return attempts.every((attempt) => !OPEN_ATTEMPT_STATUSES.includes(attempt.status));
    }, 15_000);
  }
  const charges = await chargesOf(stack, orderIds);
  let paid = new Map();
  await eventually(async () => {
    paid = await orderRows(stack, orderIds);
    return orderIds.every((id) => (paid.get(id) === 'completed') === (charges.get(id) > 0));
  }, 15_000);
  const paidWrites = writes.payments.filter((write) => write.paid);
  const paymentsOnce = count(paidWrites, (write) => charges.get(write.order.id) === 1 && paid.get(write.order.id) === 'completed');
  const chargedTwice = count(orderIds, (id) => charges.get(id) > 1);
  const paidNotCharged = count(orderIds, (id) => paid.get(id) === 'completed' && !(charges.get(id) > 0));
  const stuck = count(attempts, (attempt) => OPEN_ATTEMPT_STATUSES.includes(attempt.status));

  const total = writes.orders.length + writes.payments.length + writes.forms.length;
  const succeeded = placed.length + paidWrites.length + sentForms.length;
  const served503 = answers.count((status) => status === 503);
  const other5xx = answers.count((status) => status >= 500 && status !== 503);
  const unanswered = answers.count((status) => status === 0);
  const cutAnswers = served503 + other5xx + unanswered;
  log(`writes: ${writes.orders.length} orders, ${writes.payments.length} payments, ${writes.forms.length} forms; answers ${answers.describe()}`);

  // the e-mails of these writes (2 per paid order, the form's) survive the restart, each sent once
  const paidIds = paidWrites.map((write) => write.order.id);
  const mailBoundS = size === 'full' ? 30 : 20;
  const mail = await deliveredOnce(stack, paidIds, sentForms.map((write) => write.submission.id), mailBoundS * 1000, log);

  return [
    row('PostgreSQL restart: writes that succeeded after retries with their key (orders + payments + forms)', `${succeeded}/${total} (${placed.length}+${paidWrites.length}+${sentForms.length})`, 'all, > 0', total > 0 && succeeded === total),
    row('PostgreSQL restart: orders seen created, in PostgreSQL exactly once', `${ordersOnce}/${placed.length}`, 'all', ordersOnce === placed.length),
    row('PostgreSQL restart: payments seen paid, charged once and the order paid', `${paymentsOnce}/${paidWrites.length}`, 'all', paymentsOnce === paidWrites.length),
    row('PostgreSQL restart: form submissions seen stored, in PostgreSQL exactly once', `${formsOnce}/${sentForms.length}`, 'all', formsOnce === sentForms.length),
    row('PostgreSQL restart: duplicates (orders, submissions per shopper; charges per order; paid, not charged)', orderDuplicates + formDuplicates + chargedTwice + paidNotCharged, '0', orderDuplicates + formDuplicates + chargedTwice + paidNotCharged === 0),
    row(`PostgreSQL restart: payment attempts left open (${leftOpen} before a sweep queued now)`, stuck, '0', stuck === 0),
    row('PostgreSQL restart: answers that cut a write (a 5xx or none; the client retried)', `${cutAnswers} (503×${served503}, other 5xx×${other5xx}, none×${unanswered})`, '≥ 1', cutAnswers >= 1),
    row('PostgreSQL restart: 5xx other than the clear 503 (500, 502, 504)', other5xx, '0', other5xx === 0),
    row('PostgreSQL restart: their e-mails received exactly once (Message-ID at the sink)', `${mail.once}/${mail.rows.length}`, 'all, > 0', mail.rows.length > 0 && mail.once === mail.rows.length),
    row(`PostgreSQL restart: e-mails not received within ${mailBoundS} s / received twice / dead letters`, `${mail.lost} / ${mail.twice} / ${mail.deadLetters}`, '0 / 0 / 0', mail.lost + mail.twice + mail.deadLetters === 0),
    row('PostgreSQL restart: e-mails received but still queued in the outbox (to be sent again)', mail.queuedThoughReceived, '0', mail.queuedThoughReceived === 0),
  ];
}

// --- 3. SMTP down for a while, then back --------------------------------------------------------

async function smtpDownThenBack(stack, { size, log }) {
  const shoppers = size === 'full' ? 6 : 2;
  const holdDownMs = size === 'full' ? 8000 : 3000;
  const tag = runTag();
  const answers = new Answers();
  const deadline = Date.now() + 30_000;
  await stack.smtp.stop();
  const down = Date.now();
  let mail;
  try {
    const token = await cardToken(stack);
    const orders = (await Promise.all(Array.from({ length: shoppers }, (_, i) => placeOrder(stack, `smtp-${tag}-${i}@example.com`, answers, deadline)))).map((placed) => placed.order);
    const payments = await Promise.all(orders.map((order) => (order ? payLikeTheCheckout(stack, order, token, answers, deadline) : { paid: false })));
    const submissions = (await Promise.all(Array.from({ length: shoppers }, (_, i) => submitContact(stack, `smtp-form-${tag}-${i}@example.com`, answers, deadline)))).map((sent) => sent.submission);
    const paidIds = orders.filter((order, i) => order && payments[i].paid).map((order) => order.id);
    const submissionIds = submissions.filter(Boolean).map((submission) => submission.id);
    if (paidIds.length !== shoppers || submissionIds.length !== shoppers) {
      throw new Error(`SMTP fault: ${paidIds.length}/${shoppers} orders paid, ${submissionIds.length}/${shoppers} forms stored (${answers.describe()})`);
    }
    // every e-mail has been tried and refused while SMTP was down (its failed attempt is on the row)
    let rows = [];
    const triedAll = await eventually(async () => {
      rows = await outboxRows(stack, paidIds, submissionIds);
      return rows.length >= 2 * shoppers + shoppers && rows.every((r) => r.attempts >= 1 && r.status === 'queued');
    }, 20_000);
    const triedWhileDown = count(rows, (r) => r.attempts >= 1 && r.status === 'queued');
    const sentWhileDown = count(rows, (r) => r.status === 'sent');
    if (!triedAll) log(`SMTP fault: not every e-mail was tried while SMTP was down (${triedWhileDown}/${rows.length})`);
    await sleep(Math.max(0, holdDownMs - (Date.now() - down)));
    const downFor = Date.now() - down;
    await stack.smtp.start();
    log(`SMTP was down ${downFor} ms; ${triedWhileDown}/${rows.length} e-mails had failed an attempt`);
    mail = await deliveredOnce(stack, paidIds, submissionIds, 30_000, log);
    mail.triedWhileDown = triedWhileDown;
    mail.sentWhileDown = sentWhileDown;
    mail.downFor = downFor;
  } finally {
    // the next scenario needs SMTP whatever happened here
    if (!stack.smtp.running) await stack.smtp.start();
  }
  const perOrder = [...mail.perOrder.values()];
  const perSubmission = [...mail.perSubmission.values()];
  return [
    row(`SMTP down ${Math.round(mail.downFor / 1000)} s: e-mails refused at least once while it was down`, `${mail.triedWhileDown}/${mail.rows.length}`, 'all (none sent)', mail.rows.length > 0 && mail.triedWhileDown === mail.rows.length && mail.sentWhileDown === 0),
    row('SMTP down: e-mails queued per paid order', `${Math.min(...perOrder)}..${Math.max(...perOrder)}`, '2', perOrder.every((n) => n === 2)),
    row('SMTP down: e-mails queued per contact form', `${Math.min(...perSubmission)}..${Math.max(...perSubmission)}`, '≥ 1', perSubmission.every((n) => n >= 1)),
    row('SMTP back: queued e-mails delivered exactly once (Message-ID at the sink)', `${mail.once}/${mail.rows.length}`, 'all', mail.rows.length > 0 && mail.once === mail.rows.length),
    row('SMTP back: e-mails delivered more than once', mail.twice, '0', mail.twice === 0),
    row('SMTP back: dead letters (outbox status failed)', mail.deadLetters, '0', mail.deadLetters === 0),
    row('SMTP back: e-mails lost (never received at the sink)', mail.lost, '0', mail.lost === 0),
    row('SMTP back: e-mails received but still queued in the outbox (to be sent again)', mail.queuedThoughReceived, '0', mail.queuedThoughReceived === 0),
  ];
}

/**
 * The faults, one after the other, each leaving the stack as it found it (payments restarted,
 * PostgreSQL and SMTP up). Needs the stack started with FAULTS_STACK_ENV and its Stripe stand-in.
 *
 * @param {any} stack what startStack answered
 * @param {{ size: 'full' | 'small', log?: (line: string) => void, only?: string[] }} options `only`: the
 *   functions' names of the faults to run (paymentsKilledMidCharge, databaseRestartedDuringWrites,
 *   smtpDownThenBack), for working on one
 * @returns {Promise<{ rows: { figure: string, measured: number | string, expected: string, ok: boolean }[] }>}
 */
export async function runFaults(stack, { size = 'small', log = () => undefined, only } = {}) {
  if (!stack.stripe) throw new Error('the faults need the Stripe stand-in (stack.stripe)');
  const rows = [];
  for (const [name, fault] of [
    ['payments killed mid-charge', paymentsKilledMidCharge],
    ['PostgreSQL restarted during writes', databaseRestartedDuringWrites],
    ['SMTP down, then back', smtpDownThenBack],
  ].filter(([, fault]) => !only || only.includes(fault.name))) {
    const started = Date.now();
    log(`fault: ${name}`);
    try {
      rows.push(...(await fault(stack, { size, log: (line) => log(`  ${line}`) })));
    } catch (error) {
      rows.push(row(`${name}: ran to the end`, error instanceof Error ? error.message : String(error), 'no error', false));
    }
    // A process that died during the fault (other than the ones it killed and started again) is a
    // figure of its own; it is started again so that the next fault finds the stack whole.
    const dead = stack.processes.filter((entry) => entry.child.exitCode !== null || entry.child.signalCode !== null);
    const deaths = dead.map((entry) => `${entry.service}#${entry.index} exited (${entry.child.signalCode ?? `code ${entry.child.exitCode}`})`);
    for (const entry of dead) {
      log(`${deaths[dead.indexOf(entry)]} during "${name}": starting it again (log: ${entry.logFile})`);
      await stack.restart(entry.service, entry.index).catch((error) => log(`${entry.service}#${entry.index} did not start again: ${error.message}`));
    }
    rows.push(row(`${name}: every service process still running afterwards`, dead.length === 0 ? `all ${stack.processes.length}` : deaths.join(', '), 'all', dead.length === 0));
    log(`fault: ${name} done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return { rows };
}
