import { defineRoute } from '../http/route.js';
import { QUOTE_MESSAGES, quoteIdParamsSchema, quoteLinkQuerySchema, quoteResponseSchema, quoteViewQuerySchema } from '../quotes.js';

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
} as const;
