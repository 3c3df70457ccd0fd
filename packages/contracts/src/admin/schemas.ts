import { array, boolean, type InferType, mixed, number, object, string } from 'yup';
import { createQuoteRequestSchema, QUOTE_STATUSES, quoteSchema, type AddressType, type PaymentStatus, type QuoteStatus } from '../quotes/schemas.js';

/** The orders' and quotes' vocabulary the back office's answers carry, named from here so built declarations import it from this domain, not the package index (a cycle). */
export type { AddressType, PaymentStatus, QuoteStatus };

/**
 * The back office over HTTP (/api/admin/*): the same operations as the
 * `npm run -s backoffice` commands, answering the JSON they print. Access `admin`:
 * `Authorization: Bearer <API key>`, a key `npm run -s backoffice -- api-keys create` issued; switched
 * off (404) while no key is active. Throttled per client address before the key is checked.
 */

export const ADMIN_MESSAGES = {
  quoteNotFound: 'Quote not found.',
  orderNotFound: 'Order not found.',
  keyRequired: 'A valid admin API key is required: send Authorization: Bearer <API key>.',
  keyRevoked: 'This admin API key has been revoked.',
  tooManyFailedKeys: 'Too many failed admin API key attempts from this address. Please try again later.',
} as const;

/** A link's lifetime as the CLI's --expires-in writes it: a whole number and s, m, h or d (at most 365d). */
export const EXPIRES_IN_PATTERN = /^\d{1,6}[smhd]$/;
const MAX_LINK_LIFETIME_MS = 365 * 86_400_000;

const linkLifetime = {
  /** like the CLI's --expires-in: `30m`, `14d` (default 14 days) */
  expiresIn: string()
    .typeError('expiresIn must be text like 30m or 14d')
    .trim()
    .matches(EXPIRES_IN_PATTERN, 'expiresIn must be a whole number and a unit s, m, h or d, like 30m or 14d')
    .optional(),
  /** the same in milliseconds (expiresIn wins when both are sent) */
  expiresInMs: number()
    .typeError('expiresInMs must be a number of milliseconds')
    .integer('expiresInMs must be a whole number of milliseconds')
    .moreThan(0, 'expiresInMs must be more than 0')
    .max(MAX_LINK_LIFETIME_MS, 'expiresInMs must be at most 365 days')
    .optional(),
  /** like the CLI's --send: e-mail the link to the quote's customer (queued with the link, in one transaction) */
  send: boolean().typeError('send must be true or false').optional(),
};

/** POST /api/admin/quotes: a quote as the back office's quote file writes it, its link's lifetime and `send`. */
export const adminCreateQuoteRequestSchema = createQuoteRequestSchema.shape(linkLifetime);
export type AdminCreateQuoteRequest = InferType<typeof adminCreateQuoteRequestSchema>;

/** PUT /api/admin/quotes/:quote: the quote as staff write it (no link options: a link is issued on its own). */
export const adminQuoteEditRequestSchema = createQuoteRequestSchema;
export type AdminQuoteEditRequest = InferType<typeof adminQuoteEditRequestSchema>;

/** POST /api/admin/quotes/:quote/links: the new link's lifetime and `send` (the body may be empty). */
export const adminIssueLinkRequestSchema = object(linkLifetime);
export type AdminIssueLinkRequest = InferType<typeof adminIssueLinkRequestSchema>;

/** `:quote`: a quote's id or its number. */
export const adminQuoteParamsSchema = object({ quote: string().trim().required('quote is required') });
/** `:order`: an order's id or its number (SF-100013, any case). */
export const adminOrderParamsSchema = object({ order: string().trim().required('order is required') });

/** What `quote create` and `quote link` print: the token is shown once (only its hash is stored). */
export const adminPaymentLinkResponseSchema = object({
  quoteId: string().required(),
  quoteIncrementId: string().required(),
  token: string().required(),
  expiresAt: string().required(),
  /**
   * The absolute link to paste into an e-mail: the site's address (PUBLIC_URL, else PUBLIC_SITE_URL,
   * else the local gateway's `http://localhost:<PORT>`) and `paymentPath`.
   */
  paymentLink: string().required(),
  /** `/quote/payment?quoteId={id}&token={token}` */
  paymentPath: string().required(),
  /** with `send`: the link's e-mail to the customer is queued */
  emailQueued: boolean().optional(),
});
export type AdminPaymentLinkResponse = InferType<typeof adminPaymentLinkResponseSchema>;

/** A page of an admin list: 50 by default, at most 200. */
export const ADMIN_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

const pageLimit = number()
  .typeError('limit must be a number')
  .integer('limit must be a whole number')
  .min(1, 'limit must be at least 1')
  .max(ADMIN_PAGE.maxLimit, `limit must be at most ${ADMIN_PAGE.maxLimit}`)
  .optional();

/** The next page starts after this item (the `next` of the previous page). */
const pageAfter = string().typeError('after must be text').trim().max(64, 'after is too long').optional();

/** `next`: the cursor of the following page (pass it as `after`), null on the last page. */
const pageNext = string().nullable().defined();

/** GET /api/admin/quotes?status&limit&after: newest first, a page at a time. */
export const adminQuoteListQuerySchema = object({
  status: mixed<QuoteStatus>().oneOf([...QUOTE_STATUSES], `status must be one of ${QUOTE_STATUSES.join(', ')}`).optional(),
  limit: pageLimit,
  /** a quote number (Q-100001) or id: the page starts after it */
  after: pageAfter,
});
export type AdminQuoteListQuery = InferType<typeof adminQuoteListQuerySchema>;

export const adminQuoteListResponseSchema = object({ quotes: array(quoteSchema).required(), next: pageNext });
export type AdminQuoteListResponse = InferType<typeof adminQuoteListResponseSchema>;

/** GET /api/admin/orders?q&status&paymentStatus&from&to&limit&after: newest first, a page at a time. */
export const adminOrderListQuerySchema = object({
  /** an order number (SF-100013, or its digits), an e-mail address, or a customer's name: matched from the start */
  q: string().typeError('q must be text').trim().max(100, 'The search must be at most 100 characters').optional(),
  status: string().typeError('status must be text').trim().max(64, 'status is too long').optional(),
  paymentStatus: string().typeError('paymentStatus must be text').trim().max(32, 'paymentStatus is too long').optional(),
  /** placed on or after this day (UTC), 2026-11-29 */
  from: string().typeError('from must be a date like 2026-11-29').trim().matches(/^\d{4}-\d{2}-\d{2}$/, 'from must be a date like 2026-11-29').optional(),
  /** placed on or before this day (UTC) */
  to: string().typeError('to must be a date like 2026-11-29').trim().matches(/^\d{4}-\d{2}-\d{2}$/, 'to must be a date like 2026-11-29').optional(),
  limit: pageLimit,
  /** an order number (SF-100013) or id: the page starts after it */
  after: pageAfter,
});
export type AdminOrderListQuery = InferType<typeof adminOrderListQuerySchema>;

/** GET /api/admin/orders.csv: the list's filters, every match. */
export const adminOrderCsvQuerySchema = adminOrderListQuerySchema.omit(['limit', 'after']);
export type AdminOrderCsvQuery = InferType<typeof adminOrderCsvQuerySchema>;

/** An order as the back office prints it: amounts in dollars as shoppers see them, and in cents. */
export const adminOrderSummarySchema = object({
  number: string().required(),
  id: string().required(),
  date: string().required(),
  email: string().required(),
  customerName: string().required(),
  status: string().required(),
  paymentStatus: string().required(),
  total: string().required(),
  totalCents: number().integer().required(),
  splitPaymentEnabled: boolean().required(),
  minimumSplitAmount: string().nullable().defined(),
  minimumSplitAmountCents: number().integer().nullable().defined(),
});
export type AdminOrderSummary = InferType<typeof adminOrderSummarySchema>;

export const adminOrderListResponseSchema = object({ orders: array(adminOrderSummarySchema).required(), next: pageNext });
export type AdminOrderListResponse = InferType<typeof adminOrderListResponseSchema>;

/** POST /api/admin/orders/:order/split-payment: the minimum payment, in dollars (250 or "250.00"). */
export const adminSplitPaymentRequestSchema = object({
  minimumSplitAmount: number()
    .typeError('Minimum split amount must be an amount in dollars like 250 or 250.00')
    .required('Minimum split amount is required')
    .moreThan(0, 'Minimum split amount must be more than $0.00')
    .test('cents', 'Minimum split amount must have at most 2 decimals', (value) => value === undefined || Math.abs(Math.round(value * 100) - value * 100) < 1e-6),
});
export type AdminSplitPaymentRequest = InferType<typeof adminSplitPaymentRequestSchema>;

/** `order split`'s answer: the order's new state and what is still due. */
export const adminSplitPaymentResponseSchema = adminOrderSummarySchema.shape({
  amountDue: string().required(),
  amountDueCents: number().integer().required(),
});
export type AdminSplitPaymentResponse = InferType<typeof adminSplitPaymentResponseSchema>;
