import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { adminOrderSummarySchema } from './schemas.js';
import { UUID_PATTERN } from '../rules/ids.js';
import type { Quote } from '../quotes/schemas.js';

// The back office's orders beyond the list (GET /api/admin/orders/:order and its actions), the audit
// log and the dashboard. Amounts are integer cents; the server computes every one of them.

/** What staff may do to an order, each decided by the order-process table (commerce-rules' staff actions). */
export const STAFF_ORDER_ACTIONS = ['resendConfirmation', 'refund', 'splitPayment', 'cancel', 'note'] as const;
export type StaffOrderAction = (typeof STAFF_ORDER_ACTIONS)[number];

/** A refund staff asked for (its id is the reference the provider keys it on). */
function adminRefundSchemaOf() {
  return object({
    id: string().required(),
    attemptId: string().required(),
    amountCents: number().integer().required(),
    /** pending while the provider's answer is not known (send the same request again to settle it) */
    status: string().required(),
    providerRefundId: string().nullable().defined(),
    message: string().nullable().defined(),
    reason: string().nullable().defined(),
    requestedBy: string().required(),
    at: string().required(),
  });
}

const actionState = object({
  allowed: boolean().required(),
  /** why not, in the business's words (null when allowed) */
  reason: string().nullable().defined(),
});

export const adminOrderDetailSchema = object({
  order: adminOrderSummarySchema
    .shape({
      email: string().required(),
      customerName: string().required(),
      phone: string().nullable().defined(),
      state: string().required(),
      isGuest: boolean().required(),
      poNumber: string().nullable().defined(),
      additionalNotes: string().nullable().defined(),
      shippingMethod: string().required(),
      shippingLabel: string().required(),
      subtotalCents: number().integer().required(),
      shippingCents: number().integer().required(),
      taxCents: number().integer().required(),
      discountCents: number().integer().required(),
      paidCents: number().integer().required(),
      dueCents: number().integer().required(),
      /** the quote the order came from (its number), null for a shop order */
      quoteIncrementId: string().nullable().defined(),
    })
    .required(),
  items: array(
    object({
      sku: string().required(),
      name: string().required(),
      qty: number().integer().required(),
      priceCents: number().integer().required(),
      rowTotalCents: number().integer().required(),
    }).required(),
  ).required(),
  addresses: array(
    object({
      type: string().required(),
      name: string().required(),
      lines: array(string().required()).required(),
      phone: string().nullable().defined(),
    }).required(),
  ).required(),
  /** every payment entry, oldest first, with the provider's reference (transaction id) */
  payments: array(
    object({
      id: string().required(),
      method: string().required(),
      methodLabel: string().required(),
      status: string().required(),
      amountCents: number().integer().required(),
      paidCents: number().integer().required(),
      providerReference: string().nullable().defined(),
      at: string().required(),
    }).required(),
  ).required(),
  /** the status history and staff notes, oldest first */
  history: array(
    object({
      at: string().required(),
      status: string().required(),
      comment: string().required(),
      customerNotified: boolean().required(),
      /** the staff member who wrote a note (null for the system's entries) */
      author: string().nullable().defined(),
    }).required(),
  ).required(),
  /** the e-mails queued for the order, oldest first */
  emails: array(
    object({
      id: string().required(),
      kind: string().required(),
      recipient: string().required(),
      subject: string().required(),
      status: string().required(),
      attempts: number().integer().required(),
      at: string().required(),
      sentAt: string().nullable().defined(),
      lastError: string().nullable().defined(),
    }).required(),
  ).required(),
  /**
   * The order's payments as the payments service keeps them, each with what is left to refund; null
   * when the payments service did not answer (the rest of the order is still shown).
   */
  paymentAttempts: array(
    object({
      id: string().required(),
      gateway: string().required(),
      method: string().required(),
      providerPaymentId: string().nullable().defined(),
      status: string().required(),
      card: object({ brand: string().required(), last4: string().required() }).nullable().defined(),
      amountCents: number().integer().required(),
      refundedCents: number().integer().required(),
      pendingRefundCents: number().integer().required(),
      refundableCents: number().integer().required(),
      at: string().required(),
    }).required(),
  ).nullable().defined(),
  /** the refunds staff asked for, oldest first */
  refunds: array(adminRefundSchemaOf()).required(),
  actions: object(Object.fromEntries(STAFF_ORDER_ACTIONS.map((action) => [action, actionState.required()])) as Record<StaffOrderAction, typeof actionState>).required(),
});
export type AdminOrderDetail = InferType<typeof adminOrderDetailSchema>;

/** POST /api/admin/orders/:order/refunds: which payment, how much (dollars, as staff type it), why. */
export const adminRefundRequestSchema = object({
  attemptId: string().typeError('Choose the payment to refund.').trim().lowercase().required('Choose the payment to refund.').matches(UUID_PATTERN, 'Choose the payment to refund.'),
  amount: number()
    .typeError('Refund amount must be an amount in dollars like 250 or 250.00')
    .required('Refund amount is required')
    .moreThan(0, 'Refund amount must be more than $0.00')
    .test('cents', 'Refund amount must have at most 2 decimals', (value) => value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6),
  reason: string().typeError('The reason must be text').trim().max(500, 'The reason must be at most 500 characters.').optional(),
});
export type AdminRefundRequest = InferType<typeof adminRefundRequestSchema>;

export const adminRefundResponseSchema = object({ refund: adminRefundSchemaOf().required(), order: adminOrderDetailSchema.required() });
export type AdminRefundResponse = InferType<typeof adminRefundResponseSchema>;

/** POST /api/admin/orders/:order/notes */
export const adminOrderNoteRequestSchema = object({
  comment: string().typeError('The note must be text').trim().required('Write the note first.').max(2000, 'A note must be at most 2000 characters.'),
});
export type AdminOrderNoteRequest = InferType<typeof adminOrderNoteRequestSchema>;

/** POST /api/admin/orders/:order/cancel */
export const adminOrderCancelRequestSchema = object({
  reason: string().typeError('The reason must be text').trim().max(500, 'The reason must be at most 500 characters.').optional(),
});
export type AdminOrderCancelRequest = InferType<typeof adminOrderCancelRequestSchema>;

/** POST /api/admin/orders/:order/resend-confirmation's answer */
export const adminResendConfirmationResponseSchema = object({ queued: boolean().required(), recipient: string().required() });
export type AdminResendConfirmationResponse = InferType<typeof adminResendConfirmationResponseSchema>;

// --- the audit log (managers) ---

export const AUDIT_OUTCOMES = ['succeeded', 'refused', 'failed'] as const;
export type AuditOutcomeName = (typeof AUDIT_OUTCOMES)[number];

const isoDate = (name: string) =>
  string()
    .typeError(`${name} must be a date like 2026-11-29`)
    .trim()
    .matches(/^\d{4}-\d{2}-\d{2}$/, `${name} must be a date like 2026-11-29`)
    .test('real-date', `${name} must be a real date`, (value) => value === undefined || !Number.isNaN(Date.parse(`${value}T00:00:00Z`)))
    .optional();

/** GET /api/admin/audit: newest first, a page at a time; `actor`, `action` and `target` match from their start. */
export const adminAuditQuerySchema = object({
  actor: string().typeError('actor must be text').trim().max(200, 'actor is too long').optional(),
  action: string().typeError('action must be text').trim().max(64, 'action is too long').optional(),
  target: string().typeError('target must be text').trim().max(200, 'target is too long').optional(),
  outcome: mixed<AuditOutcomeName>().oneOf([...AUDIT_OUTCOMES], `outcome must be one of ${AUDIT_OUTCOMES.join(', ')}`).optional(),
  from: isoDate('from'),
  to: isoDate('to'),
  limit: number().typeError('limit must be a number').integer('limit must be a whole number').min(1, 'limit must be at least 1').max(200, 'limit must be at most 200').optional(),
  /** the previous page's `next` */
  before: string().typeError('before must be text').trim().matches(/^\d{1,19}$/, 'before must be the previous page\'s next').optional(),
});
export type AdminAuditQuery = InferType<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = object({
  id: string().required(),
  at: string().required(),
  actor: string().required(),
  /** staff, api-key, or cli */
  actorKind: string().required(),
  action: string().required(),
  target: string().nullable().defined(),
  outcome: string().required(),
  detail: string().nullable().defined(),
  before: mixed().nullable(),
  after: mixed().nullable(),
});
export type AdminAuditEntry = InferType<typeof adminAuditEntrySchema>;
export const adminAuditResponseSchema = object({ entries: array(adminAuditEntrySchema.required()).required(), next: string().nullable().defined() });
export type AdminAuditResponse = InferType<typeof adminAuditResponseSchema>;

// --- the dashboard ---

export const adminDashboardResponseSchema = object({
  /** the business's day in UTC */
  today: object({ date: string().required(), orders: number().integer().required(), takingsCents: number().integer().required() }).required(),
  payments: object({ pending: number().integer().required(), onHold: number().integer().required() }).required(),
  /** quotes sent and not yet ordered */
  quotes: object({ open: number().integer().required() }).required(),
  /** the oldest e-mail still waiting to go out, null when none is */
  oldestQueuedEmail: object({ at: string().required(), ageSeconds: number().integer().required(), kind: string().required() }).nullable().defined(),
  deadLetters: object({ emails: number().integer().required() }).required(),
});
export type AdminDashboardResponse = InferType<typeof adminDashboardResponseSchema>;

// --- quotes (the back office's view of one) ---

/**
 * Where a quote stands, as staff read it: `draft` no link yet; `sent` a live link nobody has opened;
 * `viewed` its live link was opened; `paid_in_part` a deposit (first instalment) was paid; `ordered`
 * paid in full; `expired` no live link (each expired or was revoked) and nothing paid.
 */
export const QUOTE_STATES = ['draft', 'sent', 'viewed', 'paid_in_part', 'ordered', 'expired'] as const;
export type QuoteState = (typeof QUOTE_STATES)[number];

export const adminQuoteDetailSchema = object({
  /** the quote as the customer's pages show it (amounts computed by the server) */
  quote: mixed<Quote>().required(),
  state: mixed<QuoteState>().oneOf([...QUOTE_STATES]).required(),
  /** every payment link, newest first (the token itself is never stored, so never shown again) */
  links: array(
    object({
      createdAt: string().required(),
      expiresAt: string().required(),
      revokedAt: string().nullable().defined(),
      viewedAt: string().nullable().defined(),
      live: boolean().required(),
    }).required(),
  ).required(),
  /** the order the quote became once a payment was made, null before */
  order: object({ number: string().required(), status: string().required(), paidCents: number().integer().required(), dueCents: number().integer().required() }).nullable().defined(),
  /** may staff still change it (no payment has been started on it) */
  editable: boolean().required(),
});
export type AdminQuoteDetail = InferType<typeof adminQuoteDetailSchema>;

/** POST /api/admin/quotes/:quote/links/revoke's answer */
export const adminRevokeLinksResponseSchema = object({ revoked: number().integer().required(), quote: adminQuoteDetailSchema.required() });
export type AdminRevokeLinksResponse = InferType<typeof adminRevokeLinksResponseSchema>;
