import {
  PAYMENT_MESSAGES,
  apiUrl,
  isPayableMethodName,
  call,
  newIdempotencyKey,
  orderRoutes,
  paymentRoutes,
  type ApiError,
  type CreateOrderRequest,
  type Order,
  type PaymentAttemptResponse,
  type PaymentInFlight,
  type PaymentMethod,
  type RetainedOrder,
} from '@storefront/contracts';
import { clearRetainedOrder, readRetainedOrder, retainOrder, setPaymentInFlight } from '../retained-order.js';
import type { CardTokenizer } from './card-tokenizer.js';
import { cardEntryOf } from './payment-methods.js';

export const ORDER_URL = apiUrl(orderRoutes.create);
export const PAYMENT_ATTEMPTS_URL = apiUrl(paymentRoutes.startAttempt);
export const ORDER_FAILED_MESSAGE = 'We could not place your order. Please try again.';
export const NETWORK_MESSAGE = 'Could not reach the server. Check your connection and try again.';

export type PlaceOrderOutcome =
  /** paid, or paid and still being confirmed by the provider (`paymentPending`): run the success flow */
  | { kind: 'success'; orderIncrementId: string; paymentPending: boolean; testPayment: boolean }
  /**
   * the provider needs the shopper on its page (3-D Secure, PayPal approval); `paymentId` is the
   * provider's id for it, for a provider's own buttons that open that page themselves (PayPal's)
   */
  | { kind: 'redirect'; url: string; paymentId?: string }
  /** the order was refused: field errors under the fields, the message in the banner */
  | { kind: 'invalid'; message: string; fieldErrors: Record<string, string> }
  /** the provider frame refused the card (it shows the message at the field); nothing was created */
  | { kind: 'card-invalid'; message: string; field: string }
  /** not paid (or not known to be): the message in the banner; a created order stays retained for the next submit */
  | { kind: 'failed'; message: string };

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
      const answer = await call(orderRoutes.update, {
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
    const answer = await call(orderRoutes.create, { body: request, idempotencyKey: attempt });
    const created = answer.ok ? answer.data : undefined;
    if (created?.data) {
      const order = created.data;
      retainOrder({ id: order.id, orderIncrementId: order.orderIncrementId, orderToken: created.orderToken });
      return { ok: true, order, orderToken: created.orderToken };
    }
    return answer.ok ? { kind: 'failed', message: ORDER_FAILED_MESSAGE } : refused(answer.status, answer.error);
  } catch {
    return { kind: 'failed', message: NETWORK_MESSAGE };
  }
}

/** An attempt's outcome before the card fields had their say: 'confirm' is theirs to finish (placeOrder). */
type AttemptOutcome = PlaceOrderOutcome | { kind: 'confirm'; clientSecret: string };

/**
 * What an attempt's answer means for the shopper, the same for every payment method: the browser
 * acts on the neutral status and `nextAction`, never on a gateway's name.
 *
 * Two readings of the spec's checkout messages for a card that is still processing: as written, the
 * Stripe flow shows 'Unexpected payment status: processing' and keeps the shopper at the checkout;
 * spec 4's payment return sends a pending payment to the success page. We take the second for every
 * path: a pending payment will most likely complete, and a message that reads like a failure invites
 * paying twice. The success page says the payment is being confirmed.
 */
function outcomeOf(answer: PaymentAttemptResponse, order: RetainedOrder): AttemptOutcome {
  const { attempt } = answer;
  const orderIncrementId = answer.orderIncrementId || order.orderIncrementId;
  switch (attempt.status) {
    case 'completed':
    case 'pending':
      return { kind: 'success', orderIncrementId, paymentPending: attempt.status === 'pending', testPayment: answer.testPayment };
    case 'requires_action':
      if (attempt.nextAction?.type === 'redirect' && attempt.nextAction.url) {
        return { kind: 'redirect', url: attempt.nextAction.url, ...(attempt.nextAction.paymentId ? { paymentId: attempt.nextAction.paymentId } : {}) };
      }
      // the provider's script confirms the payment with its client secret (Stripe's Payment Element)
      if (attempt.nextAction?.type === 'confirm' && attempt.nextAction.clientSecret) return { kind: 'confirm', clientSecret: attempt.nextAction.clientSecret };
      return { kind: 'failed', message: PAYMENT_MESSAGES.paymentError };
    case 'unknown':
      return { kind: 'failed', message: attempt.message || PAYMENT_MESSAGES.unconfirmed };
    case 'on_hold':
      return { kind: 'failed', message: attempt.message || PAYMENT_MESSAGES.additionalAuthentication };
    case 'failed':
    default:
      return { kind: 'failed', message: attempt.message || PAYMENT_MESSAGES.failed };
  }
}

/**
 * One payment attempt for the retained order. The request is kept with the retained order before
 * it is sent and dropped once an answer says how it ended; while it is kept (no answer, a timeout,
 * an outcome the provider has not confirmed) the next submit sends exactly it again, with the same
 * Idempotency-Key, and the payments service answers the first attempt's real result.
 */
async function attemptPayment(order: RetainedOrder, payment: PaymentInFlight): Promise<AttemptOutcome> {
  setPaymentInFlight(payment);
  let answer;
  try {
    answer = await call(paymentRoutes.startAttempt, {
      body: { orderId: order.id, paymentMethod: payment.paymentMethod, ...(payment.paymentToken ? { paymentToken: payment.paymentToken } : {}) },
      idempotencyKey: payment.idempotencyKey,
      orderToken: order.orderToken,
    });
  } catch {
    // no answer: it may or may not have reached the provider; the next submit asks again
    return { kind: 'failed', message: NETWORK_MESSAGE };
  }
  if (answer.ok && answer.data) {
    const outcome = outcomeOf(answer.data, order);
    if (answer.data.attempt.status !== 'unknown') setPaymentInFlight(undefined);
    return outcome;
  }
  // a 5xx: the payment may have started; the request stays in flight for the next submit
  if (answer.ok) return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
  if (answer.status >= 500) return { kind: 'failed', message: answer.status === 503 && answer.error.message ? answer.error.message : PAYMENT_MESSAGES.failed };
  // every 4xx is an answer: this key made no payment (or, 409 orderPaid, the order is paid)
  setPaymentInFlight(undefined);
  if (answer.status === 409 && answer.error.errorType === 'orderPaid') {
    return { kind: 'success', orderIncrementId: order.orderIncrementId, paymentPending: false, testPayment: false };
  }
  if (answer.status === 404) clearRetainedOrder();
  return { kind: 'failed', message: answer.error.message || PAYMENT_MESSAGES.failed };
}

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
  const earlier = readRetainedOrder();
  if (earlier?.paymentInFlight) {
    const settled = await confirmed(await attemptPayment(earlier, earlier.paymentInFlight), card);
    // still in flight, or it ended (paid, pending, on the provider's page): that is this submit's answer
    if (settled.kind !== 'failed' || readRetainedOrder()?.paymentInFlight) return settled;
    // it ended unpaid: this submit pays again, with the card and details on the form now
  }

  const paymentMethod = method.name;
  if (!isPayableMethodName(paymentMethod)) return { kind: 'failed', message: PAYMENT_MESSAGES.methodNotAvailable };
  let paymentToken: string | undefined;
  if (cardEntryOf(method) !== 'none') {
    if (!card) return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
    const token = await card.tokenize();
    if (!token.ok) return token.field ? { kind: 'card-invalid', message: token.message, field: token.field } : { kind: 'failed', message: token.message };
    paymentToken = token.paymentMethodId;
  }
  const submit = newIdempotencyKey();
  const saved = await saveOrder(request, submit);
  if (!('ok' in saved)) return saved;
  const order: RetainedOrder = { id: saved.order.id, orderIncrementId: saved.order.orderIncrementId, orderToken: saved.orderToken };
  return confirmed(await attemptPayment(order, { idempotencyKey: newIdempotencyKey(), paymentMethod, ...(paymentToken ? { paymentToken } : {}) }), card);
}

/**
 * A payment the provider's script must confirm (nextAction confirm) is handed to the card fields
 * that collected its details: on success the provider takes the shopper to its return page (the
 * verify page decides), so only a refusal comes back here.
 */
async function confirmed(outcome: AttemptOutcome, card: CardTokenizer | null): Promise<PlaceOrderOutcome> {
  if (outcome.kind !== 'confirm') return outcome;
  if (!card?.confirm) return { kind: 'failed', message: PAYMENT_MESSAGES.paymentError };
  const refused = await card.confirm(outcome.clientSecret);
  return { kind: 'failed', message: refused.error || PAYMENT_MESSAGES.failed };
}
