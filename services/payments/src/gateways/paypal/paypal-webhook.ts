import type { Client } from '@paypal/paypal-server-sdk';
import { WebhookSignatureError, type GatewayWebhookEvent, type WebhookRequest } from '../payment-gateway.js';

/** PayPal's webhook event ids: "WH-" and letters, digits and dashes (e.g. WH-2WR32451HC0233532-67976317FL4543714). */
const PAYPAL_EVENT_ID = /^WH-[A-Z0-9-]{1,120}$/i;

/** What the check needs of the gateway's settings (PayPalGatewayOptions). */
export interface PayPalWebhookOptions {
  webhookId?: string | undefined;
  apiBaseUrl?: string | undefined;
}

/**
 * PayPal's own signature check (POST /v1/notifications/verify-webhook-signature with the
 * transmission headers and PAYPAL_WEBHOOK_ID): the signature is made with PayPal's certificate over
 * the transmission id, time, webhook id and the body's CRC32, so only PayPal can say it is good.
 * The SDK has no controller for it: the call goes through the SDK's request builder (its OAuth
 * token, base URI and HTTP client), with the body sent exactly as received.
 */
export async function verifyPayPalWebhook(client: Client, options: PayPalWebhookOptions, request: WebhookRequest): Promise<GatewayWebhookEvent> {
  const header = (name: string) => {
    const value = request.headers[name];
    return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
  };
  const transmission = {
    auth_algo: header('paypal-auth-algo'),
    cert_url: header('paypal-cert-url'),
    transmission_id: header('paypal-transmission-id'),
    transmission_sig: header('paypal-transmission-sig'),
    transmission_time: header('paypal-transmission-time'),
  };
  if (!options.webhookId) throw new WebhookSignatureError('PAYPAL_WEBHOOK_ID is not set: PayPal webhooks cannot be verified');
  if (Object.values(transmission).some((value) => !value)) throw new WebhookSignatureError('The PayPal transmission headers are missing');
  // the cheap checks first: every verify call costs an OAuth token and an outbound request, so a
  // request that cannot be PayPal's is refused before PayPal is asked
  if (!isPayPalCertUrl(transmission.cert_url, options.apiBaseUrl)) throw new WebhookSignatureError("The PayPal certificate URL is not PayPal's");
  const raw = request.rawBody.toString('utf8');
  let event: { id?: unknown; event_type?: unknown; resource_type?: unknown; resource?: Record<string, unknown> };
  try {
    event = JSON.parse(raw) as typeof event;
  } catch {
    throw new WebhookSignatureError('The PayPal webhook body is not JSON');
  }
  if (typeof event.id !== 'string' || !PAYPAL_EVENT_ID.test(event.id)) throw new WebhookSignatureError('The PayPal webhook has no event id');
  const requestBuilder = client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
  requestBuilder.header('Content-Type', 'application/json');
  // the event verbatim: PayPal checks the CRC32 of the bytes it sent, which a re-serialised object may not match
  requestBuilder.text(`{${Object.entries({ ...transmission, webhook_id: options.webhookId }).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',')},"webhook_event":${raw}}`);
  requestBuilder.authenticate([{ oauth2: true }]);
  const { result } = await requestBuilder.callAsText();
  const answer = JSON.parse(result) as { verification_status?: unknown };
  if (answer.verification_status !== 'SUCCESS') throw new WebhookSignatureError('PayPal did not verify the webhook signature');
  if (typeof event.id !== 'string' || typeof event.event_type !== 'string') throw new WebhookSignatureError('The PayPal webhook has no event id');
  return { id: event.id, type: event.event_type, paymentId: paymentIdOf(event) };
}

/**
 * PayPal signs with a certificate it serves itself: https on paypal.com or a subdomain, or (a
 * local stand-in, the reliability harness) the API base URL's own origin.
 */
function isPayPalCertUrl(value: string, apiBaseUrl: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (apiBaseUrl && url.origin === new URL(apiBaseUrl).origin) return true;
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && (host === 'paypal.com' || host.endsWith('.paypal.com'));
}

/** The PayPal order an event is about: the order itself, or the order a capture or refund belongs to. */
function paymentIdOf(event: { resource_type?: unknown; resource?: Record<string, unknown> }): string | null {
  const resource = event.resource;
  if (!resource) return null;
  const related = (resource.supplementary_data as { related_ids?: { order_id?: unknown } } | undefined)?.related_ids?.order_id;
  if (typeof related === 'string') return related;
  return event.resource_type === 'checkout-order' && typeof resource.id === 'string' ? resource.id : null;
}
