// The security review's payment probes (N1, N2, #18): paying through a disabled gateway or the
// sandbox, the split-payment lookup, the sandbox's PayPal approval from another site, and what only
// they use (a card at the Stripe stand-in, a PayPal capture of an unapproved order). Probes of
// forged-review.mjs's list (PROBES): each takes the context runReviewProbes gives every probe.
import { randomBytes, randomUUID } from 'node:crypto';
import { ORDER_TOKEN_HEADER } from '@storefront/contracts';
import { FUZZ_ADDRESS } from './fuzz-world.mjs';
import { is, parse, refused4xx, withJson } from './lib/probe-requests.mjs';
import { shopperAddress } from './lib/shopper-address.mjs';

const SANDBOX_TOKEN = () => `tok_sandbox_succeeds_visa_4242_${randomBytes(16).toString('hex')}`;

/** A card payment method at the Stripe stand-in, as Stripe.js makes one (4242: succeeds without 3-D Secure). */
async function stripeCard(stack, send) {
  const answer = await send(stack.stripe.url, {
    method: 'POST',
    path: '/v1/payment_methods',
    headers: { authorization: `Bearer ${stack.stripeKeys.STRIPE_PUBLISHABLE_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: `type=card&card[number]=4242424242424242&card[exp_month]=12&card[exp_year]=${new Date().getUTCFullYear() + 5}&card[cvc]=123`,
  });
  return parse(answer)?.id;
}

/** N1: a payment through a disabled or keyless gateway, the sandbox in production, and their quote and PayPal variants. */
export async function probeN1(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  const k = kind('N1: paid through a disabled gateway or the sandbox');
  const gateway = stack.gatewayUrl;
  const { n1, n1Control } = world.orders;
  const viaAuthorizeNet = (order, token) =>
    withJson('POST', '/api/payment/authorizenet/payment-intent', { paymentMethodId: SANDBOX_TOKEN(), metadata: { orderId: order.id } }, { [ORDER_TOKEN_HEADER]: token, 'idempotency-key': randomUUID() });
  await ledger.forged(k, gateway, viaAuthorizeNet(n1, n1.token), { guarded: ['"succeeded"'], refusal: refused4xx });
  // the raw gateway names the other payment routes take
  await ledger.forged(k, gateway, withJson('POST', '/api/payment/authorizenet/verify', { paymentIntentId: `pi_${randomBytes(8).toString('hex')}`, orderId: n1.id }, { [ORDER_TOKEN_HEADER]: n1.token }), { refusal: refused4xx });
  await ledger.forged(k, gateway, withJson('POST', '/api/payment/attempts', { orderId: n1.id, paymentMethod: 'authorizenet', paymentToken: SANDBOX_TOKEN() }, { [ORDER_TOKEN_HEADER]: n1.token, 'idempotency-key': randomUUID() }), { refusal: refused4xx });
  // the order itself: still not paid
  await ctx.orderNotPaid(k, n1.id, n1.token);

  // quote variant: the quote's link token as the order token
  const quote = await world.makeQuote('n1-quote');
  const order = await world.quoteOrder(quote);
  await ledger.forged(k, gateway, viaAuthorizeNet({ id: order.data.id }, quote.token), { guarded: ['"succeeded"'], refusal: refused4xx });
  const quoteNow = parse(await send(gateway, { path: `/api/quote?quoteId=${quote.quoteId}&token=${encodeURIComponent(quote.token)}` }));
  ledger.check(k, `quote ${quote.quoteIncrementId} not ordered after the sandbox payment`, !['ordered', 'paid'].includes(String(quoteNow?.data?.status ?? '').toLowerCase()));

  if (stack.mode === 'production') {
    // no sandbox route exists in production (access: 'development' is a 404 there)
    for (const request of [
      { path: '/api/payment/sandbox/hosted-fields.js' },
      { path: '/api/payment/sandbox/hosted-fields' },
      { path: '/api/payment/sandbox/hosted-fields/frame.js' },
      { path: `/api/payment/sandbox/challenge/pi_${randomBytes(8).toString('hex')}` },
      { method: 'POST', path: `/api/payment/sandbox/paypal/approve/${randomBytes(8).toString('hex').toUpperCase()}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=approve' },
      withJson('POST', '/api/payment/webhooks/sandbox', { id: `evt_${randomBytes(8).toString('hex')}`, type: 'payment_intent.succeeded' }),
    ]) {
      await ledger.forged(k, gateway, request, { refusal: is(404) });
    }
    // PayPal variant: PayPal has keys here, so its order is real (at the stand-in); the sandbox's
    // approval page must not exist, and capturing an order nobody approved must not pay it
    const paypalOrder = await world.placeOrder('n1-paypal');
    const created = await ledger.control('PayPal order with the order token (production)', gateway, withJson('POST', '/api/payment/paypal/order', { additionalData: { orderId: paypalOrder.id } }, { [ORDER_TOKEN_HEADER]: paypalOrder.token, 'idempotency-key': randomUUID() }));
    const paypalId = parse(created)?.id;
    if (paypalId) {
      await ledger.forged(k, gateway, { method: 'POST', path: `/api/payment/sandbox/paypal/approve/${paypalId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=approve' }, { refusal: is(404) });
      await captureRefused(ctx, k, gateway, paypalId, paypalOrder.token);
      await ctx.orderNotPaid(k, paypalOrder.id, paypalOrder.token);
    }
  } else {
    ctx.skip('N1 PayPal variant and sandbox routes: development runs PayPal keyless on the sandbox by design (`npm start`)');
  }
  // the control: the enabled card method pays an order of the same kind
  const card = await stripeCard(stack, send);
  await ledger.control('card payment through the enabled method', gateway, withJson('POST', '/api/payment/stripe/payment-intent', { paymentMethodId: card, metadata: { orderId: n1Control.id } }, { [ORDER_TOKEN_HEADER]: n1Control.token, 'idempotency-key': randomUUID() }));
}

/** N2: the split-payment lookup answers only split-payment orders with a balance, only what the page shows, and is limited per order. */
export async function probeN2(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  const k = kind('N2: split-payment lookup of another order');
  const gateway = stack.gatewayUrl;
  const { n2 } = world.orders;
  // the right e-mail for an order that is not split payment: the spec's 'not enabled' (400) and nothing of the order
  await ledger.forged(k, gateway, { path: `/api/order/${n2.number}?email=${encodeURIComponent(n2.email)}` }, { guarded: [FUZZ_ADDRESS.street1, FUZZ_ADDRESS.phoneNumber, n2.email, '"total"'], refusal: is(400) });
  await ledger.forged(k, gateway, { path: `/api/order/${n2.id}?email=${encodeURIComponent(n2.email)}` }, { guarded: [FUZZ_ADDRESS.street1, FUZZ_ADDRESS.phoneNumber, '"total"'], refusal: is(400) });
  // a split-payment order with a balance: answered, with the figures only
  const quote = await world.makeQuote('n2-split');
  const order = await world.quoteOrder(quote);
  const split = await send(gateway, withJson('POST', `/api/admin/orders/${order.data.id}/split-payment`, { minimumSplitAmount: 100 }, world.admin));
  const number = order.data.orderIncrementId;
  const answer = await ledger.control('split-payment lookup with its e-mail', gateway, { path: `/api/order/${number}?email=${encodeURIComponent(quote.email)}` });
  if (split.status >= 300) ctx.controlFailed(`split payment could not be set on ${number}: ${split.status}`);
  ledger.check(k, 'the split-payment lookup shows no address, phone or card', answer.status !== 200 || ![FUZZ_ADDRESS.street1, FUZZ_ADDRESS.phoneNumber, 'last4', '"addresses"'].some((secret) => answer.text.includes(secret)));
  // limited per order number, not only per address: 40 guesses at one number from 40 addresses
  if (stack.mode === 'production') {
    let limited = 0;
    for (let i = 0; i < 40; i += 1) {
      const guess = await ledger.forged(k, gateway, { path: `/api/order/${number}?email=guess-${i}-${world.tag}%40forged.example.com`, headers: { 'x-forwarded-for': shopperAddress() } }, { refusal: is(404, 429) });
      if (guess.status === 429) limited += 1;
    }
    ledger.check(k, 'lookups of one order number from 40 addresses limited (429) per order', limited > 0);
  } else ctx.skip('N2 per-order limit: the development stack raises the lookup limits for the load');
}

/** #18: the sandbox's PayPal approval refuses cross-site POSTs (development: where the sandbox lives). */
export async function probeSandboxForms(ctx) {
  const { stack, world, ledger, kind, send } = ctx;
  if (stack.mode === 'production') return; // no sandbox route at all there: N1's probes
  const k = kind('#18: sandbox approval from another site');
  const order = await world.placeOrder('n18');
  const created = await send(stack.gatewayUrl, withJson('POST', '/api/payment/paypal/order', { additionalData: { orderId: order.id } }, { [ORDER_TOKEN_HEADER]: order.token, 'idempotency-key': randomUUID() }));
  const paypalId = parse(created)?.id;
  if (!paypalId) {
    ctx.controlFailed(`a sandbox PayPal order for #18 answered ${created.status}`);
    return;
  }
  for (const headers of [{ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'cross-site' }, { origin: 'null' }]) {
    const answer = await ledger.forged(k, stack.gatewayUrl, { method: 'POST', path: `/api/payment/sandbox/paypal/approve/${paypalId}`, headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: 'decision=approve' }, { refusal: is(403, 409) });
    // the approval's answer is a redirect back to the shop with the payer: an approval that went through
    const location = String(answer.headers?.location ?? '');
    ledger.check(k, `cross-site approval (${JSON.stringify(headers)}) -> ${answer.status} ${location.slice(0, 80)}`, !(answer.status >= 300 && answer.status < 400 && /PayerID=/.test(location)));
  }
  await captureRefused(ctx, k, stack.gatewayUrl, paypalId, order.token);
}

/**
 * A PayPal capture of an order nobody approved. The spec's capture call answers 200 with `error: true`
 * when it did not capture (its body, not its status, says so), so a refusal is a 4xx, or a 200 whose
 * body says error and no completed status; anything else was a capture.
 */
async function captureRefused({ ledger, send }, k, baseUrl, paypalId, orderToken) {
  const answer = await send(baseUrl, withJson('POST', '/api/payment/paypal/capture', { orderId: paypalId }, { [ORDER_TOKEN_HEADER]: orderToken, 'idempotency-key': randomUUID() }));
  const body = parse(answer);
  const refused = (answer.status >= 400 && answer.status < 500) || (answer.status === 200 && body?.error === true && body?.status !== 'completed');
  ledger.check(k, `PayPal capture of an unapproved order -> ${answer.status} ${String(answer.text ?? '').slice(0, 120)}`, refused);
}
