import { SPLIT_PAYMENT_MESSAGES } from '@storefront/commerce-rules';
import { ApiUnreachableError, call, orderApi, type SplitPaymentOrder } from '@storefront/contracts';

export type LookupResult = { kind: 'order'; order: SplitPaymentOrder } | { kind: 'error'; message: string; notFound: boolean };

/**
 * Spec 8, split payment: each lookup failure in its words. The service answers an order without split
 * payment, or already paid, as not found (the e-mail proves too little to say more).
 */
const ERROR_TYPE_MESSAGES: Record<string, string> = {
  orderNotExist: SPLIT_PAYMENT_MESSAGES.orderNotFound,
  splitPaymentNotEnabled: SPLIT_PAYMENT_MESSAGES.notEnabled,
  orderAlreadyPaid: SPLIT_PAYMENT_MESSAGES.alreadyPaid,
};

/** GET /api/order/:orderId?email= (the order number or id, and its e-mail as the proof). */
export async function lookupOrder(orderId: string, email: string): Promise<LookupResult> {
  try {
    const answer = await call(orderApi.lookup, { params: { orderId }, query: { email } });
    if (answer.ok && answer.data?.data) return { kind: 'order', order: answer.data.data };
    if (answer.ok) return { kind: 'error', message: SPLIT_PAYMENT_MESSAGES.lookupFailed, notFound: false };
    const known = answer.error.errorType ? ERROR_TYPE_MESSAGES[answer.error.errorType] : undefined;
    const notFound = answer.status === 404 || answer.error.errorType === 'orderNotExist';
    return { kind: 'error', message: notFound ? SPLIT_PAYMENT_MESSAGES.orderNotFound : known || answer.error.message || SPLIT_PAYMENT_MESSAGES.lookupFailed, notFound };
  } catch (error) {
    return { kind: 'error', message: error instanceof ApiUnreachableError ? SPLIT_PAYMENT_MESSAGES.fetchFailed : SPLIT_PAYMENT_MESSAGES.lookupFailed, notFound: false };
  }
}

export type ConfirmResult = { ok: true; order: SplitPaymentOrder } | { ok: false; message: string };

/**
 * POST /api/order/:id/split-payment with the verified payment's transaction id (spec 4, split
 * payment): the orders service recorded the payment when it was verified and answers the order re-read.
 */
export async function confirmSplitPayment(orderId: string, email: string, transactionId: string): Promise<ConfirmResult> {
  try {
    const answer = await call(orderApi.splitPayment, { params: { id: orderId }, body: { email, payments: [{ transactionId }] } });
    if (answer.ok && answer.data?.data) return { ok: true, order: answer.data.data };
    return { ok: false, message: (!answer.ok && answer.error.message) || SPLIT_PAYMENT_MESSAGES.lookupFailed };
  } catch (error) {
    return { ok: false, message: error instanceof ApiUnreachableError ? SPLIT_PAYMENT_MESSAGES.fetchFailed : SPLIT_PAYMENT_MESSAGES.lookupFailed };
  }
}
