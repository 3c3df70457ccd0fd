// Checkouts through the gateway as the browser makes them (mf-checkout's place-order.ts and
// pay-order.ts, through the same route table and `call` of @storefront/contracts): the order is
// created with an Idempotency-Key, the card is tokenised at the Stripe stand-in as Stripe.js does
// (publishable key, POST /v1/payment_methods), and the order is paid through the one neutral call
// (POST /api/payment/attempts) under its own key, which the payments service charges through the
// official `stripe` SDK. Shoppers misbehave the way real ones do: double submits, a second tab, a
// retry after their browser gave up waiting. The figures are then read from what the API answered,
// PostgreSQL, the Stripe stand-in and the SMTP sink.
import { randomBytes } from 'node:crypto';
import { ApiUnreachableError, call, newIdempotencyKey, orderApi, paymentApi } from '@storefront/contracts';
import { sampleOrderFor } from '../lib/bench-api.mjs';
import { sleep } from './lib/probe-requests.mjs';

export const SIZES = Object.freeze({ full: { checkouts: 1000, shoppers: 16 }, small: { checkouts: 40, shoppers: 8 } });

/** How each checkout misbehaves, in turn. */
export const KINDS = Object.freeze(['plain', 'double submit', 'second tab', 'retry after timeout']);

/** Stripe's generic test card: the stand-in charges it. */
const CARD = '4242424242424242';
/** Each checkout buys one sample (a sample is limited to 1 per order); the two alternate. */
const SAMPLE_SKUS = ['SSW-SMPL-SNW', 'CBS-SMPL-NAV'];
/** Names are letters only (the checkout's rule); the shopper is told apart by the e-mail. */
const LAST_NAMES = ['Shopper', 'Carpenter', 'Joiner', 'Turner'];
/** A browser that gave up waiting: the first request is aborted after this many ms (random below it). */
const CLIENT_TIMEOUT_MS = 40;
/** A shopper re-sends an unanswered or 5xx request this many times, as they would click Pay again. */
const RESENDS = 8;

/** The checkout form's order (prices are the server's; none are sent), for one shopper. */
function orderRequest(email, index) {
  return sampleOrderFor({ email, firstName: 'Reliability', lastName: LAST_NAMES[index % LAST_NAMES.length] }, SAMPLE_SKUS[index % SAMPLE_SKUS.length]);
}

/**
 * One shopper's view of the API: every answer's status is kept (the 5xx figure), and a request
 * that got no answer or a 5xx is sent again unchanged, with its key, as the checkout page does.
 */
function shopperClient(stack, answers) {
  const origin = stack.gatewayUrl;

  async function once(route, options) {
    try {
      const answer = await call(route, { origin, timeoutMs: 30_000, ...options });
      answers.push(answer.status);
      return answer;
    } catch (error) {
      if (error instanceof ApiUnreachableError) return { ok: false, status: 0, unreachable: error.reason };
      throw error;
    }
  }

  /** Sends until an answer below 500 (or the resends are spent): what a shopper clicking again does. */
  async function send(route, options) {
    let answer;
    for (let attempt = 0; attempt <= RESENDS; attempt += 1) {
      answer = await once(route, options);
      if (answer.status !== 0 && answer.status < 500) return answer;
      // a payment the service could not confirm yet is re-sent too (the page keeps it in flight)
      await sleep(200 * (attempt + 1));
    }
    return answer;
  }

  /** Stripe.js's createPaymentMethod: the card goes to Stripe with the publishable key, never to us. */
  async function tokenize() {
    const response = await fetch(`${stack.stripe.url}/v1/payment_methods`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.stripeKeys.STRIPE_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ type: 'card', 'card[number]': CARD, 'card[exp_month]': '12', 'card[exp_year]': String(new Date().getUTCFullYear() + 3), 'card[cvc]': '123' }),
    });
    const body = await response.json();
    if (!body.id) throw new Error(`the Stripe stand-in made no PaymentMethod: ${JSON.stringify(body)}`);
    return body.id;
  }

  return {
    once,
    create: (body, idempotencyKey, extra = {}) => send(orderApi.create, { body, idempotencyKey, ...extra }),
    createOnce: (body, idempotencyKey, extra = {}) => once(orderApi.create, { body, idempotencyKey, ...extra }),
    pay: (order, paymentToken, idempotencyKey, extra = {}) =>
      sendPayment({ body: { orderId: order.id, paymentMethod: 'credit-card', paymentToken }, idempotencyKey, orderToken: order.orderToken, ...extra }),
    payOnce: (order, paymentToken, idempotencyKey, extra = {}) =>
      once(paymentApi.startAttempt, { body: { orderId: order.id, paymentMethod: 'credit-card', paymentToken }, idempotencyKey, orderToken: order.orderToken, ...extra }),
    tokenize,
  };

  /** A payment is re-sent also while its outcome is `unknown` (pay-order.ts keeps it in flight). */
  async function sendPayment(options) {
    let answer;
    for (let attempt = 0; attempt <= RESENDS; attempt += 1) {
      answer = await once(paymentApi.startAttempt, options);
      const unknown = answer.ok && answer.data?.attempt?.status === 'unknown';
      if (answer.status !== 0 && answer.status < 500 && !unknown) return answer;
      await sleep(200 * (attempt + 1));
    }
    return answer;
  }
}

const describe = (answer) =>
  answer ? `${answer.status || answer.unreachable}${answer.error ? ` ${answer.error.errorType ?? ''} ${answer.error.message ?? ''} ${JSON.stringify(answer.error.errors ?? {})}` : ''}` : 'no answer';

/** The order a create answer names, with the token the browser keeps (undefined when refused). */
function orderOf(answer) {
  return answer?.ok && answer.data?.data?.id ? { id: answer.data.data.id, orderIncrementId: answer.data.data.orderIncrementId, orderToken: answer.data.orderToken } : undefined;
}

/** Paid as the checkout reads an attempt's answer (pay-order.ts outcomeOf): completed, pending, or 409 orderPaid. */
function paidBy(answer) {
  if (answer?.ok) return ['completed', 'pending'].includes(answer.data?.attempt?.status);
  return answer?.status === 409 && answer.error?.errorType === 'orderPaid';
}

/**
 * One checkout of `kind`. Answers what the shopper saw: the order (id and number) and whether the
 * page said it was paid; `note` when something the browser would show as an error happened.
 */
async function checkout(client, kind, index, email) {
  const body = orderRequest(email, index);
  const orderKey = newIdempotencyKey();
  let order;
  let lastCreate;
  const created = (answer) => {
    lastCreate = answer;
    return orderOf(answer);
  };
  if (kind === 'double submit') {
    // the Place order button clicked twice: the same request, the same key, at once
    const [first, second] = await Promise.all([client.create(body, orderKey), client.create(body, orderKey)]);
    order = created(first);
    if (orderOf(second)?.id !== order?.id) return { order, paid: false, note: 'the two submits answered different orders' };
  } else if (kind === 'retry after timeout') {
    // the browser gave up waiting (the request may or may not have reached the server), then the shopper submitted again
    await client.createOnce(body, orderKey, { timeoutMs: 1 + Math.floor(Math.random() * CLIENT_TIMEOUT_MS) });
    order = created(await client.create(body, orderKey));
  } else {
    order = created(await client.create(body, orderKey));
  }
  if (!order) return { order, paid: false, note: `the order was not created (${describe(lastCreate)})` };

  const paymentKey = newIdempotencyKey();
  let paid;
  if (kind === 'double submit') {
    const token = await client.tokenize();
    const answers = await Promise.all([client.pay(order, token, paymentKey), client.pay(order, token, paymentKey)]);
    paid = answers.some(paidBy);
  } else if (kind === 'second tab') {
    // the same order paid from two tabs at once: each tab tokenised its own card and has its own attempt key
    const [tokenA, tokenB] = await Promise.all([client.tokenize(), client.tokenize()]);
    const answers = await Promise.all([client.pay(order, tokenA, paymentKey), client.pay(order, tokenB, newIdempotencyKey())]);
    paid = answers.some(paidBy);
    // the tab that lost sees the order paid or a payment in progress; it pays again only if the first failed
    if (!paid && answers.some((answer) => answer.status === 409 && answer.error?.errorType === 'paymentInProgress')) {
      await sleep(1000);
      paid = paidBy(await client.pay(order, tokenA, paymentKey));
    }
  } else if (kind === 'retry after timeout') {
    const token = await client.tokenize();
    await client.payOnce(order, token, paymentKey, { timeoutMs: 1 + Math.floor(Math.random() * CLIENT_TIMEOUT_MS * 4) });
    paid = paidBy(await client.pay(order, token, paymentKey));
  } else {
    paid = paidBy(await client.pay(order, await client.tokenize(), paymentKey));
  }
  return { order, paid, ...(paid ? {} : { note: 'the payment was not confirmed to the shopper' }) };
}

/** Polls `read` until `done(value)` or the deadline; answers the last value. */
async function eventually(read, done, timeoutMs, intervalMs = 500) {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(intervalMs);
    value = await read();
  }
  return value;
}

/** Sum of storefront_http_requests_total in a Prometheus text (every route and status). */
function requestsServed(metricsText) {
  let total = 0;
  for (const line of metricsText.split('\n')) {
    if (line.startsWith('storefront_http_requests_total')) total += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  }
  return total;
}

async function servedByReplica(stack) {
  const counts = new Map();
  for (const entry of stack.processes.filter((candidate) => candidate.service === 'orders' || candidate.service === 'payments')) {
    counts.set(`${entry.service}#${entry.index}`, requestsServed(await stack.metrics(entry.service, entry.index)));
  }
  return counts;
}

/**
 * @param {Awaited<ReturnType<import('./stack.mjs').startStack>>} stack
 * @param {{ size?: 'full' | 'small', log?: (line: string) => void, checkouts?: number, shoppers?: number, defer?: boolean }} [options]
 */
export async function runCheckouts(stack, options = {}) {
  const size = SIZES[options.size ?? 'full'];
  const total = options.checkouts ?? size.checkouts;
  const shoppers = options.shoppers ?? size.shoppers;
  const log = options.log ?? (() => undefined);
  // every e-mail of this run carries its tag: the figures count this run's orders, not another scenario's
  const tag = `r${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  const emailOf = (index) => `shopper-${tag}-${index}@example.com`;

  const servedBefore = await servedByReplica(stack);
  /** @type {number[]} every HTTP status the shoppers were answered */
  const answers = [];
  /** @type {{ kind: string, email: string, order?: { id: string, orderIncrementId: string }, paid: boolean, note?: string }[]} */
  const outcomes = new Array(total);
  let next = 0;
  let finished = 0;
  const started = Date.now();
  const progress = setInterval(() => log(`checkouts: ${finished}/${total} in ${Math.round((Date.now() - started) / 1000)} s`), 15_000);
  try {
    await Promise.all(
      Array.from({ length: Math.min(shoppers, total) }, async () => {
        const client = shopperClient(stack, answers);
        while (next < total) {
          const index = next;
          next += 1;
          const kind = KINDS[index % KINDS.length];
          const email = emailOf(index);
          const checkoutStarted = Date.now();
          try {
            outcomes[index] = { kind, email, ...(await checkout(client, kind, index, email)) };
            outcomes[index].ms = Date.now() - checkoutStarted;
          } catch (error) {
            outcomes[index] = { kind, email, paid: false, note: `the harness failed: ${error instanceof Error ? error.message : error}` };
          }
          finished += 1;
        }
      }),
    );
  } finally {
    clearInterval(progress);
  }
  const checkoutMs = Date.now() - started;
  log(`checkouts: ${total} in ${(checkoutMs / 1000).toFixed(1)} s (${(total / (checkoutMs / 1000)).toFixed(1)}/s, ${shoppers} shoppers)`);
  for (const kind of KINDS) {
    const times = outcomes.filter((outcome) => outcome?.kind === kind && outcome.ms !== undefined).map((outcome) => outcome.ms).sort((a, b) => a - b);
    if (times.length > 0) log(`  ${kind}: median ${times[Math.floor(times.length / 2)]} ms, slowest ${times.at(-1)} ms`);
  }
  const servedAfter = await servedByReplica(stack);

  // --- what PostgreSQL holds (the orders paid settle with the payment's report, the e-mails with the outbox)
  const pattern = `shopper-${tag}-%`;
  const readOrders = () =>
    stack.query(`SELECT id::text, order_increment_id, email, status, payment_status FROM orders.orders WHERE email LIKE $1`, [pattern]);
  const isPaid = (row) => ['completed', 'success'].includes(row.payment_status);
  // what the shoppers saw settles in the database within a bounded wait (a report retried by its job)
  const seenCreated = new Set(outcomes.filter((outcome) => outcome.order).map((outcome) => outcome.order.id)).size;
  const seenPaidCount = outcomes.filter((outcome) => outcome.paid).length;
  const orders = await eventually(readOrders, (rows) => rows.length >= seenCreated && rows.filter(isPaid).length >= seenPaidCount, 60_000);
  const byEmail = new Map();
  for (const row of orders) byEmail.set(row.email, [...(byEmail.get(row.email) ?? []), row]);
  const orderIds = new Set(orders.map((row) => row.id));
  const numbers = new Map(orders.map((row) => [row.order_increment_id, row]));

  // --- what the SMTP sink received: each order sends the customer's confirmation and the business's
  // notice. The outbox sends one e-mail at a time per orders replica, so 2,000 e-mails drain for
  // minutes: run.mjs reads these figures after the next scenarios (`settle`), the wait bounded as here.
  const emailRows = async () => {
    const ourMessages = () => stack.smtp.messages().filter((message) => numbers.has(/#(SF-\d+)/.exec(message.subject)?.[1]));
    const paidCount = orders.filter(isPaid).length;
    const messages = await eventually(ourMessages, (list) => list.length >= 2 * paidCount, options.size === 'small' ? 45_000 : 150_000, 1000);
    const perOrder = new Map();
    for (const message of messages) {
      const row = numbers.get(/#(SF-\d+)/.exec(message.subject)[1]);
      const kept = perOrder.get(row.id) ?? { customer: 0, business: 0 };
      if (message.to.includes(row.email)) kept.customer += 1;
      else kept.business += 1;
      perOrder.set(row.id, kept);
    }
    const offTwo = orders.filter((row) => {
      const kept = perOrder.get(row.id);
      return !kept || kept.customer !== 1 || kept.business !== 1;
    }).length;
    const messageIds = new Map();
    for (const message of messages) messageIds.set(message.messageId, (messageIds.get(message.messageId) ?? 0) + 1);
    const duplicateIds = [...messageIds.values()].filter((count) => count > 1).reduce((sum, count) => sum + count - 1, 0);
    const withoutId = messages.filter((message) => !message.messageId).length;
    return [
      {
        figure: 'e-mails received by the SMTP sink (customer + business per order)',
        measured: offTwo === 0 ? messages.length : `${messages.length} (${offTwo} orders without exactly 1 + 1)`,
        expected: `2 per order (${2 * total})`,
        ok: messages.length === 2 * total && offTwo === 0 && orders.length === total,
      },
      { figure: 'duplicate Message-IDs at the SMTP sink', measured: withoutId === 0 ? duplicateIds : `${duplicateIds} (${withoutId} without one)`, expected: '0', ok: duplicateIds === 0 && withoutId === 0 && messages.length > 0 },
    ];
  };

  // --- what the Stripe stand-in charged: an intent that succeeded, for one of this run's orders
  const charged = new Map();
  for (const event of stack.stripe.events) {
    if (event.type !== 'payment_intent.succeeded') continue;
    const intent = event.data.object;
    const orderId = intent.metadata?.orderId;
    if (!orderIds.has(orderId)) continue;
    charged.set(orderId, new Set([...(charged.get(orderId) ?? []), intent.id]));
  }
  const charges = [...charged.values()].reduce((sum, intents) => sum + intents.size, 0);
  const chargedTwice = [...charged.values()].filter((intents) => intents.size > 1).length;
  if (chargedTwice > 0) {
    const kindOf = new Map(outcomes.filter((outcome) => outcome?.order).map((outcome) => [outcome.order.id, outcome.kind]));
    const kinds = new Map();
    for (const [orderId, intents] of charged) if (intents.size > 1) kinds.set(kindOf.get(orderId) ?? 'unknown', (kinds.get(kindOf.get(orderId) ?? 'unknown') ?? 0) + 1);
    log(`orders charged more than once, by checkout kind: ${[...kinds].map(([kind, count]) => `${kind} ${count}`).join(', ')}`);
  }

  // --- what the shoppers saw, against the database
  const seenPaid = outcomes.filter((outcome) => outcome.paid);
  const paidIds = new Set(orders.filter(isPaid).map((row) => row.id));
  const lost = seenPaid.filter((outcome) => !paidIds.has(outcome.order.id)).length;
  const serverErrors = answers.filter((status) => status >= 500).length;
  const notes = outcomes.filter((outcome) => outcome.note);
  for (const outcome of notes.slice(0, 5)) log(`checkout ${outcome.email} (${outcome.kind}): ${outcome.note}`);

  const servedRows = [];
  for (const service of ['orders', 'payments']) {
    const names = [...servedAfter.keys()].filter((name) => name.startsWith(`${service}#`));
    const served = names.map((name) => `${name} ${servedAfter.get(name) - (servedBefore.get(name) ?? 0)}`);
    const replicas = names.length;
    servedRows.push({
      figure: `${service} replicas that served checkouts (requests each, no sticky sessions)`,
      measured: `${names.filter((name) => servedAfter.get(name) - (servedBefore.get(name) ?? 0) > 0).length} of ${replicas}: ${served.join(', ')}`,
      expected: '2 of 2, each > 0',
      ok: replicas === 2 && names.every((name) => servedAfter.get(name) - (servedBefore.get(name) ?? 0) > 0),
    });
  }

  const n = total;
  const rows = [
    {
      figure: `checkouts the shopper saw paid (API answers; ${shoppers} at once; ${KINDS.join(', ')}: 1 in ${KINDS.length} each)`,
      measured: seenPaid.length,
      expected: `= checkouts (${n})`,
      ok: seenPaid.length === n,
    },
    { figure: 'orders created (PostgreSQL)', measured: orders.length, expected: `= checkouts (${n})`, ok: orders.length === n && byEmail.size === n },
    { figure: 'orders paid (PostgreSQL payment_status)', measured: paidIds.size, expected: `= checkouts (${n})`, ok: paidIds.size === n },
    { figure: 'charges at the card provider (Stripe stand-in, succeeded intents)', measured: charges, expected: `= checkouts (${n})`, ok: charges === n && charged.size === n },
    { figure: 'orders charged more than once (Stripe stand-in)', measured: chargedTwice, expected: '0', ok: chargedTwice === 0 && charges > 0 },
    { figure: 'lost: checkouts the shopper saw paid, not paid in PostgreSQL', measured: lost, expected: '0', ok: lost === 0 && seenPaid.length > 0 },
    { figure: 'server errors (5xx) answered to shoppers', measured: serverErrors, expected: '0', ok: serverErrors === 0 && answers.length > 0 },
    ...servedRows,
  ];
  // deferred (run.mjs): the e-mail rows come with `settle`; alone, they are read now
  if (options.defer) return { rows, settle: emailRows, checkoutMs, tag };
  return { rows: [...rows, ...(await emailRows())], checkoutMs, tag };
}
