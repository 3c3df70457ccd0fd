// The security review's probes (reviews of 2026-11-28: N1–N16 where HTTP or the stack's own files
// can show them, and #16, #17, #18, #21, #23), each sent for real through the forged scenario's
// ledger, against a stack of either mode. Rows are labelled by mode: the issue is done when every
// probe fails against both what `npm start` runs and a production-mode stack.
//
// A probe that can only be meaningful in one mode says why it is skipped in the other (the log
// line and the returned `skipped` list); the rest run in both. Requests name a shopper address
// (X-Forwarded-For): in production mode the harness is the load balancer in front of the gateway,
// so the per-address limits count per shopper as they would in front of real shoppers; the
// development gateway drops the header, and its limits are raised for the load.
//
// This module is the list of probes (PROBES), the set-up they share and the run; the staff routes'
// probe is in forged-review-staff.mjs, the payment probes (N1, N2, #18) in forged-review-payments.mjs.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_ROUTES, CSRF_HEADER, ORDER_TOKEN_HEADER } from '@storefront/contracts';
import { repoRoot } from '../lib/embedded-database.mjs';
import { probeN1, probeN2, probeSandboxForms } from './forged-review-payments.mjs';
import { probeStaffRoutes } from './forged-review-staff.mjs';
import { FUZZ_ADDRESS } from './fuzz-world.mjs';
import { callerOf, signInternal } from './lib/internal-signature.mjs';
import { is, json, parse, refused4xx, sleep, withJson } from './lib/probe-requests.mjs';
import { shopperAddress } from './lib/shopper-address.mjs';

/**
 * What every probe needs from one stack: a way to send (through the ledger, as a shopper), and
 * orders, quotes and a customer made the way a shopper and the back office make them.
 */
async function prepareReview(stack, ledger, send, log) {
  const gateway = stack.gatewayUrl;
  const tag = `${stack.mode.slice(0, 4)}-${Date.now().toString(36)}`;
  const must = async (label, request, baseUrl = gateway) => {
    const answer = await send(baseUrl, request);
    if (!(answer.status >= 200 && answer.status < 300)) throw new Error(`review set-up (${stack.mode}): ${label} answered ${answer.status || answer.error}: ${String(answer.text ?? '').slice(0, 300)}`);
    return JSON.parse(answer.text);
  };
  const samples = await must('catalog samples', { path: '/api/catalog/samples' });
  const item = samples.styles[0].items[0];
  const sampleDoor = { sku: item.sku, qty: 1, ...(item.finish ? { finish: { type: item.finish.type, value: item.finish.value } } : {}) };
  const placeOrder = async (name) => {
    const email = `${name}-${tag}@forged.example.com`;
    const body = { email, firstName: 'Mal', lastName: 'Lory', items: [sampleDoor], paymentMethod: 'credit-card', addresses: [{ type: 'billing', firstName: 'Mal', lastName: 'Lory', email, ...FUZZ_ADDRESS }, { type: 'shipping', firstName: 'Mal', lastName: 'Lory', email, ...FUZZ_ADDRESS }] };
    const created = await must(`order ${name}`, withJson('POST', '/api/order', body, { 'idempotency-key': randomUUID() }));
    return { id: created.data.id, number: created.data.orderIncrementId, token: created.orderToken, email };
  };
  const admin = { authorization: `Bearer ${stack.adminToken}` };
  const makeQuote = async (name, extra = {}) => {
    const email = `${name}-${tag}@forged.example.com`;
    const quote = await must(
      `quote ${name}`,
      withJson('POST', '/api/admin/quotes', { firstName: 'Quinn', lastName: 'Lee', email, addresses: [{ type: 'billing', ...FUZZ_ADDRESS }], shippingMethod: 'freight', items: [{ name: 'Base cabinet', sku: 'B24', qty: 1, price: 1400 }], shippingAmount: 200, ...extra }, admin),
    );
    return { ...quote, email };
  };
  const quoteOrder = async (quote, headers = {}) => must(`quote ${quote.quoteIncrementId} payment order`, withJson('POST', '/api/quote/payment-order', { quoteId: quote.quoteId, token: quote.token }, headers));
  const register = async (name) => {
    const email = `${name}-${tag}@forged.example.com`;
    const token = stack.captchaToken?.('registration');
    const answer = await send(gateway, withJson('POST', '/api/my-account/register', registration(email, token)));
    if (answer.status !== 201) throw new Error(`review set-up (${stack.mode}): register ${name} answered ${answer.status}: ${String(answer.text).slice(0, 300)}`);
    const cookie = [].concat(answer.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; ');
    const csrf = /(?:^|;\s*)(?:__Host-)?sf_csrf=([^;]+)/.exec(cookie)?.[1];
    return { email, cookie, csrf };
  };
  const world = {
    tag,
    admin,
    placeOrder,
    makeQuote,
    quoteOrder,
    register,
    orders: { n1: await placeOrder('n1'), n1Control: await placeOrder('n1-control'), n2: await placeOrder('n2'), unpaid: await placeOrder('unpaid') },
    victim: await register('victim'),
  };
  log(`review set-up (${stack.mode}): orders ${Object.values(world.orders).map((order) => order.number).join(', ')}`);
  return world;
}

/** The registration body the account page posts (the review's N7/N8 probes use it). */
function registration(email, recaptchaToken) {
  return {
    name: 'registration',
    formData: { firstName: 'Ann', lastName: 'Lee', email, phone: '2125550100', password: 'correct horse battery staple', accountType: 'homeowner', newsletter: false, address: { street: '350 5th Ave', addressCountry: 'US', addressState: 'NY', addressCity: 'New York', zip: '10118' } },
    ...(recaptchaToken ? { recaptchaToken } : {}),
  };
}

/** N3: admin guesses throttled ahead of the key check, reads included. */
async function probeN3(ctx) {
  const { stack, ledger, kind } = ctx;
  const k = kind('N3: admin API guesses');
  const orders = stack.processes.find((entry) => entry.service === 'orders');
  // one shopper address guessing (direct to orders in development, whose gateway drops the header)
  const base = stack.mode === 'production' ? stack.gatewayUrl : orders.url;
  const guesser = { 'x-forwarded-for': shopperAddress() };
  let limited = 0;
  for (let i = 0; i < 40; i += 1) {
    const guess = await ledger.forged(k, base, { path: i % 2 ? '/api/admin/orders' : '/api/admin/quotes', headers: { ...guesser, authorization: `Bearer sfk_${randomBytes(32).toString('base64url')}` } }, { refusal: is(401, 429) });
    if (guess.status === 429) limited += 1;
  }
  ledger.check(k, '40 wrong admin keys from one address: some answered 429', limited > 0);
  // a real key from an address that never guessed still works (the limit is per address)
  await ledger.control('admin read with the key from another address', base, { path: '/api/admin/orders', headers: { 'x-forwarded-for': shopperAddress(), authorization: `Bearer ${stack.adminToken}` } });
  if (!stack.adminKey) ctx.controlFailed('no admin API key: the stack fell back to the retired ADMIN_API_TOKEN');
  // the retired static bearer opens nothing
  await ledger.forged(k, base, { path: '/api/admin/orders', headers: { 'x-forwarded-for': shopperAddress(), authorization: `Bearer ${stack.legacyAdminToken}` } }, { refusal: is(401, 404, 429) });
}

/** N4 (and #1): internal calls signed by their caller; /metrics behind its own credential, guesses limited. */
async function probeN4(ctx) {
  const { stack, world, ledger, kind } = ctx;
  const k = kind('N4: internal calls not signed by their caller');
  const internal = API_ROUTES.filter((route) => route.access === 'internal');
  const order = world.orders.n2;
  const report = json({ attemptId: `forged-${randomUUID()}`, gateway: 'stripe', method: 'credit-card', methodLabel: 'Card', status: 'completed', amount: 999999, transactionId: 'pi_forged' });
  // a well-formed form e-mail (to anyone, any HTML): what a holder of the forms secret could send
  const email = json({ emails: [{ kind: 'form-confirmation', dedupeKey: `form:${randomUUID()}:confirmation`, recipient: `victim-${world.tag}@forged.example.com`, subject: 'Your account', html: '<p>forged</p>', text: 'forged' }] });
  const now = Math.floor(Date.now() / 1000);
  // each internal route at every replica of the service that serves it
  for (const route of internal) {
    for (const entry of stack.processes.filter((process) => process.service === route.service)) {
      const requestPath = route.path.replace(/:[A-Za-z_]+/g, order.id);
      const body = route.method === 'GET' ? undefined : route.path.includes('email') ? email : report;
      const caller = callerOf(route);
      // a caller the route does not name, signing correctly with its own secret
      const other = Object.keys(stack.internalSecrets).find((name) => name !== caller && !(route.callers ?? []).includes(name));
      const sign = (overrides = {}) => signInternal({ caller, secret: stack.internalSecrets[caller], method: route.method, path: requestPath, body, ...overrides });
      const variants = [
        {},
        // the retired shared token, right value: no longer a credential
        { 'x-internal-token': stack.internalToken },
        { authorization: `Bearer ${stack.internalToken}` },
        // the secret itself sent instead of a signature
        { 'x-internal-caller': caller, 'x-internal-signature': stack.internalSecrets[caller] },
        // the other caller, signing correctly with its own secret: not listed on this route
        signInternal({ caller: other, secret: stack.internalSecrets[other], method: route.method, path: requestPath, body }),
        // this caller's name with the other's secret
        sign({ secret: stack.internalSecrets[other] }),
        // a replay from 10 minutes ago, a signature from 10 minutes ahead
        sign({ at: now - 600 }),
        sign({ at: now + 600 }),
        // a signature over another body or path
        sign({ body: `${body ?? ''} ` }),
        sign({ path: `${requestPath}?x=1` }),
        sign({ method: route.method === 'GET' ? 'POST' : 'GET' }),
      ];
      for (const headers of variants) {
        await ledger.forged(k, entry.url, { method: route.method, path: requestPath, headers: { 'content-type': 'application/json', ...headers }, body }, { guarded: [order.email], refusal: is(401, 403, 429) });
      }
    }
  }
  const payable = internal.find((route) => route.service === 'orders' && route.method === 'GET' && route.callers?.includes('payments'));
  if (payable) {
    const requestPath = payable.path.replace(/:[A-Za-z_]+/g, order.id);
    await ledger.control('internal read signed by payments', stack.processes.find((entry) => entry.service === 'orders').url, { path: requestPath, headers: signInternal({ caller: 'payments', secret: stack.internalSecrets.payments, method: 'GET', path: requestPath }) });
  }
  await ctx.orderNotPaid(k, order.id, order.token);

  // /metrics: its own scrape credential; the retired internal token is none; guesses limited
  const m = kind('N4: /metrics without its scrape credential');
  for (const entry of stack.processes) {
    await ledger.forged(m, entry.url, { path: '/metrics', headers: { authorization: `Bearer ${stack.internalToken}`, 'x-forwarded-for': shopperAddress() } }, { guarded: ['storefront_http_requests_total'], refusal: is(401, 404, 429) });
  }
  const base = stack.mode === 'production' ? stack.gatewayUrl : stack.processes.find((entry) => entry.service === 'content').url;
  const guesser = { 'x-forwarded-for': shopperAddress() };
  let limited = 0;
  for (let i = 0; i < 40; i += 1) {
    const guess = await ledger.forged(m, base, { path: '/metrics', headers: { ...guesser, authorization: `Bearer guess-${i}-${randomBytes(16).toString('hex')}` } }, { guarded: ['storefront_http_requests_total'], refusal: is(401, 404, 429) });
    if (guess.status === 429) limited += 1;
  }
  ledger.check(m, `40 wrong /metrics credentials from one address (${stack.mode === 'production' ? 'gateway' : 'content'}): some answered 429`, limited > 0);
  await ledger.control('/metrics with METRICS_TOKEN', stack.gatewayUrl, { path: '/metrics', headers: { authorization: `Bearer ${stack.metricsToken}` } });
}

/** N7 (HTTP rows), #23: HSTS from the gateway; registration needs a captcha for this site and action. */
async function probeN7(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  if (stack.mode !== 'production') {
    ctx.skip('N7 and #23: production settings (HSTS, captcha required) are production-only by definition');
    return;
  }
  const k = kind('N7: production settings seen over HTTP');
  const home = await send(stack.gatewayUrl, { path: '/', headers: { accept: 'text/html' } });
  const hsts = /max-age=(\d+)/i.exec(String(home.headers?.['strict-transport-security'] ?? ''));
  ledger.check(k, `HSTS on the home page (${home.headers?.['strict-transport-security'] ?? 'absent'})`, Boolean(hsts) && Number(hsts[1]) >= 86_400);
  const host = new URL(stack.publicSiteUrl).hostname;
  const register = (email, token) => withJson('POST', '/api/my-account/register', registration(email, token));
  const fresh = (name) => `${name}-${world.tag}-${randomBytes(3).toString('hex')}@forged.example.com`;
  await ledger.forged(k, stack.gatewayUrl, register(fresh('bot'), undefined), { refusal: is(400) });
  const c = kind('#23: captcha for another site or action');
  // each would pass but for what it names (fresh nonces: the stand-in takes a token once)
  const nonce = () => randomBytes(6).toString('hex');
  for (const token of [`recaptcha-ok:evil.example:registration::${nonce()}`, `recaptcha-ok:${host}.evil.example:registration::${nonce()}`, `recaptcha-ok:${host}:login::${nonce()}`, `recaptcha-ok:${host}:registration:0.1:${nonce()}`, 'recaptcha-bad', '']) {
    await ledger.forged(c, stack.gatewayUrl, register(fresh('bot'), token), { refusal: is(400) });
  }
  if (stack.recaptcha) {
    const token = stack.captchaToken('registration');
    await ledger.control('registration with a captcha for this site', stack.gatewayUrl, register(fresh('human'), token));
    // the same token again: Google verifies a token once
    await ledger.forged(c, stack.gatewayUrl, register(fresh('replay'), token), { refusal: is(400) });
  }
  else ctx.controlFailed('no reCAPTCHA stand-in: the captcha probes prove nothing yet');
}

/** N8: registration with a taken e-mail answers like a new one; forgot-password takes the same time either way. */
async function probeN8(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  const k = kind('N8: account enumeration');
  const token = () => stack.captchaToken?.('registration') ?? undefined;
  const taken = await send(stack.gatewayUrl, withJson('POST', '/api/my-account/register', registration(world.victim.email, token())));
  const fresh = await send(stack.gatewayUrl, withJson('POST', '/api/my-account/register', registration(`fresh-${world.tag}-${randomBytes(3).toString('hex')}@forged.example.com`, token())));
  const shape = (answer) => `${answer.status} ${Object.keys(parse(answer) ?? {}).sort().join(',')} ${parse(answer)?.errorType ?? ''}`;
  ledger.check(k, `registration of a taken e-mail answers like a new one (${shape(taken)} vs ${shape(fresh)})`, shape(taken) === shape(fresh) && !/emailTaken/.test(taken.text ?? ''));
  // forgot-password: 8 alternating known/unknown, medians within 50 ms (other accounts than N10's victim)
  const known = await world.register('timing');
  const times = { known: [], unknown: [] };
  for (let i = 0; i < 8; i += 1) {
    for (const [which, email] of [['known', known.email], ['unknown', `nobody-${randomBytes(4).toString('hex')}@forged.example.com`]]) {
      const started = performance.now();
      await send(stack.gatewayUrl, withJson('POST', '/api/my-account/password/forgot', { email }, { 'x-forwarded-for': shopperAddress() }));
      times[which].push(performance.now() - started);
    }
  }
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const gap = median(times.known) - median(times.unknown);
  ledger.check(k, `forgot-password known minus unknown e-mail, median of 8 (${gap.toFixed(0)} ms)`, gap < 50);
}

/** N10: reset e-mails limited per account (3 an hour), whatever addresses ask. */
async function probeN10(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  const k = kind('N10: reset e-mail flood');
  const victim = world.victim.email;
  for (let i = 0; i < 10; i += 1) {
    await send(stack.gatewayUrl, withJson('POST', '/api/my-account/password/forgot', { email: victim }, { 'x-forwarded-for': shopperAddress() }));
  }
  // what the outbox holds for the victim (queued or sent): the e-mails the flood produced
  const deadline = Date.now() + 10_000;
  let count;
  do {
    await sleep(500);
    const rows = await stack.query("SELECT count(*)::int AS n FROM orders.email_outbox WHERE kind = 'password-reset' AND lower(recipient) = lower($1)", [victim]).catch(() => [{ n: -1 }]);
    count = rows[0].n;
  } while (count < 3 && Date.now() < deadline);
  ledger.check(k, `reset e-mails for one account after 10 requests from 10 addresses (${count})`, count >= 1 && count <= 3);
}

/** N11: a replaced quote link stops viewing and paying its order; a quote is claimed only by its own customer. */
async function probeN11(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  const k = kind('N11: replaced quote link');
  const gateway = stack.gatewayUrl;
  const quote = await world.makeQuote('n11');
  const order = await world.quoteOrder(quote);
  const renewed = await send(gateway, withJson('POST', `/api/admin/quotes/${quote.quoteId}/links`, {}, world.admin));
  if (renewed.status !== 201) ctx.controlFailed(`a new link for quote ${quote.quoteIncrementId} answered ${renewed.status}`);
  const newToken = parse(renewed)?.token;
  await ledger.forged(k, gateway, { path: `/api/order/view/${order.data.id}`, headers: { [ORDER_TOKEN_HEADER]: quote.token } }, { guarded: [quote.email], refusal: is(404, 410) });
  await ledger.forged(k, gateway, withJson('POST', '/api/payment/attempts', { orderId: order.data.id, paymentMethod: 'credit-card' }, { [ORDER_TOKEN_HEADER]: quote.token, 'idempotency-key': randomUUID() }), { refusal: refused4xx });
  await ledger.forged(k, gateway, { path: `/api/quote?quoteId=${quote.quoteId}&token=${encodeURIComponent(quote.token)}` }, { guarded: [quote.email], refusal: refused4xx });
  if (newToken) await ledger.control('quote read with its new link', gateway, { path: `/api/quote?quoteId=${quote.quoteId}&token=${encodeURIComponent(newToken)}` });

  // an expired link (its expiry moved into the past in PostgreSQL: the harness does not wait 14 days)
  const expiring = await world.makeQuote('n11-expired');
  const expiringOrder = await world.quoteOrder(expiring);
  const moved = await stack.query('UPDATE orders.quote_payment_link SET expires_at = now() - interval \'1 minute\' WHERE quote_id = $1', [expiring.quoteId]).then(() => true, (error) => (ctx.controlFailed(`could not expire quote ${expiring.quoteIncrementId}'s link: ${error.message}`), false));
  if (moved) {
    await ledger.forged(k, gateway, { path: `/api/order/view/${expiringOrder.data.id}`, headers: { [ORDER_TOKEN_HEADER]: expiring.token } }, { guarded: [expiring.email], refusal: is(404, 410) });
  }

  // a signed-in customer holding someone else's link does not get the quote's order
  const c = kind('N11: a quote claimed by another account');
  const other = await world.makeQuote('n11-claim');
  const mallory = await world.register('mallory');
  const signedIn = { cookie: mallory.cookie, ...(mallory.csrf ? { [CSRF_HEADER]: mallory.csrf } : {}) };
  const claimed = await send(gateway, withJson('POST', '/api/quote/payment-order', { quoteId: other.quoteId, token: other.token }, signedIn));
  const mine = await send(gateway, { path: '/api/my-account/orders', headers: { cookie: mallory.cookie } });
  const claimedId = parse(claimed)?.data?.id;
  ledger.check(c, "another customer's quote order absent from Mallory's orders", !(claimedId && mine.text?.includes(claimedId)));
}

/** N12: no bearer link in stored e-mail bodies once sent; no query string in any log line. */
async function probeN12(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  const k = kind('N12: bearer tokens stored or logged');
  // a quote link e-mail and an order e-mail, then wait until the outbox has sent them
  await send(stack.gatewayUrl, withJson('POST', `/api/admin/quotes/${(await world.makeQuote('n12')).quoteId}/links`, { send: true }, world.admin));
  const deadline = Date.now() + 15_000;
  let rows;
  do {
    await sleep(500);
    rows = await stack.query("SELECT kind, status, html, text FROM orders.email_outbox WHERE status IN ('sent', 'dead', 'failed')");
  } while (rows.length === 0 && Date.now() < deadline);
  const bearer = /[?&](?:token|t)=([A-Za-z0-9_-]{20,})/;
  const holding = rows.filter((row) => bearer.test(row.html ?? '') || bearer.test(row.text ?? ''));
  ledger.check(k, `sent or dead e-mail bodies still holding a token (${holding.length} of ${rows.length}: ${[...new Set(holding.map((row) => row.kind))].join(', ') || 'none'})`, rows.length > 0 && holding.length === 0);

  // logs: a request whose service fails (orders stopped) and a page whose render fails, each with a secret in the query
  const secret = `SECRET${randomBytes(12).toString('hex')}`;
  // stopped as an orchestrator stops them (SIGTERM: in-flight e-mails finish, none is sent twice)
  const orders = stack.processes.filter((entry) => entry.service === 'orders');
  for (const entry of orders) await stack.kill('orders', entry.index, 'SIGTERM');
  try {
    await send(stack.gatewayUrl, { path: `/api/quote?quoteId=${randomUUID()}&token=${secret}` });
    await send(stack.gatewayUrl, { path: `/api/order/view/${randomUUID()}?token=${secret}` });
    await send(stack.gatewayUrl, { path: `/quote/payment?quoteId=${randomUUID()}&token=${secret}`, headers: { accept: 'text/html' } });
    await send(stack.gatewayUrl, { path: `/reset-password?token=${secret}`, headers: { accept: 'text/html' } });
  } finally {
    for (const entry of orders) await stack.restart('orders', entry.index);
  }
  await sleep(300);
  const files = (await readdir(stack.logDir)).filter((name) => name.endsWith('.log'));
  const leaking = [];
  for (const file of files) if ((await readFile(path.join(stack.logDir, file), 'utf8')).includes(secret)) leaking.push(file);
  ledger.check(k, `log files holding a query-string token (${leaking.join(', ') || 'none'})`, leaking.length === 0);
}

/** N13: server-side rendering spends each shopper's own lookup limit, not everyone's. */
async function probeN13(ctx) {
  const { stack, ledger, kind, send, world } = ctx;
  if (stack.mode !== 'production') {
    ctx.skip('N13: the development stack raises the lookup limits for the load (and its gateway drops X-Forwarded-For)');
    return;
  }
  const k = kind('N13: one shopper spends everyone\'s lookup limit');
  const quote = await world.makeQuote('n13');
  const noisy = { accept: 'text/html', 'x-forwarded-for': shopperAddress() };
  for (let i = 0; i < 35; i += 1) await send(stack.gatewayUrl, { path: `/quote/payment?quoteId=${randomUUID()}&token=x${i}`, headers: noisy });
  const page = await send(stack.gatewayUrl, { path: `/quote/payment?quoteId=${quote.quoteId}&token=${encodeURIComponent(quote.token)}`, headers: { accept: 'text/html', 'x-forwarded-for': '192.0.2.77' } });
  ledger.check(k, `another shopper's genuine quote page after 35 page views by one (${page.status})`, page.status === 200 && !/Too many requests/i.test(page.text ?? ''));
}

/** N14: a native POST to a page path never redirects off-site. */
async function probeN14(ctx) {
  const { stack, ledger, kind, send } = ctx;
  const k = kind('N14: open redirect from a page POST');
  for (const trick of ['//evil.example/', '//evil.example/%2e%2e', '/\\evil.example/', '/%5Cevil.example/', '///evil.example/', '/%2F%2Fevil.example/']) {
    const answer = await send(stack.gatewayUrl, { method: 'POST', path: trick, headers: { accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' }, body: 'a=1' });
    const location = String(answer.headers?.location ?? '');
    // where a browser goes: the Location resolved as the WHATWG URL parser does (a backslash is a slash)
    const site = new URL(stack.publicSiteUrl || stack.gatewayUrl);
    let offSite;
    try {
      offSite = location !== '' && new URL(location, site).origin !== site.origin;
    } catch {
      offSite = true;
    }
    ledger.check(k, `POST ${trick} -> ${answer.status} Location ${location || '(none)'}`, !offSite && answer.status < 500);
  }
}

/** N15: provider webhooks are not cut off by the shoppers' per-address limit; PayPal checks cheap things first. */
async function probeN15(ctx) {
  const { stack, ledger, kind } = ctx;
  if (stack.mode !== 'production') {
    ctx.skip('N15: the development stack raises the per-address limits for the load, and runs PayPal keyless');
    return;
  }
  const k = kind('N15: webhooks');
  const sender = { 'x-forwarded-for': shopperAddress() };
  let limited = 0;
  for (let i = 0; i < 40; i += 1) {
    const answer = await ledger.forged(k, stack.gatewayUrl, withJson('POST', '/api/payment/webhooks/stripe', { id: `evt_${i}` }, { ...sender, 'stripe-signature': `t=${Math.floor(Date.now() / 1000)},v1=00` }), { refusal: is(400, 401) });
    if (answer.status === 429) limited += 1;
  }
  ledger.check(k, `40 webhook calls from one sender address: none cut off by the shoppers' limit (${limited} × 429)`, limited === 0);
  // PayPal: a certificate URL off PayPal's hosts is refused before any call to PayPal's verify API
  const before = stack.paypal?.requests?.length ?? 0;
  await ledger.forged(k, stack.gatewayUrl, withJson('POST', '/api/payment/webhooks/paypal', { id: `WH-${randomBytes(8).toString('hex')}`, event_type: 'CHECKOUT.ORDER.APPROVED', resource: { id: 'X' } }, {
    'paypal-transmission-id': randomUUID(),
    'paypal-transmission-time': new Date().toISOString(),
    'paypal-transmission-sig': randomBytes(64).toString('base64'),
    'paypal-cert-url': 'https://evil.example/cert.pem',
    'paypal-auth-algo': 'SHA256withRSA',
  }), { refusal: is(400, 401) });
  const calls = (stack.paypal?.requests ?? []).slice(before).filter((request) => /verify-webhook-signature|oauth2/.test(request.path));
  if (stack.paypal?.requests) ledger.check(k, `PayPal's API called for a webhook with a foreign certificate URL (${calls.length})`, calls.length === 0);
}

/** N16: the server bundle and source maps are not static files. */
async function probeN16(ctx) {
  const { stack, ledger, kind } = ctx;
  const k = kind('N16: server bundle and source maps served');
  // a source map the build left beside the shell's bundles (served at /) and a remote's (at /remotes/<folder>/)
  const firstMap = async (folder, prefix) => {
    const name = (await readdir(path.join(repoRoot, folder, 'dist')).catch(() => [])).find((file) => file.endsWith('.map'));
    return name ? [`${prefix}${name}`] : [];
  };
  const maps = [...(await firstMap('shell', '/')), ...(await firstMap('mf-forms', '/remotes/mf-forms/')), ...(await firstMap('mf-checkout', '/remotes/mf-checkout/'))];
  if (maps.length === 0) ctx.skip('N16 source maps: this build emitted none (nothing to serve)');
  for (const requestPath of ['/server/server.js', '/server/server.js.map', ...maps]) {
    await ledger.forged(k, stack.gatewayUrl, { path: requestPath }, { refusal: is(404) });
  }
}

/** #16: /health/upstreams is internal. */
async function probeHealthUpstreams(ctx) {
  const { stack, ledger, kind } = ctx;
  if (stack.mode !== 'production') {
    ctx.skip('#16: development answers loopback callers, and every harness request is one');
    return;
  }
  const k = kind('#16: /health/upstreams public');
  for (const headers of [{}, { authorization: `Bearer ${stack.internalToken}` }, { authorization: 'Bearer guess' }]) {
    await ledger.forged(k, stack.gatewayUrl, { path: '/health/upstreams', headers: { ...headers, 'x-forwarded-for': shopperAddress() } }, { guarded: ['replicas', 'breaker'], refusal: is(401, 403, 404, 429) });
  }
  await ledger.control('/health/upstreams with METRICS_TOKEN', stack.gatewayUrl, { path: '/health/upstreams', headers: { authorization: `Bearer ${stack.metricsToken}` } });
}

/** #17: send-email answers the same whether the order exists, is paid or has split payment. */
async function probeSendEmail(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  const k = kind('#17: send-email tells orders apart');
  const paid = world.orders.n1Control;
  const answers = [];
  for (const orderId of [`SF-${900000 + Math.floor(Math.random() * 99999)}`, world.orders.unpaid.number, paid.number, randomUUID()]) {
    const answer = await send(stack.gatewayUrl, withJson('POST', '/api/email/send-email', { type: 'order-confirmation', data: { orderId } }, { 'x-forwarded-for': shopperAddress() }));
    answers.push(`${answer.status} ${parse(answer)?.message ?? ''}`);
  }
  ledger.check(k, `one answer for an unknown, unpaid and paid order (${[...new Set(answers)].join(' | ')})`, new Set(answers).size === 1);
}

/** #21: a multi-step form is continued only with the secret its first step answered. */
async function probeFormContinuation(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  const k = kind('#21: multi-step form continued by id alone');
  const form = 'free-kitchen-design';
  const captcha = stack.captchaToken?.(form);
  const first = await send(stack.gatewayUrl, withJson('POST', `/api/forms/${form}`, { name: form, formData: { firstName: 'Ann', lastName: 'Lee', email: `steps-${world.tag}@forged.example.com`, phone: '2125550100', zipCode: '10118' }, ...(captcha ? { recaptchaToken: captcha } : {}) }, { 'idempotency-key': randomUUID() }));
  const data = parse(first)?.data ?? {};
  if (!data.id) {
    ctx.controlFailed(`the first step of ${form} answered ${first.status}: ${String(first.text).slice(0, 200)}`);
    return;
  }
  // valid answers to step 2 (content/forms/free-kitchen-design.json): only the missing secret can refuse them
  const secondStep = { projectType: 'remodel', kitchenLayout: 'l-shape', wantsIsland: false, styles: 'white-shaker', timeline: 'asap' };
  await ledger.forged(k, stack.gatewayUrl, withJson('POST', `/api/forms/${form}`, { name: form, id: data.id, formData: secondStep, ...(captcha ? { recaptchaToken: captcha } : {}) }, { 'idempotency-key': randomUUID() }), { refusal: refused4xx });
}

/** Every probe, in order. N12 last but one: it stops and restarts the orders processes. */
const PROBES = [probeStaffRoutes, probeN1, probeN2, probeN3, probeN4, probeN7, probeN8, probeN10, probeN11, probeN13, probeN14, probeN15, probeN16, probeHealthUpstreams, probeSendEmail, probeSandboxForms, probeFormContinuation, probeN12];

/**
 * Runs every probe of the review against `stack`, through `ledger` (forged-ledger.mjs' createLedger), with
 * kinds labelled by the stack's mode. A probe that throws is one failed row, not the end of the rest.
 *
 * @param {any} stack a stack of startStack
 * @param {{ ledger: any, send: (baseUrl: string, request: any) => Promise<any>, log: (line: string) => void }} options
 */
export async function runReviewProbes(stack, { ledger, send, log }) {
  const skipped = [];
  const kind = (name) => `[${stack.mode}] ${name}`;
  const world = await prepareReview(stack, ledger, send, log);
  const ctx = {
    stack,
    world,
    ledger,
    send,
    kind,
    skip(why) {
      skipped.push(why);
      log(`review (${stack.mode}): skipped ${why}`);
    },
    controlFailed(why) {
      ledger.controls.sent += 1;
      ledger.controls.failed.push(`[${stack.mode}] ${why}`);
      log(`review (${stack.mode}): control failed: ${why}`);
    },
    /** The order is not paid: its view (with its own token) shows no paid status. */
    async orderNotPaid(k, orderId, token) {
      const view = parse(await send(stack.gatewayUrl, { path: `/api/order/view/${orderId}`, headers: { [ORDER_TOKEN_HEADER]: token } }));
      const status = String(view?.data?.status ?? '?');
      const paid = ['ordered', 'paid'].includes(status.toLowerCase()) || ['paid', 'partially_paid'].includes(String(view?.data?.paymentStatus ?? ''));
      ledger.check(k, `order ${view?.data?.orderIncrementId ?? orderId} still unpaid (${status})`, !paid);
    },
  };
  for (const probe of PROBES) {
    try {
      await probe(ctx);
    } catch (error) {
      ledger.check(kind(`${probe.name} ran to the end`), `threw: ${error instanceof Error ? error.message : error}`, false);
      log(`review (${stack.mode}): ${probe.name} threw: ${error instanceof Error ? error.stack : error}`);
    }
  }
  return { skipped };
}
