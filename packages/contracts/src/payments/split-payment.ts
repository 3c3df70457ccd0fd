import { array, mixed, number, object, string, type InferType } from 'yup';
import type { OrderStatus } from '../orders/schemas.js';
import { orderTotalsFields, splitPaymentTermsFields } from '../orders/priced-fields.js';
import { cents } from '../rules/field-rules.js';
import { isPlainObject } from '../rules/plain-object.js';

// Paying an order's balance in instalments (spec §2 split-payment page, §4 split payment, §6
// "split-payment access is by order id plus its e-mail; no login", §7 GET /api/order/{orderId}?email=
// and POST /api/order/{id}/split-payment, §8). The instalment's amount rules and their words are
// @storefront/commerce-rules' (split-payment), shared by the pages and the orders service.

export { SPLIT_PAYMENT_PATH, splitPaymentPath } from '../site/paths.js';

export const ORDER_LOOKUP_MESSAGES = {
  orderIdRequired: 'Order ID is required',
  emailRequired: 'Email is required',
  /** an unknown order and a wrong e-mail alike (errorType orderNotExist) */
  orderNotFound: 'Order not found.',
  /** POST /api/order/:id/split-payment for a transaction the payments service never verified for this order */
  paymentNotVerified: 'This payment has not been verified for this order.',
  /** 429 (with Retry-After) once one order number or one e-mail was tried too often, from anywhere */
  tooManyLookups: 'Too many attempts for this order. Please try again later.',
} as const;

/**
 * What the split-payment page shows of an order (spec §2 split-payment page: total, minimum split
 * amount, amount received, remaining), and nothing else: the e-mail is a weak proof (anyone who knows
 * it and can walk order numbers), so no name, address, item or payment detail is answered. Amounts in
 * cents. Only an order with split payment and a balance is answered by the lookup; the confirmation
 * answers it after its last instalment too (`amountDue` 0).
 */
export const splitPaymentOrderSchema = object({
  id: string().required(),
  /** "SF-100001" */
  orderIncrementId: string().required(),
  status: string<OrderStatus>().required(),
  shippingLabel: string().defined(),
  ...orderTotalsFields,
  ...splitPaymentTermsFields,
  /** the completed payments' sum (spec: amount received) */
  amountReceived: cents().required(),
  /** total minus amount received: what is left to pay */
  amountDue: cents().required(),
});
export type SplitPaymentOrder = InferType<typeof splitPaymentOrderSchema>;

/** GET /api/order/:orderId?email= */
export const splitPaymentLookupResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  status: mixed<200>().oneOf([200]).required(),
  data: splitPaymentOrderSchema.required(),
});
export type SplitPaymentLookupResponse = InferType<typeof splitPaymentLookupResponseSchema>;

/** `:orderId` of GET /api/order/:orderId: the order number the customer sees (SF-100013) or the order's id. */
export const orderLookupParamsSchema = object({
  orderId: string().trim().required(ORDER_LOOKUP_MESSAGES.orderIdRequired).max(64, ORDER_LOOKUP_MESSAGES.orderNotFound),
});

/** ?email= of GET /api/order/:orderId: the order's e-mail, the customer's proof (compared without case). */
export const orderLookupQuerySchema = object({
  email: string().trim().required(ORDER_LOOKUP_MESSAGES.emailRequired).max(254, ORDER_LOOKUP_MESSAGES.orderNotFound),
});

/**
 * A payment as the browser reports it after paying (spec §3 "Payment record sent"). Only
 * `transactionId` is read: it must name a payment the payments service verified with the gateway
 * and reported for this order; every amount and status in the answer comes from that record.
 */
export const reportedPaymentSchema = object({
  transactionId: string().trim().required('payment.transactionId is required').max(128, 'payment.transactionId is too long'),
  transactionResponse: mixed().optional(),
  amount: number().optional(),
  amountPaid: number().optional(),
  method: string().max(64).optional(),
  methodLabel: string().max(200).optional(),
  status: string().max(32).optional(),
  additionalData: mixed<Record<string, unknown>>((value): value is Record<string, unknown> => isPlainObject(value)).optional(),
});
export type ReportedPayment = InferType<typeof reportedPaymentSchema>;

/** `:id` of POST /api/order/:id/split-payment (number or id, as the lookup). */
export const splitPaymentParamsSchema = object({
  id: string().trim().required(ORDER_LOOKUP_MESSAGES.orderIdRequired).max(64, ORDER_LOOKUP_MESSAGES.orderNotFound),
});

/**
 * POST /api/order/:id/split-payment: the spec's id and payments list, plus the order's e-mail (the
 * page's proof, as for the lookup). Nothing is charged or recorded from this body.
 */
export const splitPaymentRequestSchema = object({
  email: string().trim().required(ORDER_LOOKUP_MESSAGES.emailRequired).max(254, ORDER_LOOKUP_MESSAGES.orderNotFound),
  payments: array(reportedPaymentSchema.required()).min(1, 'payments must list the payment made').max(5, 'payments lists at most 5 payments').required('payments must list the payment made'),
});
export type SplitPaymentRequest = InferType<typeof splitPaymentRequestSchema>;

export const splitPaymentResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  /** the order's split-payment figures as they are now, re-read after the payment */
  data: splitPaymentOrderSchema.required(),
  message: string().defined(),
});
export type SplitPaymentResponse = InferType<typeof splitPaymentResponseSchema>;
