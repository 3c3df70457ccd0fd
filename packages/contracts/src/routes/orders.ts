import { defineRoute } from '../http/route.js';
import { cartSummaryRequestSchema } from '../cart.js';
import { paymentResultReportSchema, shippingRateRequestSchema, taxRequestSchema, updateOrderRequestSchema } from '../checkout.js';
import { sendEmailRequestSchema } from '../email.js';
import { queueFormEmailsRequestSchema } from '../form-notifications.js';
import { CORRECT_FIELDS_MESSAGE, createOrderRequestSchema, orderIdParamsSchema } from '../orders.js';
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
    idempotent: true,
    invalidMessage: CORRECT_FIELDS_MESSAGE,
  }),
  view: defineRoute({
    method: 'GET',
    path: '/api/order/view/:id',
    service: 'orders',
    access: 'public',
    summary: 'One order by its id',
    params: orderIdParamsSchema,
  }),
  shippingRate: defineRoute({
    method: 'POST',
    path: '/api/order/shipping-rate',
    service: 'orders',
    access: 'public',
    summary: "The shipping method and rate for a destination and cart size (the checkout's shipping panel)",
    body: shippingRateRequestSchema,
    invalidMessage: (first) => `Invalid shipping-rate request: ${first}`,
  }),
  tax: defineRoute({
    method: 'POST',
    path: '/api/order/tax',
    service: 'orders',
    access: 'public',
    summary: 'Tax per cart line and on shipping for a destination, priced from the catalog',
    body: taxRequestSchema,
    invalidMessage: (first) => `Invalid tax request: ${first}`,
  }),
  checkoutLocations: defineRoute({
    method: 'GET',
    path: '/api/order/checkout-locations',
    service: 'orders',
    access: 'public',
    summary: 'Countries and US states the checkout offers (cached an hour by browsers and the gateway)',
  }),
  sendEmail: defineRoute({
    method: 'POST',
    path: '/api/email/send-email',
    service: 'orders',
    access: 'public',
    summary: "Queue a paid order's e-mail (spec shape); recipients and content come from the stored order, never the body",
    description: '202 when newly queued, 200 when it already was. Only `type` and `data.orderId` are read.',
    body: sendEmailRequestSchema,
  }),
  payable: defineRoute({
    method: 'GET',
    path: '/internal/orders/:id/payable',
    service: 'orders',
    access: 'internal',
    summary: "What the payments service may charge for an order: its amount due, from the database",
    params: orderIdParamsSchema,
  }),
  paymentResult: defineRoute({
    method: 'POST',
    path: '/internal/orders/:id/payment-result',
    service: 'orders',
    access: 'internal',
    summary: "A payment's verified result (the only way an order becomes 'ordered'); the same attempt reported again is applied once",
    params: orderIdParamsSchema,
    body: paymentResultReportSchema,
    invalidMessage: (first) => `Invalid payment result: ${first}`,
  }),
  queueFormEmails: defineRoute({
    method: 'POST',
    path: '/internal/email/queue',
    service: 'orders',
    access: 'internal',
    summary: "The forms service's rendered e-mails into the outbox (once per dedupe key)",
    body: queueFormEmailsRequestSchema,
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
