import { defineRoute } from '../http/route.js';
import { cartSummaryRequestSchema, cartSummarySchema } from '../checkout/cart.js';
import {
  checkoutLocationsSchema,
  createOrderResponseSchema,
  payableOrderQuerySchema,
  payableOrderSchema,
  paymentResultReportSchema,
  paymentResultResponseSchema,
  shippingRateRequestSchema,
  shippingRateResponseSchema,
  taxRequestSchema,
  taxResponseSchema,
  updateOrderRequestSchema,
  updateOrderResponseSchema,
} from '../checkout/schemas.js';
import { mailboxMessagesSchema, sendEmailRequestSchema, sendEmailResponseSchema } from './email.js';
import { queueFormEmailsRequestSchema, queueFormEmailsResponseSchema } from '../forms/notifications.js';
import { CORRECT_FIELDS_MESSAGE, createOrderRequestSchema, orderIdParamsSchema, orderViewQuerySchema, orderResponseSchema } from './schemas.js';
import {
  ORDER_LOOKUP_MESSAGES,
  orderLookupParamsSchema,
  orderLookupQuerySchema,
  splitPaymentParamsSchema,
  splitPaymentRequestSchema,
  splitPaymentLookupResponseSchema,
  splitPaymentResponseSchema,
} from '../payments/split-payment.js';
import { object, string } from 'yup';

const DEV_MAILBOX = 'The local mailbox: where e-mails land when no SMTP_URL is set (development and tests); gone once SMTP is configured.';

/** Orders, the checkout's lookups, e-mail and the orders service's internal API (orders service). */
export const orderRoutes = {
  cartSummary: defineRoute({
    method: 'POST',
    path: '/api/order/cart-summary',
    service: 'orders',
    access: 'public',
    summary: 'What a cart costs, priced by the server from the catalog (and shipping and tax once the destination is known)',
    body: cartSummaryRequestSchema,
    response: cartSummarySchema,
    invalidMessage: (first) => `Invalid cart: ${first}`,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/order',
    service: 'orders',
    access: 'public',
    summary: 'Place an order (pending until paid): priced by the server; answers the order and its order token (once)',
    description: "Errors are keyed by the checkout form's field names (bill_zip, ship_first_name, ...). Amounts are never read from the body.",
    status: 201,
    body: createOrderRequestSchema,
    response: createOrderResponseSchema,
    idempotent: true,
    invalidMessage: CORRECT_FIELDS_MESSAGE,
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/order',
    service: 'orders',
    access: 'orderToken',
    summary: 'Change the retained order before paying it (after a failed payment): priced again, its payment reset to pending',
    description: 'A body naming any field a browser may not change (status, payments, amounts, ...) is refused as a whole (errorType forbiddenFields).',
    body: updateOrderRequestSchema,
    response: updateOrderResponseSchema,
    idempotent: true,
    invalidMessage: CORRECT_FIELDS_MESSAGE,
  }),
  view: defineRoute({
    method: 'GET',
    path: '/api/order/view/:id',
    service: 'orders',
    access: 'orderToken',
    summary: "One order by its id, for whoever holds its proof: the order token (X-Order-Token, answered once by the create) or the view token of the link in the confirmation e-mail (?token=)",
    description: "Without a matching token the answer is 404, the same as for an order that does not exist: an order id alone shows nobody's names, addresses or card.",
    params: orderIdParamsSchema,
    query: orderViewQuerySchema,
    response: orderResponseSchema,
  }),
  shippingRate: defineRoute({
    method: 'POST',
    path: '/api/order/shipping-rate',
    service: 'orders',
    access: 'public',
    summary: "The shipping method and rate for a destination and cart size (the checkout's shipping panel)",
    body: shippingRateRequestSchema,
    response: shippingRateResponseSchema,
    invalidMessage: (first) => `Invalid shipping-rate request: ${first}`,
  }),
  tax: defineRoute({
    method: 'POST',
    path: '/api/order/tax',
    service: 'orders',
    access: 'public',
    summary: 'Tax per cart line and on shipping for a destination, priced from the catalog',
    body: taxRequestSchema,
    response: taxResponseSchema,
    invalidMessage: (first) => `Invalid tax request: ${first}`,
  }),
  checkoutLocations: defineRoute({
    method: 'GET',
    path: '/api/order/checkout-locations',
    service: 'orders',
    access: 'public',
    summary: 'Countries and US states the checkout offers (cached an hour by browsers and the gateway)',
    response: checkoutLocationsSchema,
  }),
  sendEmail: defineRoute({
    method: 'POST',
    path: '/api/email/send-email',
    service: 'orders',
    access: 'public',
    summary: "Queue a paid order's e-mail (spec shape); recipients and content come from the stored order, never the body",
    description:
      'Always 202 with the same message for a well-formed request, answered before the order is looked at: whether an order exists, is paid or has split payment is not revealed. ' +
      'A paid order whose e-mail was not queued yet gets it queued (once). Only `type` and `data.orderId` are read.',
    body: sendEmailRequestSchema,
    response: sendEmailResponseSchema,
  }),
  lookup: defineRoute({
    method: 'GET',
    path: '/api/order/:orderId',
    service: 'orders',
    access: 'public',
    summary: "The split-payment page's figures of an order, by its number (SF-100013) or id and its e-mail (spec: no login, the e-mail is the proof)",
    description:
      'Answers only an order with split payment and a balance left, and only what the split-payment page shows (totals, minimum split amount, amount received, amount due). ' +
      `An unknown order, a wrong e-mail, an order without split payment and a paid order answer alike: 404 '${ORDER_LOOKUP_MESSAGES.orderNotFound}' (errorType orderNotExist). ` +
      `Rate-limited per client address, and per order number and per e-mail whoever asks (429 '${ORDER_LOOKUP_MESSAGES.tooManyLookups}' with Retry-After); answered \`Cache-Control: private, no-store\`.`,
    params: orderLookupParamsSchema,
    query: orderLookupQuerySchema,
    response: splitPaymentLookupResponseSchema,
    rateLimited: true,
  }),
  splitPayment: defineRoute({
    method: 'POST',
    path: '/api/order/:id/split-payment',
    service: 'orders',
    access: 'public',
    summary: "Confirms an instalment paid on the split-payment page and answers the order as it is now (spec shape: id and payments list, plus the order's e-mail)",
    description:
      'The payment itself is recorded when the payments service verifies it with the gateway (and the split-payment confirmation e-mail is queued then, once); ' +
      `this call only accepts a transaction so verified for this order, else 400 '${ORDER_LOOKUP_MESSAGES.paymentNotVerified}'. A wrong e-mail, or an order without split payment, answers 404 like an unknown order; ` +
      'limited like the lookup. The answer has the same figures as the lookup.',
    params: splitPaymentParamsSchema,
    body: splitPaymentRequestSchema,
    response: splitPaymentResponseSchema,
    rateLimited: true,
  }),
  payable: defineRoute({
    method: 'GET',
    path: '/internal/orders/:id/payable',
    service: 'orders',
    access: 'internal',
    callers: ['payments'],
    summary: "What the payments service may charge for an order: its amount due (or a checked instalment of it), from the database",
    params: orderIdParamsSchema,
    query: payableOrderQuerySchema,
    response: payableOrderSchema,
  }),
  paymentResult: defineRoute({
    method: 'POST',
    path: '/internal/orders/:id/payment-result',
    service: 'orders',
    access: 'internal',
    callers: ['payments'],
    summary:
      "A payment's verified result (the only way an order becomes 'ordered'); the same attempt reported again is applied once. " +
      'Answers the order as the report left it, or only `{ success: true }` to `Prefer: return=minimal` (what the payments service sends)',
    params: orderIdParamsSchema,
    body: paymentResultReportSchema,
    response: paymentResultResponseSchema,
    invalidMessage: (first) => `Invalid payment result: ${first}`,
  }),
  queueFormEmails: defineRoute({
    method: 'POST',
    path: '/internal/email/queue',
    service: 'orders',
    access: 'internal',
    callers: ['forms'],
    summary: "The forms service's rendered e-mails into the outbox (once per dedupe key)",
    body: queueFormEmailsRequestSchema,
    response: queueFormEmailsResponseSchema,
    // which e-mail of the batch: "emails[1]: recipient must be an e-mail address"
    invalidMessage: (first, path) => (/^emails\[\d+\]\./.test(path) ? `${path.slice(0, path.indexOf('.'))}: ${first}` : first),
  }),
  mailbox: defineRoute({
    method: 'GET',
    path: '/dev/mailbox',
    service: 'orders',
    access: 'development',
    summary: 'The local mailbox, as a page',
    description: DEV_MAILBOX,
    produces: 'text/html',
  }),
  mailboxMessages: defineRoute({
    method: 'GET',
    path: '/dev/mailbox/messages.json',
    service: 'orders',
    access: 'development',
    summary: 'The local mailbox: the latest e-mails ({to, cc, subject, text, html, sentAt})',
    description: DEV_MAILBOX,
    response: mailboxMessagesSchema,
  }),
  mailboxMessage: defineRoute({
    method: 'GET',
    path: '/dev/mailbox/messages/:id',
    service: 'orders',
    access: 'development',
    summary: "One e-mail of the local mailbox, as its HTML",
    description: DEV_MAILBOX,
    params: object({ id: string().required() }),
    produces: 'text/html',
  }),
} as const;
