import { defineRoute } from '../http/route.js';
import {
  QUOTE_MESSAGES,
  convertToOrderRequestSchema,
  convertToOrderResponseSchema,
  quoteIdParamsSchema,
  quoteLinkQuerySchema,
  quotePaymentOrderRequestSchema,
  quotePaymentOrderResponseSchema,
  quoteResponseSchema,
  quoteViewQuerySchema,
} from './schemas.js';

/** Quotes paid by link (orders service, which owns quotes; the gateway routes /api/quote* to it). */
export const quoteRoutes = {
  byLink: defineRoute({
    method: 'GET',
    path: '/api/quote',
    service: 'orders',
    access: 'public',
    summary: "A quote for whoever holds its payment link (/quote/payment?quoteId={id}&token={token}): the quote payment page's data",
    description:
      "400 with errorType `tokenExpired` ('" +
      QUOTE_MESSAGES.linkExpired +
      "') for a link past its expiry, or `quoteNotExist` ('" +
      QUOTE_MESSAGES.linkNotFound +
      "') for an unknown or malformed quote id and for a wrong or revoked token alike, so a guess learns nothing. Rate-limited per client address; answered `Cache-Control: private, no-store`.",
    query: quoteLinkQuerySchema,
    response: quoteResponseSchema,
    rateLimited: true,
  }),
  view: defineRoute({
    method: 'GET',
    path: '/api/quote/view/:id',
    service: 'orders',
    access: 'public',
    summary: "One quote by its id, for whoever holds its payment link's token (?token=): the quote view page's data",
    description: `Without a current token of that quote (missing, wrong, revoked or expired) the answer is 404 '${QUOTE_MESSAGES.notFound}', the same as for a quote that does not exist. Rate-limited per client address; answered \`Cache-Control: private, no-store\`.`,
    params: quoteIdParamsSchema,
    query: quoteViewQuerySchema,
    response: quoteResponseSchema,
    rateLimited: true,
  }),
  paymentOrder: defineRoute({
    method: 'POST',
    path: '/api/quote/payment-order',
    service: 'orders',
    access: 'public',
    summary: "The order a quote link pays: made from the quote's items, prices and addresses on the first Pay Now (pending payment), the same order on every later one",
    description:
      "The link's token is the order's token (X-Order-Token for POST /api/payment/attempts). The quote becomes `ordered` only when a payment of that order is verified with the gateway. " +
      `400 tokenExpired / quoteNotExist as GET /api/quote; 409 quoteOrdered ('${QUOTE_MESSAGES.alreadyOrdered}') once it is paid in full. Rate-limited per client address.`,
    body: quotePaymentOrderRequestSchema,
    response: quotePaymentOrderResponseSchema,
    rateLimited: true,
  }),
  convertToOrder: defineRoute({
    method: 'POST',
    path: '/api/quote/convertToOrder',
    service: 'orders',
    access: 'public',
    summary: "The spec's conversion call: answers the order a verified payment of the quote made (the conversion happens on the server when the payment is verified, never on this call's word)",
    description: `Only a transaction the payments service verified for the quote's order is accepted, else 400 '${QUOTE_MESSAGES.paymentNotVerified}'. Needs the link's token. Rate-limited per client address.`,
    body: convertToOrderRequestSchema,
    response: convertToOrderResponseSchema,
    rateLimited: true,
  }),
} as const;
