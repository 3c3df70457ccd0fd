import { createHmac, randomBytes } from 'node:crypto';

/**
 * Stripe's webhook signature (https://docs.stripe.com/webhooks#verify-manually): the header
 * `Stripe-Signature: t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{payload}" with the endpoint's
 * secret}`, which the SDK's `webhooks.constructEvent` checks (and refuses past its tolerance).
 */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** An event as Stripe sends it: `data.object` is the object the event is about. */
export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: object };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export function stripeEvent(type: string, object: object, id = `evt_${randomBytes(12).toString('hex')}`): StripeEvent {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  };
}

/** The event's body and headers, signed with `secret` (what Stripe POSTs to an endpoint). */
export function signedStripeWebhook(event: StripeEvent, secret: string): { payload: string; headers: Record<string, string> } {
  const payload = JSON.stringify(event, null, 2);
  return { payload, headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignatureHeader(payload, secret) } };
}
