import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError, type GatewayWebhookEvent, type WebhookRequest } from '../payment-gateway.js';

/**
 * The sandbox provider's webhooks, signed like Stripe's: header `Sandbox-Signature: t=<seconds>,v1=<hex>`
 * where v1 is HMAC-SHA256 of `<t>.<raw body>` with the webhook secret. The body is
 * `{ id, type, data: { object: { id } } }`. Development and tests only: the secret has a default.
 */
export const SANDBOX_SIGNATURE_HEADER = 'sandbox-signature';
export const SANDBOX_WEBHOOK_SECRET_DEFAULT = 'whsec_sandbox_development_only';
/** How old a signed event may be (replays of an old capture are refused). */
const TOLERANCE_SECONDS = 300;

export function sandboxWebhookSecret(env: Record<string, string | undefined> = process.env): string {
  return env.SANDBOX_WEBHOOK_SECRET?.trim() || SANDBOX_WEBHOOK_SECRET_DEFAULT;
}

/** A signed webhook request about `paymentId`, as the sandbox provider would send it (tests and the sandbox pages). */
export function signedSandboxWebhook(
  event: { id: string; type: string; paymentId: string },
  options: { secret?: string; timestamp?: number } = {},
): WebhookRequest {
  const rawBody = Buffer.from(JSON.stringify({ id: event.id, type: event.type, data: { object: { id: event.paymentId } } }));
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const signature = createHmac('sha256', options.secret ?? sandboxWebhookSecret()).update(`${timestamp}.`).update(rawBody).digest('hex');
  return { headers: { [SANDBOX_SIGNATURE_HEADER]: `t=${timestamp},v1=${signature}`, 'content-type': 'application/json' }, rawBody };
}

/** Checks the signature and reads the event; WebhookSignatureError for anything the secret did not sign. */
export function parseSandboxWebhook(request: WebhookRequest, secret = sandboxWebhookSecret(), now = Date.now()): GatewayWebhookEvent {
  const header = request.headers[SANDBOX_SIGNATURE_HEADER];
  const parts = Object.fromEntries(String(Array.isArray(header) ? header[0] : (header ?? '')).split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.t);
  if (!Number.isInteger(timestamp) || !parts.v1 || !/^[0-9a-f]{64}$/.test(parts.v1)) throw new WebhookSignatureError('The webhook is not signed.');
  if (Math.abs(now / 1000 - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError('The webhook signature is too old.');
  const expected = createHmac('sha256', secret).update(`${timestamp}.`).update(request.rawBody).digest();
  if (!timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'))) throw new WebhookSignatureError('The webhook signature does not match.');
  let body: { id?: unknown; type?: unknown; data?: { object?: { id?: unknown } } };
  try {
    body = JSON.parse(request.rawBody.toString('utf8'));
  } catch {
    throw new WebhookSignatureError('The webhook body is not JSON.');
  }
  if (typeof body.id !== 'string' || typeof body.type !== 'string') throw new WebhookSignatureError('The webhook names no event.');
  const paymentId = body.data?.object?.id;
  return { id: body.id, type: body.type, paymentId: typeof paymentId === 'string' ? paymentId : null };
}
