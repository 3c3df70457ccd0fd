import {
  ADMIN_MESSAGES,
  ADMIN_PAGE,
  adminCreateQuoteRequestSchema,
  adminIssueLinkRequestSchema,
  adminOrderListQuerySchema,
  adminOrderListResponseSchema,
  adminOrderParamsSchema,
  adminPaymentLinkResponseSchema,
  adminQuoteListQuerySchema,
  adminQuoteListResponseSchema,
  adminQuoteParamsSchema,
  adminSplitPaymentRequestSchema,
  adminSplitPaymentResponseSchema,
} from './schemas.js';
import { defineRoute } from '../http/route.js';

const invalidQuote = (first: string, path: string) => (path === '_' ? first : `${path}: ${first}`);

/**
 * The back office over HTTP (orders service; the gateway routes /api/admin* to it): the operations
 * of `npm run -s backoffice`, on the same functions, answering what the commands print.
 */
export const adminRoutes = {
  createQuote: defineRoute({
    method: 'POST',
    path: '/api/admin/quotes',
    service: 'orders',
    access: 'admin',
    tag: 'admin',
    summary: 'Create a quote and its payment link (`quote create`)',
    description:
      'The body is a quote as the back office\'s quote file writes it (prices in dollars; totals are computed by the server), with an optional link lifetime. ' +
      'Answers what `quote create` prints; the token is shown only here. 400 with `errors` per field for a quote that breaks a rule.',
    body: adminCreateQuoteRequestSchema,
    response: adminPaymentLinkResponseSchema,
    status: 201,
    invalidMessage: invalidQuote,
  }),
  issueLink: defineRoute({
    method: 'POST',
    path: '/api/admin/quotes/:quote/links',
    service: 'orders',
    access: 'admin',
    tag: 'admin',
    summary: 'A new payment link for a quote, by id or number (`quote link`); the previous link stops working',
    description: `404 '${ADMIN_MESSAGES.quoteNotFound}' for an unknown quote; 409 for a quote already ordered.`,
    params: adminQuoteParamsSchema,
    body: adminIssueLinkRequestSchema,
    response: adminPaymentLinkResponseSchema,
    status: 201,
  }),
  listQuotes: defineRoute({
    method: 'GET',
    path: '/api/admin/quotes',
    service: 'orders',
    access: 'admin',
    tag: 'admin',
    summary: 'The quotes, newest first, a page at a time (`quote list`)',
    description: `\`limit\` (default ${ADMIN_PAGE.defaultLimit}, at most ${ADMIN_PAGE.maxLimit}); \`next\` names the page's last quote: pass it as \`after\` for the following page (null on the last).`,
    query: adminQuoteListQuerySchema,
    response: adminQuoteListResponseSchema,
    rateLimited: true,
  }),
  listOrders: defineRoute({
    method: 'GET',
    path: '/api/admin/orders',
    service: 'orders',
    access: 'admin',
    tag: 'admin',
    summary: 'The orders, newest first, optionally of one status, a page at a time (`order list`)',
    description: `\`limit\` (default ${ADMIN_PAGE.defaultLimit}, at most ${ADMIN_PAGE.maxLimit}); \`next\` names the page's last order: pass it as \`after\` for the following page (null on the last).`,
    query: adminOrderListQuerySchema,
    response: adminOrderListResponseSchema,
    rateLimited: true,
  }),
  splitPayment: defineRoute({
    method: 'POST',
    path: '/api/admin/orders/:order/split-payment',
    service: 'orders',
    access: 'admin',
    tag: 'admin',
    summary: 'Turn split payment on for an order, by id or number, with a minimum payment in dollars (`order split`)',
    description: `404 '${ADMIN_MESSAGES.orderNotFound}' for an unknown order; 409 for an order paid in full or a minimum not below its total.`,
    params: adminOrderParamsSchema,
    body: adminSplitPaymentRequestSchema,
    response: adminSplitPaymentResponseSchema,
  }),
} as const;
