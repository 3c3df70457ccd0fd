import { checkRouteInput } from '../http/route-input.js';
import { paymentRoutes } from './routes.js';
import type { RouteSpec } from '../http/route.js';

function body(route: RouteSpec, value: unknown) {
  return checkRouteInput(route.body!, value, { part: 'body', invalidMessage: route.invalidMessage });
}

describe('payment request bodies', () => {
  it('a card payment names the tokenised card and the order; an amount sent along is never what is charged', () => {
    expect(body(paymentRoutes.createIntent, { paymentMethodId: 'pm_1', amount: 1, metadata: { orderId: 'ord-1', evil: 'x' } })).toEqual({
      ok: true,
      value: { paymentMethodId: 'pm_1', amount: 1, metadata: { orderId: 'ord-1' } },
    });
    expect(body(paymentRoutes.createIntent, { metadata: { orderId: '../1' } })).toEqual({
      ok: false,
      problem: {
        message: 'Please check the payment details.',
        errors: { paymentMethodId: 'paymentMethodId is required (the tokenised card)', 'metadata.orderId': 'metadata.orderId must be an order id' },
      },
    });
  });

  it('a PayPal order takes additionalData.orderId or metadata.orderId', () => {
    expect(body(paymentRoutes.createPayPalOrder, { additionalData: { orderId: 'A1' } })).toMatchObject({ ok: true });
    expect(body(paymentRoutes.createPayPalOrder, { metadata: { orderId: 'A1' } })).toMatchObject({ ok: true });
    expect(body(paymentRoutes.createPayPalOrder, { amount: 5 })).toMatchObject({
      ok: false,
      problem: { errors: { 'additionalData.orderId': 'additionalData.orderId must be an order id' } },
    });
  });

  it('a payment attempt takes the sandbox token, a Stripe id, or Accept.js opaque data (descriptor:base64), and refuses floods and other characters', () => {
    const attempt = (paymentToken: unknown) => body(paymentRoutes.startAttempt, { orderId: 'ord-1', paymentMethod: 'credit-card', paymentToken });
    // Accept.js answers base64 with + / = in it, several hundred characters long
    const opaque = `COMMON.ACCEPT.INAPP.PAYMENT:${'eyJjb2RlIjoiNTBfMl8wNjAwMDUyN0YxOTg2MkEz+/'.repeat(20)}Rk==`;
    for (const token of [`tok_sandbox_${'a'.repeat(40)}`, 'pm_1Nabc_DEF.ghi:jk-l', opaque]) {
      expect(attempt(token)).toMatchObject({ ok: true, value: { paymentToken: token } });
    }
    const refused = { ok: false, problem: { errors: { paymentToken: 'paymentToken must be the token the card fields answered' } } };
    expect(attempt(`COMMON.ACCEPT.INAPP.PAYMENT:${'A'.repeat(2048)}`)).toMatchObject(refused);
    for (const bad of ['4242 4242 4242 4242', 'a<script>', 'x"y', 'a&b=c', 'tok\n']) expect(attempt(bad)).toMatchObject(refused);
  });

  it('verify needs the intent id; the client secret is optional text', () => {
    expect(body(paymentRoutes.verify, { paymentIntentId: 'pi_1' })).toMatchObject({ ok: true });
    expect(body(paymentRoutes.verify, { paymentIntentId: 'pi 1', paymentIntentClientSecret: 'x'.repeat(300) })).toMatchObject({
      ok: false,
      problem: { errors: { paymentIntentId: 'paymentIntentId is required', paymentIntentClientSecret: 'paymentIntentClientSecret must be text' } },
    });
  });
});

describe('the sandbox pages', () => {
  it('accept only site-relative /payment/ paths as return_url (never an open redirect)', () => {
    const query = paymentRoutes.sandboxChallengePage.query;
    expect(checkRouteInput(query, { return_url: '/payment/verify/stripe' }, { part: 'query' })).toMatchObject({ ok: true });
    for (const bad of ['https://evil.example/payment/x', '//evil.example/payment/', '/payment//evil', '/checkout', '/payment/../x', '/payment/x?y=1', ['/payment/a', '/payment/b'], undefined]) {
      expect(checkRouteInput(query, { return_url: bad }, { part: 'query' })).toMatchObject({
        ok: false,
        problem: { message: 'return_url must be a site path starting with /payment/' },
      });
    }
  });

  it('take only the decisions their buttons send', () => {
    expect(body(paymentRoutes.sandboxChallengeAnswer, { decision: 'complete' })).toMatchObject({ ok: true });
    expect(body(paymentRoutes.sandboxChallengeAnswer, { decision: 'approve' })).toMatchObject({ ok: false, problem: { message: 'decision must be complete or fail' } });
    expect(body(paymentRoutes.sandboxPayPalAnswer, {})).toMatchObject({ ok: false, problem: { message: 'decision must be approve or cancel' } });
  });
});

describe('the sandbox hosted fields', () => {
  it('frame: hosted card elements unless direct entry is asked for; nothing else', () => {
    const query = paymentRoutes.sandboxHostedFieldsFrame.query;
    expect(checkRouteInput(query, {}, { part: 'query' })).toEqual({ ok: true, value: { layout: 'hosted' } });
    expect(checkRouteInput(query, { layout: 'direct' }, { part: 'query' })).toEqual({ ok: true, value: { layout: 'direct' } });
    expect(checkRouteInput(query, { layout: 'evil' }, { part: 'query' })).toMatchObject({ ok: false, problem: { message: 'layout must be hosted or direct' } });
  });

  it('the frame and its script sit beside the provider script, which finds them by relative URL', () => {
    const script = new URL(paymentRoutes.sandboxHostedFieldsScript.path, 'http://shop.example');
    expect(new URL('hosted-fields', script).pathname).toBe(paymentRoutes.sandboxHostedFieldsFrame.path);
    expect(new URL('hosted-fields/frame.js', script).pathname).toBe(paymentRoutes.sandboxHostedFieldsFrameScript.path);
  });
});
