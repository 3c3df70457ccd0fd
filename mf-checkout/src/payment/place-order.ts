import {
  PAYMENT_MESSAGES,
  SERVER_UNREACHABLE_MESSAGE,
  apiUrl,
  call,
  newIdempotencyKey,
  orderApi,
  type ApiError,
  type CreateOrderRequest,
  type Order,
  type PaymentMethod,
} from '@storefront/contracts';
import { clearPaymentReturnContext, readPaymentReturnContext } from './payment-return-context.js';
import { clearRetainedOrder, readRetainedOrder, retainOrder, setPaymentInFlight } from './retained-order.js';
import type { CardTokenizer } from './card-tokenizer.js';
import { payOrder, type PaymentSession, type PlaceOrderOutcome } from './pay-order.js';

export { PAYMENT_ATTEMPTS_URL, type PlaceOrderOutcome } from './pay-order.js';
export const ORDER_URL = apiUrl(orderApi.create);
export const ORDER_FAILED_MESSAGE = 'We could not place your order. Please try again.';

type SavedOrder = { ok: true; order: Order; orderToken: string } | Exclude<PlaceOrderOutcome, { kind: 'success' } | { kind: 'redirect' }>;

function refused(status: number, error: ApiError): SavedOrder {
  const message = error.message ?? ORDER_FAILED_MESSAGE;
  if (status === 400) return { kind: 'invalid', message, fieldErrors: error.errors ?? {} };
  return { kind: 'failed', message };
}

/**
 * Spec 4, step 1: update the retained order when there is one (the shopper's earlier attempt did not
 * pay), else create one. An order that was paid meanwhile (409) or is no longer ours (403/404) is
 * dropped and a new one created; one whose payment is still being decided (409 paymentInProgress)
 * is kept, and nothing is paid again.
 */
async function saveOrder(request: CreateOrderRequest, attempt: string): Promise<SavedOrder> {
  try {
    const retained = readRetainedOrder();
    if (retained) {
      const answer = await call(orderApi.update, {
        body: { ...request, id: retained.id },
        idempotencyKey: `${attempt}:update`,
        orderToken: retained.orderToken,
      });
      const updated = answer.ok ? answer.data : undefined;
      if (updated?.order) return { ok: true, order: updated.order, orderToken: retained.orderToken };
      // a payment of it is still being decided: the order stays as it was paid for, and so does the shopper
      if (!answer.ok && answer.status === 409 && answer.error.errorType === 'paymentInProgress') return { kind: 'failed', message: answer.error.message ?? PAYMENT_MESSAGES.inProgress };
      if (answer.status === 409 || answer.status === 403 || answer.status === 404) clearRetainedOrder();
      else if (!answer.ok) return refused(answer.status, answer.error);
      else return { kind: 'failed', message: ORDER_FAILED_MESSAGE };
    }
    const answer = await call(orderApi.create, { body: request, idempotencyKey: attempt });
    const created = answer.ok ? answer.data : undefined;
    if (created?.data) {
      const order = created.data;
      retainOrder({ id: order.id, orderIncrementId: order.orderIncrementId, orderToken: created.orderToken });
      return { ok: true, order, orderToken: created.orderToken };
    }
    return answer.ok ? { kind: 'failed', message: ORDER_FAILED_MESSAGE } : refused(answer.status, answer.error);
  } catch {
    return { kind: 'failed', message: SERVER_UNREACHABLE_MESSAGE };
  }
}

/**
 * A quote payment abandoned on the provider's page left its context and, for the verify page, the
 * quote's order retained under the link's token: neither is this cart's, so the checkout drops them
 * (else the next submit would update the quote's order, and a return would be proved with the link).
 */
function forgetAbandonedLinkPayment(): void {
  const abandoned = readPaymentReturnContext();
  if (!abandoned) return;
  clearPaymentReturnContext();
  const retained = readRetainedOrder();
  if (abandoned.kind === 'quote' && retained?.orderToken === abandoned.token) clearRetainedOrder();
}

/** The checkout's attempt in flight lives with its retained order (sessionStorage), across reloads. */
const retainedOrderSession: PaymentSession = {
  inFlight() {
    const retained = readRetainedOrder();
    return retained?.paymentInFlight ? { order: retained, request: retained.paymentInFlight } : null;
  },
  setInFlight(_order, request) {
    setPaymentInFlight(request ? { idempotencyKey: request.idempotencyKey, paymentMethod: request.paymentMethod, ...(request.paymentToken ? { paymentToken: request.paymentToken } : {}) } : undefined);
  },
  forgetOrder: clearRetainedOrder,
};

/**
 * The checkout flow (spec 4). A payment left in flight by an earlier submit is settled first (sent
 * again as it was: see attemptPayment); only when it ended unpaid does this submit go on. Then, for
 * a card, the provider's frame checks the card and makes a token (in the browser, no request: an
 * incomplete card never creates an order); the order is saved; and the chosen method is paid through
 * the one neutral call. The payments service reports the result to the orders service itself, so
 * the browser only learns paid / redirect / not paid. The order's calls carry one Idempotency-Key
 * per submit (':update' for the update); a payment attempt has its own, kept across retries.
 */
export async function placeOrder(request: CreateOrderRequest, method: PaymentMethod, card: CardTokenizer | null): Promise<PlaceOrderOutcome> {
  forgetAbandonedLinkPayment();
  return payOrder(method, card, {
    session: retainedOrderSession,
    order: async () => {
      const saved = await saveOrder(request, newIdempotencyKey());
      if (!('ok' in saved)) return saved;
      return { id: saved.order.id, orderIncrementId: saved.order.orderIncrementId, orderToken: saved.orderToken };
    },
  });
}
