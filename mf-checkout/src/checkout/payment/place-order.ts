import {
  IDEMPOTENCY_KEY_HEADER,
  ORDER_TOKEN_HEADER,
  PAYMENT_MESSAGES,
  type CreateOrderRequest,
  type CreateOrderResponse,
  type Order,
  type PaymentIntentRequest,
  type PaymentIntentResponse,
  type PaymentMethod,
  type UpdateOrderResponse,
} from '@storefront/contracts';
import { messageOf, newIdempotencyKey, sendJson } from '../http.js';
import { clearRetainedOrder, readRetainedOrder, retainOrder } from '../retained-order.js';
import { CARD_INTENT_URL, cardTokenizerFor, type CardInput } from './card-tokenizer.js';

export const ORDER_URL = '/api/order';
export const PAYPAL_ORDER_URL = '/api/payment/paypal/order';
export const ORDER_FAILED_MESSAGE = 'We could not place your order. Please try again.';
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export type PlaceOrderOutcome =
  /** paid: run the success flow */
  | { kind: 'success'; orderIncrementId: string }
  /** the gateway needs the shopper elsewhere (3-D Secure, PayPal approval) */
  | { kind: 'redirect'; url: string }
  /** the order was refused: field errors under the fields, the message in the banner */
  | { kind: 'invalid'; message: string; fieldErrors: Record<string, string> }
  /** not paid: the message in the banner; a created order stays retained for the next submit */
  | { kind: 'failed'; message: string };

type SavedOrder = { ok: true; order: Order } | Exclude<PlaceOrderOutcome, { kind: 'success' } | { kind: 'redirect' }>;

function stringErrors(body: unknown): Record<string, string> {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  if (typeof errors !== 'object' || errors === null) return {};
  return Object.fromEntries(Object.entries(errors).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

function refused(status: number, body: unknown): SavedOrder {
  const message = messageOf(body) ?? ORDER_FAILED_MESSAGE;
  if (status === 400) return { kind: 'invalid', message, fieldErrors: stringErrors(body) };
  return { kind: 'failed', message };
}

/**
 * Spec 4, step 1: update the retained order when there is one (the shopper's earlier attempt did not
 * pay), else create one. An order that was paid meanwhile (409) or is no longer ours (403/404) is
 * dropped and a new one created.
 */
async function saveOrder(request: CreateOrderRequest, attempt: string): Promise<SavedOrder> {
  try {
    const retained = readRetainedOrder();
    if (retained) {
      const answer = await sendJson<UpdateOrderResponse>(ORDER_URL, 'PATCH', { ...request, id: retained.id }, {
        [IDEMPOTENCY_KEY_HEADER]: `${attempt}:update`,
        [ORDER_TOKEN_HEADER]: retained.orderToken,
      });
      if (answer.ok && answer.body?.order) return { ok: true, order: answer.body.order };
      if (answer.status === 409 || answer.status === 403 || answer.status === 404) clearRetainedOrder();
      else return refused(answer.status, answer.body);
    }
    const answer = await sendJson<CreateOrderResponse>(ORDER_URL, 'POST', request, { [IDEMPOTENCY_KEY_HEADER]: attempt });
    if (answer.ok && answer.body?.data) {
      const order = answer.body.data;
      retainOrder({ id: order.id, orderIncrementId: order.orderIncrementId, orderToken: answer.body.orderToken });
      return { ok: true, order };
    }
    return refused(answer.status, answer.body);
  } catch {
    return { kind: 'failed', message: NETWORK_MESSAGE };
  }
}

function pendingPaymentId(order: Order): string | undefined {
  return [...(order.payments ?? [])].reverse().find((payment) => payment.status === 'pending')?.id;
}

async function payByCard(order: Order, method: PaymentMethod, card: CardInput, attempt: string): Promise<PlaceOrderOutcome> {
  const tokenizer = cardTokenizerFor(method);
  if ('unavailable' in tokenizer) return { kind: 'failed', message: tokenizer.unavailable };
  const token = await tokenizer.tokenize(card, `${attempt}:card`);
  if (!token.ok) return { kind: 'failed', message: token.message };

  const paymentId = pendingPaymentId(order);
  const request: PaymentIntentRequest = {
    paymentMethodId: token.paymentMethodId,
    currency: 'usd',
    receiptEmail: order.email,
    metadata: { orderId: order.id, orderIncrementId: order.orderIncrementId, ...(paymentId ? { paymentId } : {}) },
  };
  let answer;
  try {
    answer = await sendJson<PaymentIntentResponse>(CARD_INTENT_URL, 'POST', request, { [IDEMPOTENCY_KEY_HEADER]: `${attempt}:intent` });
  } catch {
    return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
  }
  if (answer.status >= 500 || !answer.body) return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
  const intent = answer.body.paymentIntent;
  if (answer.ok && intent?.status === 'succeeded') {
    return { kind: 'success', orderIncrementId: answer.body.orderIncrementId ?? order.orderIncrementId };
  }
  const challenge = intent?.next_action?.redirect_to_url?.url;
  if (answer.ok && challenge) return { kind: 'redirect', url: challenge };
  return { kind: 'failed', message: answer.body.message || answer.body.payment?.message || PAYMENT_MESSAGES.failed };
}

interface PaypalOrderAnswer {
  id?: string;
  response?: { links?: { rel: string; href: string }[] };
  error?: unknown;
  message?: string;
}

async function payByPaypal(order: Order, attempt: string): Promise<PlaceOrderOutcome> {
  try {
    const answer = await sendJson<PaypalOrderAnswer>(
      PAYPAL_ORDER_URL,
      'POST',
      { amount: order.total, currency: 'USD', additionalData: { orderId: order.id } },
      { [IDEMPOTENCY_KEY_HEADER]: `${attempt}:paypal` },
    );
    const approve = answer.body?.response?.links?.find((link) => link.rel === 'approve')?.href;
    if (answer.ok && approve) return { kind: 'redirect', url: approve };
  } catch {
    // falls through to the spec's message
  }
  return { kind: 'failed', message: PAYMENT_MESSAGES.paypalCreateFailed };
}

/**
 * The checkout flow (spec 4): save the order, then run the chosen payment method. The payments
 * service reports the result to the orders service itself (step 3-4 happen on the server), so the
 * browser only learns paid / redirect / not paid. One Idempotency-Key (a UUID) per placing attempt:
 * POST /api/order carries it as is, the attempt's other calls carry it with a suffix per call
 * (':update', ':card', ':intent', ':paypal'), so no two different requests ever share a key and a
 * retried request is answered once.
 */
export async function placeOrder(request: CreateOrderRequest, method: PaymentMethod, card: CardInput): Promise<PlaceOrderOutcome> {
  const attempt = newIdempotencyKey();
  const saved = await saveOrder(request, attempt);
  if (!('ok' in saved)) return saved;
  if (method.gateway === 'paypal') return payByPaypal(saved.order, attempt);
  return payByCard(saved.order, method, card, attempt);
}
