import {
  PAYMENT_MESSAGES,
  SERVER_UNREACHABLE_MESSAGE,
  apiUrl,
  call,
  isPayableMethodName,
  newIdempotencyKey,
  paymentApi,
  type PaymentAttemptResponse,
  type PaymentInFlight,
  type PaymentMethod,
} from '@storefront/contracts';
import type { CardTokenizer } from './card-tokenizer.js';
import { cardEntryOf } from './payment-methods.js';

export const PAYMENT_ATTEMPTS_URL = apiUrl(paymentApi.startAttempt);

/**
 * What paying an order ended in, the same words for the checkout, the quote payment page and the
 * split-payment page.
 */
export type PlaceOrderOutcome =
  /**
   * paid, or paid and still being confirmed by the provider (`paymentPending`): run the success
   * flow. `transactionId`: the provider's id, when the answer had one (what convertToOrder and the
   * split-payment call name).
   */
  | { kind: 'success'; orderIncrementId: string; paymentPending: boolean; testPayment: boolean; transactionId?: string }
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

/**
 * The order a payment is for and the proof that it is the payer's: the order's token (checkout,
 * quote link) or, on the split-payment page which has none, the order's e-mail.
 */
export interface OrderToPay {
  id: string;
  orderIncrementId: string;
  orderToken?: string;
  orderEmail?: string;
}

/** One attempt's request as it is sent (and sent again, unchanged, while its outcome is unknown). */
export interface AttemptRequest extends PaymentInFlight {
  /** an instalment, in dollars (2 decimals); absent: the whole amount due */
  splitAmount?: number;
}

/**
 * Where a page keeps an attempt whose outcome it never learned (no answer, a 5xx, `unknown`), so
 * the next Pay sends exactly it again with the same Idempotency-Key (never a second charge). The
 * checkout keeps it with the retained order (sessionStorage); the quote and split pages in memory.
 */
export interface PaymentSession {
  /** the attempt in flight and the order it pays, if any */
  inFlight(): { order: OrderToPay; request: AttemptRequest } | null;
  /** keep (or, with undefined, drop) the attempt in flight for this order */
  setInFlight(order: OrderToPay, request: AttemptRequest | undefined): void;
  /** the payments service no longer knows the order (404): forget it */
  forgetOrder(): void;
}

/** A page's session kept in memory (the quote and split-payment pages: nothing to retain across a reload). */
export function memoryPaymentSession(): PaymentSession {
  let kept: { order: OrderToPay; request: AttemptRequest } | null = null;
  return {
    inFlight: () => kept,
    setInFlight: (order, request) => {
      kept = request ? { order, request } : null;
    },
    forgetOrder: () => {
      kept = null;
    },
  };
}

/** An attempt's outcome before the card fields had their say: 'confirm' is theirs to finish (payOrder). */
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
export function outcomeOf(answer: PaymentAttemptResponse, order: OrderToPay): AttemptOutcome {
  const { attempt } = answer;
  const orderIncrementId = answer.orderIncrementId || order.orderIncrementId;
  switch (attempt.status) {
    case 'completed':
    case 'pending':
      return {
        kind: 'success',
        orderIncrementId,
        paymentPending: attempt.status === 'pending',
        testPayment: answer.testPayment,
        ...(attempt.transactionId ? { transactionId: attempt.transactionId } : {}),
      };
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
 * One payment attempt for an order. The request is kept in the page's session before it is sent
 * and dropped once an answer says how it ended; while it is kept (no answer, a timeout, an outcome
 * the provider has not confirmed) the next Pay sends exactly it again, with the same
 * Idempotency-Key, and the payments service answers the first attempt's real result.
 */
async function attemptPayment(order: OrderToPay, payment: AttemptRequest, session: PaymentSession): Promise<AttemptOutcome> {
  session.setInFlight(order, payment);
  let answer;
  try {
    answer = await call(paymentApi.startAttempt, {
      body: {
        orderId: order.id,
        paymentMethod: payment.paymentMethod,
        ...(payment.paymentToken ? { paymentToken: payment.paymentToken } : {}),
        ...(payment.splitAmount !== undefined ? { splitAmount: payment.splitAmount } : {}),
        // the split-payment page's proof: the order's e-mail instead of a token it does not have
        ...(order.orderEmail && !order.orderToken ? { orderEmail: order.orderEmail } : {}),
      },
      idempotencyKey: payment.idempotencyKey,
      ...(order.orderToken ? { orderToken: order.orderToken } : {}),
    });
  } catch {
    // no answer: it may or may not have reached the provider; the next submit asks again
    return { kind: 'failed', message: SERVER_UNREACHABLE_MESSAGE };
  }
  if (answer.ok && answer.data) {
    const outcome = outcomeOf(answer.data, order);
    if (answer.data.attempt.status !== 'unknown') session.setInFlight(order, undefined);
    return outcome;
  }
  // a 5xx: the payment may have started; the request stays in flight for the next submit
  if (answer.ok) return { kind: 'failed', message: PAYMENT_MESSAGES.failed };
  if (answer.status >= 500) return { kind: 'failed', message: answer.status === 503 && answer.error.message ? answer.error.message : PAYMENT_MESSAGES.failed };
  // every 4xx is an answer: this key made no payment (or, 409 orderPaid, the order is paid)
  session.setInFlight(order, undefined);
  if (answer.status === 409 && answer.error.errorType === 'orderPaid') {
    return { kind: 'success', orderIncrementId: order.orderIncrementId, paymentPending: false, testPayment: false };
  }
  if (answer.status === 404) session.forgetOrder();
  return { kind: 'failed', message: answer.error.message || PAYMENT_MESSAGES.failed };
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

export interface PayOrderOptions {
  session: PaymentSession;
  /**
   * The order to pay, found or made once the card is tokenised (an incomplete card makes nothing):
   * the checkout saves its order, the quote page asks for the quote's order, the split page has it.
   */
  order(): Promise<OrderToPay | Exclude<PlaceOrderOutcome, { kind: 'success' } | { kind: 'redirect' }>>;
  /** an instalment in dollars (the split-payment method); absent: the whole amount due */
  splitAmount?: number;
}

/**
 * Paying an order, once for every page (spec 4). A payment left in flight by an earlier Pay is
 * settled first (sent again as it was); only when it ended unpaid does this Pay go on. Then, for a
 * card, the provider's frame checks the card and makes a token (in the browser, no request); the
 * order is found or saved; and the chosen method is paid through the one neutral call. The
 * payments service reports the result to the orders service itself, so the browser only learns
 * paid / redirect / not paid. An attempt has its own Idempotency-Key, kept across retries.
 */
export async function payOrder(method: PaymentMethod, card: CardTokenizer | null, options: PayOrderOptions): Promise<PlaceOrderOutcome> {
  const { session } = options;
  const earlier = session.inFlight();
  if (earlier) {
    const settled = await confirmed(await attemptPayment(earlier.order, earlier.request, session), card);
    // still in flight, or it ended (paid, pending, on the provider's page): that is this Pay's answer
    if (settled.kind !== 'failed' || session.inFlight()) return settled;
    // it ended unpaid: this Pay pays again, with the card and details on the page now
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
  const order = await options.order();
  if ('kind' in order) return order;
  const request: AttemptRequest = {
    idempotencyKey: newIdempotencyKey(),
    paymentMethod,
    ...(paymentToken ? { paymentToken } : {}),
    ...(options.splitAmount !== undefined ? { splitAmount: options.splitAmount } : {}),
  };
  return confirmed(await attemptPayment(order, request, session), card);
}
