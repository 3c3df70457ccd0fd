import type { ServerResponse } from 'node:http';
import { listen, sendJson, sendText, type RecordedRequest, type StandInServer } from '../http.js';
import { StripeApi } from './api.js';
import { STRIPE_ELEMENTS_FRAME_PATH, STRIPE_JS_PATH, elementsFrameHtml, stripeJsSource } from './browser.js';
import { signedStripeWebhook, type StripeEvent } from './webhooks.js';

export { STRIPE_TEST_CARDS, type StripeCardOutcome } from './cards.js';
export { STRIPE_JS_PATH } from './browser.js';
export { signedStripeWebhook, stripeEvent, stripeSignatureHeader, type StripeEvent } from './webhooks.js';

export interface StripeStandInOptions {
  port?: number;
  /** the one secret key accepted (default: any sk_test_ key) */
  secretKey?: string;
  /** the one publishable key accepted (default: any pk_test_ key) */
  publishableKey?: string;
  /** where Stripe would deliver events (the payments service's webhook endpoint), signed with `secret` */
  webhook?: { url: string; secret: string };
}

export interface StripeStandIn extends StandInServer {
  /** the PaymentIntent as the API would return it now */
  intent(id: string): object | undefined;
  /** the shopper on the 3-D Secure page, without a browser */
  authenticate(intentId: string, authenticated: boolean): boolean;
  /** the Refund objects made of a PaymentIntent, oldest first (a refund repeated with its idempotency key is one) */
  refunds(intentId: string): object[];
  /** the bank answers for an intent left processing */
  settleProcessing(intentId: string, succeeded: boolean): boolean;
  /** every event the stand-in raised, oldest first (each POSTed to the webhook endpoint when one is set) */
  readonly events: StripeEvent[];
  /** an outage: while set, every API call answers this status (Stripe's api_error) and changes nothing; null ends it */
  outage(status: number | null): void;
}

/** Stripe delivers signed events to STAND_IN_STRIPE_WEBHOOK_URL when it and STRIPE_WEBHOOK_SECRET are set (the stand-ins' CLI). */
export function stripeWebhookFromEnv(env: Record<string, string | undefined>): { webhook?: { url: string; secret: string } } {
  const url = env.STAND_IN_STRIPE_WEBHOOK_URL?.trim();
  const secret = env.STRIPE_WEBHOOK_SECRET?.trim();
  return url && secret ? { webhook: { url, secret } } : {};
}

const THREE_D_SECURE_PATH = /^\/__stand-in\/stripe\/3ds\/(pi_[A-Za-z0-9]+)$/;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The 3-D Secure page, like Stripe's test page: the shopper completes or fails the authentication. */
function threeDSecurePage(intent: { id: string; amount: number; currency: string; last4: string | null }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>3D Secure 2 Test Page</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<h1 style="font-size:1.25rem">3D Secure 2 Test Page</h1>
<p>Stripe stand-in: authenticate the payment of <strong>$${(intent.amount / 100).toFixed(2)} ${escapeHtml(intent.currency.toUpperCase())}</strong>${
    intent.last4 ? ` with the card ending in <strong>${escapeHtml(intent.last4)}</strong>` : ''
  }.</p>
<form method="post" action="/__stand-in/stripe/3ds/${escapeHtml(intent.id)}" style="display:flex;gap:1rem">
<button type="submit" name="action" value="complete">Complete authentication</button>
<button type="submit" name="action" value="fail">Fail authentication</button>
</form></body></html>`;
}

function redirect(response: ServerResponse, location: string): void {
  response.writeHead(303, { location, 'content-length': 0 });
  response.end();
}

/**
 * The Stripe stand-in: Stripe's API for the SDK and Stripe.js (api.ts), the Stripe.js stand-in with
 * its card frame (browser.ts), the 3-D Secure page, and signed events to a webhook endpoint.
 * The test cards are STRIPE_TEST_CARDS (cards.ts).
 */
export async function startStripeStandIn(options: StripeStandInOptions = {}): Promise<StripeStandIn> {
  let base = '';
  let outageStatus: number | null = null;
  const events: StripeEvent[] = [];
  const deliver = (event: StripeEvent) => {
    events.push(event);
    if (!options.webhook) return;
    const { payload, headers } = signedStripeWebhook(event, options.webhook.secret);
    // delivered after the API's answer, like Stripe's (a failed delivery is Stripe's to retry; here it is dropped)
    setTimeout(() => void fetch(options.webhook!.url, { method: 'POST', headers, body: payload }).catch(() => undefined), 50);
  };
  const api = new StripeApi({
    ...(options.secretKey ? { secretKey: options.secretKey } : {}),
    ...(options.publishableKey ? { publishableKey: options.publishableKey } : {}),
    baseUrl: () => base,
    onEvent: deliver,
  });

  const handler = (request: RecordedRequest, response: ServerResponse) => {
    const url = new URL(request.path, 'http://stand-in');
    if (request.method === 'OPTIONS') {
      // Stripe's API answers the browser's preflight (Stripe.js calls it with the publishable key)
      response.writeHead(204, {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'GET, POST, DELETE',
        'access-control-allow-headers': 'authorization, content-type, idempotency-key, stripe-version',
        'access-control-max-age': '300',
      });
      response.end();
      return;
    }
    if (url.pathname.startsWith('/v1/')) {
      // Stripe's own trouble: nothing is done (a request that never started is not saved under its idempotency key)
      if (outageStatus !== null) return sendJson(response, outageStatus, { error: { type: 'api_error', message: 'An unknown error occurred' } }, { 'access-control-allow-origin': '*' });
      const reply = api.handle(request.method, request.path, request.headers, request.body);
      return sendJson(response, reply.status, reply.body, {
        'request-id': `req_${Math.random().toString(36).slice(2, 16)}`,
        'stripe-version': typeof request.headers['stripe-version'] === 'string' ? request.headers['stripe-version'] : '2026-10-28.endive',
        'access-control-allow-origin': '*',
        ...reply.headers,
      });
    }
    if (request.method === 'GET' && (url.pathname === STRIPE_JS_PATH || url.pathname === '/v3' || url.pathname === '/v3/')) {
      return sendText(response, 200, stripeJsSource(base), 'text/javascript; charset=utf-8', { 'access-control-allow-origin': '*', 'cache-control': 'no-store' });
    }
    if (request.method === 'GET' && url.pathname === STRIPE_ELEMENTS_FRAME_PATH) {
      return sendText(response, 200, elementsFrameHtml(), 'text/html; charset=utf-8', { 'cache-control': 'no-store' });
    }
    const threeDs = THREE_D_SECURE_PATH.exec(url.pathname);
    if (threeDs) {
      const id = threeDs[1]!;
      const waiting = api.awaitingAuthentication(id);
      if (request.method === 'GET') {
        return waiting
          ? sendText(response, 200, threeDSecurePage(waiting), 'text/html; charset=utf-8')
          : sendText(response, 404, '<!doctype html><p>This authentication is no longer pending.</p>', 'text/html; charset=utf-8');
      }
      if (request.method === 'POST' && waiting) {
        const authenticated = new URLSearchParams(request.body).get('action') === 'complete';
        api.settleAuthentication(id, authenticated);
        if (!waiting.returnUrl) return sendText(response, 200, '<!doctype html><p>Authentication finished. You may close this window.</p>', 'text/html; charset=utf-8');
        const back = new URL(waiting.returnUrl);
        back.searchParams.set('payment_intent', id);
        back.searchParams.set('payment_intent_client_secret', waiting.clientSecret);
        back.searchParams.set('redirect_status', authenticated ? 'succeeded' : 'failed');
        return redirect(response, back.toString());
      }
    }
    return sendJson(response, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname}).` } });
  };

  const server = await listen(handler, options.port ?? 0);
  base = server.url;
  return Object.assign(server, {
    events,
    intent: (id: string) => api.intent(id),
    refunds: (intentId: string) => api.refundsOf(intentId),
    authenticate: (id: string, authenticated: boolean) => api.settleAuthentication(id, authenticated) !== undefined,
    settleProcessing: (id: string, succeeded: boolean) => api.settleProcessing(id, succeeded),
    outage: (status: number | null) => {
      outageStatus = status;
    },
  });
}

