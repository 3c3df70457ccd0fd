import { formatCents } from '@storefront/money';
import { array, mixed, number, object, string, type InferType } from 'yup';
import { cents } from '../rules/field-rules.js';
import { UUID_PATTERN } from '../rules/ids.js';

/*
 * Refunds (payments service, internal: the orders service calls them for the back office). A refund
 * is named by a reference the caller chose (a UUID it stored before calling): the same reference is
 * the same refund, whatever happens in between, and it is the provider's idempotency key, so a repeat
 * never refunds twice.
 */

/** A refund as the payments service records it: asked of the provider (pending, also while its answer is unknown), done, or refused. */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * A payment attempt's status as the payments service keeps it: our own words for every gateway (never
 * a provider's): open ones (processing, requires_action, unknown, pending, on_hold) may still take
 * money; completed, failed, canceled and needs_review are final.
 */
export const PAYMENT_RECORD_STATUSES = ['processing', 'requires_action', 'unknown', 'pending', 'on_hold', 'completed', 'failed', 'canceled', 'needs_review'] as const;
export type PaymentRecordStatus = (typeof PAYMENT_RECORD_STATUSES)[number];

export const REFUND_MESSAGES = {
  attemptNotFound: 'Payment not found.',
  notCompleted: 'Only a completed payment can be refunded.',
  referenceReused: 'This refund reference was already used for another refund (another payment, amount or requester). Use a new reference for a new refund.',
  gatewayUnavailable: 'The gateway this payment was made on is not available here, so it cannot be refunded now.',
  providerUnavailable: 'The payment provider is unavailable right now; nothing was refunded. Send the same request again (the same reference) in a moment.',
  stillPending: 'The payment provider is unavailable right now; the refund is still pending. Send the same request again (the same reference) in a moment.',
  unknownOutcome: 'The payment provider did not answer, so the refund may or may not have been made. Send the same request again (the same reference) to settle it; it cannot refund twice.',
} as const;

/** The 409 for a refund above what is left: names the refundable amount, in cents and in dollars. */
export function overRefundableMessage(refundableCents: number): string {
  return `The refund is more than is left to refund: at most ${refundableCents} cents (${formatCents(refundableCents)}) of this payment can be refunded.`;
}

/** A UUID, lower-cased (PostgreSQL answers uuids lower-case, so a reference compares as stored). */
const uuid = (name: string) => string().trim().lowercase().required(`${name} is required`).matches(UUID_PATTERN, `${name} must be a UUID`);

/**
 * POST /internal/payments/refunds: refund `amountCents` of one completed payment attempt. `reference`
 * is the caller's (stored before it calls): sent again, it answers the same refund; `requestedBy` is
 * who asked (a member of staff's name), kept with the refund.
 */
export const refundRequestSchema = object({
  attemptId: uuid('attemptId'),
  amountCents: number()
    .strict()
    .typeError('amountCents must be a whole number of cents above 0')
    .required('amountCents must be a whole number of cents above 0')
    .integer('amountCents must be a whole number of cents above 0')
    .min(1, 'amountCents must be a whole number of cents above 0')
    .max(100_000_000, 'amountCents must be at most 100000000'),
  reference: uuid('reference'),
  requestedBy: string().trim().required('requestedBy is required').min(1, 'requestedBy is required').max(200, 'requestedBy must be at most 200 characters'),
});
export type RefundRequest = InferType<typeof refundRequestSchema>;

/** One refund of a payment attempt. */
export const refundRecordSchema = object({
  id: string().required(),
  reference: string().required(),
  attemptId: string().required(),
  amountCents: cents().required(),
  status: mixed<RefundStatus>().oneOf(REFUND_STATUSES).required(),
  /** the provider's id of the refund (Stripe's re_…, PayPal's refund id, Authorize.Net's transId); null until it answered */
  providerRefundId: string().nullable().defined(),
  /** the provider's refusal, or why the refund is still pending; null when it went through */
  message: string().nullable().defined(),
  requestedBy: string().defined(),
  createdAt: string().required(),
  updatedAt: string().required(),
});
export type RefundRecord = InferType<typeof refundRecordSchema>;

/** What is left of a payment attempt to refund, in cents. */
const refundTotalsShape = {
  /** the attempt's amount: what it took once completed */
  amountCents: cents().required(),
  /** completed refunds */
  refundedCents: cents().required(),
  /** refunds asked of the provider whose result is not known yet (they count against what is refundable) */
  pendingRefundCents: cents().required(),
  /** amountCents minus completed and pending refunds (0 for an attempt that did not complete) */
  refundableCents: cents().required(),
};

/** POST /internal/payments/refunds answer: the refund (a repeat of its reference answers the same) and the attempt's totals after it. */
export const refundResponseSchema = object({
  refund: refundRecordSchema.required(),
  attempt: object({ id: string().required(), ...refundTotalsShape }).required(),
});
export type RefundResponse = InferType<typeof refundResponseSchema>;

/** GET /internal/payments/orders/:orderId/payments */
export const orderPaymentsParamsSchema = object({ orderId: string().trim().required('orderId is required').max(64, 'orderId is too long') });

/** Every payment attempt of an order, oldest first, with its refunds. */
export const orderPaymentsResponseSchema = object({
  orderId: string().required(),
  payments: array(
    object({
      /** our attempt id (what a refund names) */
      id: string().required(),
      gateway: string().required(),
      method: string().required(),
      /** the provider's payment id (intent id, PayPal order id, Authorize.Net transId); null when it never answered */
      providerPaymentId: string().nullable().defined(),
      status: mixed<PaymentRecordStatus>().oneOf(PAYMENT_RECORD_STATUSES).required(),
      card: object({ brand: string().required(), last4: string().required() }).nullable().defined(),
      /** why the payment did not (yet) go through; null when it did */
      message: string().nullable().defined(),
      createdAt: string().required(),
      updatedAt: string().required(),
      ...refundTotalsShape,
      refunds: array(refundRecordSchema.required()).required(),
    }).required(),
  ).required(),
});
export type OrderPaymentsResponse = InferType<typeof orderPaymentsResponseSchema>;
export type OrderPaymentRecord = OrderPaymentsResponse['payments'][number];
