import {
  PAYMENT_MESSAGES,
  apiUrl,
  call,
  newIdempotencyKey,
  orderRoutes,
  paymentRoutes,
  type ApiError,
  type CreateOrderRequest,
  type Order,
  type PaymentIntentRequest,
  type PaymentMethod,
} from '@storefront/contracts';
import { clearRetainedOrder, readRetainedOrder, retainOrder } from '../retained-order.js';
import { CARD_INTENT_GATEWAY, type CardTokenizer } from './card-tokenizer.js';

export const ORDER_URL = apiUrl(orderRoutes.create);
export const PAYPAL_ORDER_URL = apiUrl(paymentRoutes.createPayPalOrder);
export const ORDER_FAILED_MESSAGE = 'We could not place your order. Please try again.';
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export type PlaceOrderOutcome =
  /** paid: run the success flow */
  | { kind: 'success'; orderIncrementId: string }
  /** the gateway needs the shopper elsewhere (3-D Secure, PayPal approval) */
  | { kind: 'redirect'; url: string }
  /** the order was refused: field errors under the fields, the message in the banner */
  | { kind: 'invalid'; message: string; fieldErrors: Record<string, string> }
  /** the provider frame refused the card (it shows the message at the field); nothing was created */
  | { kind: 'card-invalid'; message: string; field: string }
  /** not paid: the message in the banner; a created order stays retained for the next submit */
  | { kind: 'failed'; message: string };

type SavedOrder = { ok: true; order: Order } | Exclude<PlaceOrderOutcome, { kind: 'success' } | { kind: 'redirect' }>;

function refused(status: number, error: ApiError): SavedOrder {
  const message = error.message ?? ORDER_FAILED_MESSAGE;
  if (status === 400) return { kind: 'invalid', message, fieldErrors: error.errors ?? {} };
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
      const answer = await call(orderRoutes.update, {
        body: { ...request, id: retained.id },
        idempotencyKey: `${attempt}:update`,
        orderToken: retained.orderToken,
      });
      const updated = answer.ok ? answer.data : undefined;
      if (updated?.order) return { ok: true, order: updated.order };
      if (answer.status === 409 || answer.status === 403 || answer.status === 404) clearRetainedOrder();
      else if (!answer.ok) return refused(answer.status, answer.error);
      else return { kind: 'failed', message: ORDER_FAILED_MESSAGE };
    }
    const answer = await call(orderRoutes.create, { body: request, idempotencyKey: attempt });
    const created = answer.ok ? answer.data : undefined;
    if (created?.data) {
      const order = created.data;
      retainOrder({ id: order.id, orderIncrementId: order.orderIncrementId, orderToken: created.orderToken });
      return { ok: true, order };
    }
    return answer.ok ? { kind: 'failed', message: ORDER_FAILED_MESSAGE } : refused(answer.status, answer.error);
  } catch {
    return { kind: 'failed', message: NETWORK_MESSAGE };
  }
}

function pendingPaymentId(order: Order): string | undefined {
  return [...(order.payments ?? [])].reverse().find((payment) => payment.status === 'pending')?.id;
}

async function payByCard(order: Order, paymentMethodId: string, attempt: string): Promise<PlaceOrderOutcome> {
  const paymentId = pendingPaymentId(order);
  const request: PaymentIntentRequest = {
    paymentMethodId,
    currency: 'usd',
    receiptEmail: order.email,
    metadata: { orderId: order.id, orderIncrementId: order.orderIncrementId, ...(paymentId ? { paymentId } : {}) },
  };
  let answer;
  try {
    answer = await call(paymentRoutes.createIntent, { params: { gateway: CARD_INTENT_GATEWAY }, body: request, idempotencyKey: `${attempt}:intent` });
  } catch {
    return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
  }
  if (answer.status >= 500) return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
  if (!answer.ok) return { kind: 'failed', message: answer.error.message || PAYMENT_MESSAGES.failed };
  const result = answer.data;
  // a 2xx without a JSON body reads as undefined
  if (!result) return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
  const intent = result.paymentIntent;
  if (intent?.status === 'succeeded') return { kind: 'success', orderIncrementId: result.orderIncrementId ?? order.orderIncrementId };
  const challenge = intent?.next_action?.redirect_to_url?.url;
  if (challenge) return { kind: 'redirect', url: challenge };
  return { kind: 'failed', message: result.message || result.payment?.message || PAYMENT_MESSAGES.failed };
}

async function payByPaypal(order: Order, attempt: string): Promise<PlaceOrderOutcome> {
  try {
    // The spec's shape; the server asks PayPal for the order's amount due, never this amount.
    const answer = await call(paymentRoutes.createPayPalOrder, {
      body: { amount: order.total, currency: 'USD', additionalData: { orderId: order.id } },
      idempotencyKey: `${attempt}:paypal`,
    });
    const created = answer.ok ? answer.data : undefined;
    const approve = created?.response?.links?.find((link) => link.rel === 'approve')?.href;
    if (approve) return { kind: 'redirect', url: approve };
  } catch {
    // falls through to the spec's message
  }
  return { kind: 'failed', message: PAYMENT_MESSAGES.paypalCreateFailed };
}

/**
 * The checkout flow (spec 4): for a card, the provider's frame checks the card and makes a token
 * first (in the browser, no request: an incomplete card never creates an order); then save the
 * order, then run the chosen payment method. The payments service reports the result to the orders
 * service itself (step 3-4 happen on the server), so the browser only learns paid / redirect / not
 * paid. One Idempotency-Key (a UUID) per placing attempt: POST /api/order carries it as is, the
 * attempt's other calls carry it with a suffix per call (':update', ':intent', ':paypal'), so no two
 * different requests ever share a key and a retried request is answered once.
 */
export async function placeOrder(request: CreateOrderRequest, method: PaymentMethod, card: CardTokenizer | null): Promise<PlaceOrderOutcome> {
  let paymentMethodId = '';
  if (method.gateway !== 'paypal') {
    if (!card) return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
    const token = await card.tokenize();
    if (!token.ok) return token.field ? { kind: 'card-invalid', message: token.message, field: token.field } : { kind: 'failed', message: token.message };
    paymentMethodId = token.paymentMethodId;
  }
  const attempt = newIdempotencyKey();
  const saved = await saveOrder(request, attempt);
  if (!('ok' in saved)) return saved;
  if (method.gateway === 'paypal') return payByPaypal(saved.order, attempt);
  return payByCard(saved.order, paymentMethodId, attempt);
}
