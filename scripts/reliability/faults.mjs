// The reliability harness's faults: a payments process killed while a charge is in
// flight, PostgreSQL restarted under order, payment and form writes, and SMTP down for a while.
// Each fault is measured after the fact from what holds the truth: PostgreSQL (orders, payment
// attempts, submissions, the e-mail outbox), the Stripe stand-in (the charges it took) and the SMTP
// sink (the Message-IDs it received); the harness only counts the answers its own shoppers got.

import {
  Answers,
  attemptRows,
  cardToken,
  chargesOf,
  count,
  deliveredOnce,
  describeAttempts,
  eventually,
  newKey,
  OPEN_ATTEMPT_STATUSES,
  orderRows,
  outboxRows,
  paidAnswer,
  payLikeTheCheckout,
  placeOrder,
  queueReconciliationSweep,
  retryable,
  row,
  runTag,
  send,
  startAttempt,
  submitContact,
  untilAnswered,
} from './faults-kit.mjs';
import { sleep } from './lib/probe-requests.mjs';

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
    // a form's e-mails reach the outbox through the forms service's own job, after the submission: the
    // rows are counted once their number has held for 1.5 s, so a late one is not missed (and then sent
    // after SMTP is back, which would read as an e-mail never tried while it was down)
    let rows = [];
    let counted = { length: -1, since: Date.now() };
    const triedAll = await eventually(async () => {
      rows = await outboxRows(stack, paidIds, submissionIds);
      if (rows.length !== counted.length) counted = { length: rows.length, since: Date.now() };
      return rows.length >= 2 * shoppers + shoppers && rows.every((r) => r.attempts >= 1 && r.status === 'queued') && Date.now() - counted.since >= 1_500;
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
