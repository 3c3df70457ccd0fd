/**
 * The checkout's API shapes beyond creating an order: updating the retained order, the shipping-rate
 * and tax lookups, the order token and the idempotency header. Shared by mf-checkout and the orders
 * and payments services.
 */
import type { PayableMethodName } from '../payments/schemas.js';
import { array, boolean, mixed, number, object, string, ValidationError, type InferType } from 'yup';
import { cents } from '../rules/field-rules.js';
import { isPlainObject } from '../rules/plain-object.js';
import { cartLinesSchema } from './cart.js';
import { ORDER_MESSAGES, PAYMENT_STATUSES, createOrderRequestSchema, orderSchema, type PaymentStatus } from '../orders/schemas.js';

export type { CheckoutPageAction, CheckoutPageVariant, CheckoutPagesContent } from '../content-files/commerce.js';

// The headers live beside the API client, which sends them, free of this module's schemas.
export { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, ORDER_TOKEN_HEADER, newIdempotencyKey } from '../http/headers.js';

/**
 * POST /api/order answer (201). A replay of the same Idempotency-Key answers the first answer's
 * status and body unchanged, with the header `Idempotent-Replayed: true`.
 */
export const createOrderResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  status: mixed<200 | 201>().oneOf([200, 201]).required(),
  data: orderSchema.required(),
  /** present on the create answer only (and its replays); never stored in clear on the server */
  orderToken: string().defined(),
});
export type CreateOrderResponse = InferType<typeof createOrderResponseSchema>;

/**
 * PATCH /api/order body: the retained order's id plus what a shopper may change before paying
 * (who, what, where, how to pay). Everything else on an order (status, state, payments, history,
 * emailSent, amounts, recipients) is the server's: a body naming any of those fields is refused
 * with 400 and `errorType: 'forbiddenFields'`.
 */
export const updateOrderRequestSchema = createOrderRequestSchema
  .shape({
    id: string()
      .trim()
      .default('')
      .test('order-id', function (id) {
        return id !== '' || this.createError({ message: ORDER_MESSAGES.idRequired, params: { errorType: 'orderIdRequired' } });
      }),
  })
  .test('browser-fields', function () {
    // The pipe drops unknown keys before tests run, so the refusal reads what was sent.
    const sent = this.originalValue as Record<string, unknown> | undefined;
    const forbidden = Object.keys(sent ?? {}).filter((key) => !BROWSER_FIELDS.has(key));
    if (forbidden.length === 0) return true;
    const requestMessage = FORBIDDEN_FIELDS_MESSAGE(forbidden);
    return new ValidationError(
      forbidden.map((field) => this.createError({ path: field, message: 'This field cannot be changed', params: { errorType: 'forbiddenFields', requestMessage } })),
    );
  });
export type UpdateOrderRequest = InferType<typeof updateOrderRequestSchema>;

/** Fields a browser may send in PATCH /api/order; any other top-level key is refused. */
export const ORDER_FIELDS_A_BROWSER_MAY_CHANGE = [
  'id',
  'email',
  'firstName',
  'lastName',
  'items',
  'addresses',
  'paymentMethod',
  'additionalNotes',
  'customerId',
] as const;
const BROWSER_FIELDS: ReadonlySet<string> = new Set(ORDER_FIELDS_A_BROWSER_MAY_CHANGE);

export const FORBIDDEN_FIELDS_MESSAGE = (fields: readonly string[]): string =>
  `These fields are set by the store and cannot be changed: ${fields.join(', ')}.`;

/**
 * PATCH /api/order answer (spec §6: success, order, adminEmail). `adminEmail` is the list the server
 * sends the admin e-mail to (first as recipient, the rest cc; content's settings/notifications.json),
 * so an integration written to the spec learns the recipients (review rows 14.3, 15.18). The browser
 * sends no e-mail with it: the server queues the e-mails itself. Only the order token's holder gets it.
 */
export const updateOrderResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  order: orderSchema.required(),
  adminEmail: array(string().required()).required(),
});
export type UpdateOrderResponse = InferType<typeof updateOrderResponseSchema>;

/** POST /api/order/shipping-rate: the shipping-rate lookup (inputs subtotal, country, state, zip). */
/** Beyond any sample cart or cabinet order; keeps nonsense numbers out of the shipping and tax rules. */
export const MAX_LOOKUP_AMOUNT = 100_000_000;
const MAX_LOOKUP_ITEM_COUNT = 10_000;

/** country (required, ISO code), state and zip of a shipping or tax lookup, upper-cased as the rules compare them. */
const lookupDestinationShape = {
  country: string().trim().uppercase().required('country is required').max(2, 'country must be a two-letter code'),
  state: string().trim().uppercase().max(64, 'state must be text').optional(),
  zip: string().trim().max(10, 'zip must be text').optional(),
};

/** Cents in the checkout's lookups (the order's own amounts come from the server). */
function lookupAmount(name: string) {
  const message = `${name} must be a whole number of cents, 0 or more`;
  // strict: an amount is a JSON number, never text that looks like one
  return cents(message).strict().typeError(message).required(message).min(0, message).max(MAX_LOOKUP_AMOUNT, message);
}

/** POST /api/order/shipping-rate: what the shipping panel shows for a destination and cart size. */
export const shippingRateRequestSchema = object({
  subtotal: lookupAmount('subtotal'),
  ...lookupDestinationShape,
  /** number of items, for per-item rates */
  itemCount: number()
    .typeError('itemCount must be a whole number of at least 1')
    .integer('itemCount must be a whole number of at least 1')
    .min(1, 'itemCount must be a whole number of at least 1')
    .max(MAX_LOOKUP_ITEM_COUNT, 'itemCount must be a whole number of at least 1')
    .default(1),
});
export type ShippingRateRequest = InferType<typeof shippingRateRequestSchema>;

export const shippingRateResponseSchema = object({
  /** false when nothing ships to the address */
  success: boolean().required(),
  /** `type` 'no-methods' when nothing ships to the address (then `message` is the spec's text) */
  shippingMethod: object({
    type: string().required(),
    displayName: string().defined(),
    description: string().optional(),
    rate: cents().required(),
  }).required(),
  message: string().optional(),
});
export type ShippingRateResponse = InferType<typeof shippingRateResponseSchema>;

/** POST /api/order/tax: the tax calculation (country, state, zip, cart items, shipping cost). */
export const taxRequestSchema = object({
  ...lookupDestinationShape,
  /** priced by the server from the catalog; a price sent along is ignored */
  items: cartLinesSchema,
  shippingCost: lookupAmount('shippingCost'),
});
export type TaxRequest = InferType<typeof taxRequestSchema>;

export const taxResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  /** per cart line: the tax on one unit (`taxAmount`) and on the line (`rowTaxAmount`) */
  taxItems: array(
    object({ sku: string().required(), taxAmount: cents().required(), taxPercent: number().required(), rowTaxAmount: cents().required() }).required(),
  ).required(),
  shippingTaxAmount: cents().required(),
  taxSubTotal: cents().required(),
  taxTotal: cents().required(),
  taxPercent: number().required(),
});
export type TaxResponse = InferType<typeof taxResponseSchema>;

export { ORDER_VIEW_PATH, orderViewPath } from '../site/paths.js';
export { ORDER_SUCCESS_STORAGE_KEY, RETAINED_ORDER_STORAGE_KEY } from './storage.js';

export interface RetainedOrder {
  id: string;
  orderIncrementId: string;
  orderToken: string;
  /**
   * A payment attempt whose outcome this tab never learned (no answer, a timeout, 'unknown'): the
   * next submit sends exactly this request again, with this Idempotency-Key, so the payments
   * service answers the first attempt's real result instead of charging a second time. Dropped as
   * soon as an answer says how it ended.
   */
  paymentInFlight?: PaymentInFlight;
}

/** The request of a payment attempt in flight, as the retained order keeps it. */
export interface PaymentInFlight {
  idempotencyKey: string;
  paymentMethod: PayableMethodName;
  paymentToken?: string;
}

const payableAddressShape = {
  firstName: string().defined(),
  lastName: string().defined(),
  street1: string().defined(),
  city: string().defined(),
  state: string().defined(),
  zipCode: string().defined(),
  countryId: string().defined(),
};
/**
 * Where an order is paid, as the payment methods' `scopes` name it: a sample order at checkout, a
 * quote converted to an order on its quote page, an instalment of a split-payment order's balance.
 * A payment is taken only through an enabled method whose scopes include the order's.
 */
export const PAYMENT_SCOPES = ['sample-order', 'convert-to-order', 'complete-order-payment'] as const;
export type PaymentScope = (typeof PAYMENT_SCOPES)[number];

/**
 * Internal (service to service, never proxied by the gateway: the gateway forwards only /api).
 * GET /internal/orders/:id/payable — what the payments service may charge: the amount always comes
 * from the order in the database, never from the browser.
 */
export const payableOrderSchema = object({
  id: string().required(),
  orderIncrementId: string().required(),
  status: string().required(),
  /** the order total */
  total: cents().required(),
  /** total minus completed payments; what a payment for this order may take */
  amountDue: cents().required(),
  currency: string().oneOf(['USD'] as const).required(),
  email: string().defined(),
  /** the pending payment entry of the order, if any */
  paymentId: string().nullable().defined(),
  /** for the gateway's receipt and shipping fields (empty text when the order has no such address) */
  billing: object(payableAddressShape).required(),
  shipping: object({ ...payableAddressShape, street2: string().optional() }).required(),
  /** where this payment is made (the orders service decides): the payment method must be offered there */
  scope: string().oneOf(PAYMENT_SCOPES).required(),
});
export type PayableOrder = InferType<typeof payableOrderSchema>;

/**
 * ?instalment=&email= of GET /internal/orders/:id/payable. `instalment` (cents): the part of the
 * balance this payment takes (split payment; checked against spec §5, 400 with the rule's message),
 * answered as `amountDue`. `email`: the split-payment page's proof instead of the order token.
 */
export const payableOrderQuerySchema = object({
  instalment: number().integer('instalment must be whole cents').positive('Payment amount must be greater than 0').optional(),
  email: string().trim().max(254).optional(),
});
export type PayableOrderQuery = InferType<typeof payableOrderQuerySchema>;

/**
 * Internal: POST /internal/orders/:id/payment-result — a payment outcome the payments service
 * verified with the gateway itself. The only way an order becomes 'ordered'. Reports are
 * idempotent per attemptId; a report for an attempt older than the order's latest is ignored.
 * (PAYMENT_STATUSES, the statuses a report may carry, lives with the order in orders/schemas.ts.)
 */
/** 13–19 digits, possibly grouped by spaces or dashes: the shape of a card number (PAN). */
const CARD_NUMBER = /\d(?:[ -]?\d){12,18}/g;
/** additionalData is a few gateway fields; a cap keeps one report from bloating the order row. */
const MAX_ADDITIONAL_DATA_CHARS = 8000;

/** Keeps the last four digits of anything shaped like a card number: a PAN must never be stored. */
export function maskCardNumbers(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(CARD_NUMBER, (pan) => `XXXX${pan.replace(/\D/g, '').slice(-4)}`);
  if (Array.isArray(value)) return value.map(maskCardNumbers);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, maskCardNumbers(inner)]));
  return value;
}

function reportText(key: string, max: number) {
  return string()
    .typeError(`${key} must be text of at most ${max} characters`)
    .trim()
    .min(1, `${key} must be text of at most ${max} characters`)
    .max(max, `${key} must be text of at most ${max} characters`);
}

/**
 * POST /internal/orders/:id/payment-result body. The payments service is trusted to have verified
 * the outcome with the gateway, but a malformed report still gets a 400 rather than a half-written
 * order; anything shaped like a card number in additionalData is masked before it is stored.
 */
export const paymentResultReportSchema = object({
  attemptId: reportText('attemptId', 128)
    .required('attemptId is required')
    .matches(/^[A-Za-z0-9_:.-]+$/, 'attemptId may hold letters, digits, ".", "_", ":" and "-"'),
  gateway: reportText('gateway', 64).required('gateway is required'),
  method: reportText('method', 64).required('method is required'),
  methodLabel: reportText('methodLabel', 128).required('methodLabel is required'),
  status: string<PaymentStatus>()
    .required(`status must be one of ${PAYMENT_STATUSES.join(', ')}`)
    .oneOf(PAYMENT_STATUSES, `status must be one of ${PAYMENT_STATUSES.join(', ')}`),
  amount: cents('amount must be a whole number of cents, 0 or more')
    .strict()
    .typeError('amount must be a whole number of cents, 0 or more')
    .required('amount must be a whole number of cents, 0 or more')
    .min(0, 'amount must be a whole number of cents, 0 or more')
    .max(1_000_000_000, 'amount must be a whole number of cents, 0 or more'),
  transactionId: reportText('transactionId', 128)
    .nullable()
    .default(null)
    .when('status', { is: 'completed', then: (schema) => schema.required('A completed payment needs its transactionId') }),
  /** the gateway's message for a payment that did not complete */
  message: reportText('message', 500).optional(),
  /** card brand and last 4 digits, gateway raw status; never a full card number */
  additionalData: mixed<Record<string, unknown>>()
    .default({})
    .test('object', 'additionalData must be an object', (value) => isPlainObject(value))
    .test('size', 'additionalData is too large', (value) => JSON.stringify(value ?? {}).length <= MAX_ADDITIONAL_DATA_CHARS)
    .transform((value: unknown) => (isPlainObject(value) ? maskCardNumbers(value) : value)),
});
export type PaymentResultReport = InferType<typeof paymentResultReportSchema>;

/**
 * The order as the report left it; absent when the caller sent `Prefer: return=minimal` (RFC 7240):
 * the payments service reads only the status, so orders need not build and send a view it discards.
 */
export const PREFER_RETURN_MINIMAL = 'return=minimal';
export const paymentResultResponseSchema = object({
  success: mixed<true>().oneOf([true]).required(),
  order: orderSchema.default(undefined).optional(),
});
export type PaymentResultResponse = InferType<typeof paymentResultResponseSchema>;

/**
 * GET /api/order/checkout-locations: the country and state choices of the checkout form (from a
 * location-data package on the server, so the browser bundle does not carry the whole list). The
 * orders service validates addresses against the same data.
 */
const checkoutLocationSchema = object({ code: string().required(), name: string().required() });
const checkoutLocationsListSchema = array(checkoutLocationSchema.required()).required();
type CheckoutLocationList = InferType<typeof checkoutLocationsListSchema>;
export const checkoutLocationsSchema = object({
  countries: checkoutLocationsListSchema,
  /**
   * states (regions) by country code; the checkout needs 'US'. A record keyed by data (country
   * codes), which yup's object() cannot name, so each value is checked by the list's own schema.
   */
  states: mixed<Record<string, CheckoutLocationList>>(
    (value): value is Record<string, CheckoutLocationList> =>
      isPlainObject(value) && Object.values(value).every((states) => checkoutLocationsListSchema.isValidSync(states, { strict: true })),
  )
    .defined()
    .meta({
      jsonSchema: {
        type: 'object',
        description: "states (regions) by country code; the checkout needs 'US'",
        additionalProperties: {
          type: 'array',
          items: { type: 'object', properties: { code: { type: 'string' }, name: { type: 'string' } }, required: ['code', 'name'] },
        },
      },
    }),
  defaultCountry: string().required(),
});
export type CheckoutLocations = InferType<typeof checkoutLocationsSchema>;
