import { array, boolean, mixed, number, object, string, type InferType } from 'yup';
import { PAYABLE_METHOD_NAMES, PAYMENT_MESSAGES } from './messages.js';
import { PAYMENT_STATUSES, type PaymentStatus } from '../orders/schemas.js';
import { cents } from '../rules/field-rules.js';
import { SANDBOX_CARD_LAYOUTS, type SandboxCardLayout } from './sandbox-pay.js';

/** Orders' payment status, which payment answers carry, named from here so built declarations import it from this domain, not the package index (a cycle). */
export type { PaymentStatus };

export type PaymentMethodName = 'online-payment' | 'credit-card' | 'split-payment';
export const PAYMENT_METHOD_NAMES: readonly PaymentMethodName[] = ['online-payment', 'credit-card', 'split-payment'];
export type PaymentGateway = 'stripe' | 'authorizenet' | 'paypal' | 'sandbox';
export const PAYMENT_GATEWAYS: readonly PaymentGateway[] = ['stripe', 'authorizenet', 'paypal', 'sandbox'];

/**
 * content/settings/payment-methods.json entry; GET /api/payment-methods lists the enabled ones, as
 * this schema describes them (the public part of the entry: of `config` only the public keys).
 */
/**
 * How the checkout takes a card for a method, as its gateway's provider declares it: the provider's
 * hosted fields in its own frame (Stripe, and every card method on the sandbox), direct entry
 * tokenised by the provider's script (Authorize.net's Accept.js), or no card at all (PayPal's
 * approval page). The browser reads this and never a gateway's name.
 */
export const CARD_ENTRY_KINDS = ['hosted', 'direct', 'none'] as const;
export type CardEntryKind = (typeof CARD_ENTRY_KINDS)[number];

export const paymentMethodSchema = object({
  name: mixed<PaymentMethodName>().oneOf(PAYMENT_METHOD_NAMES).required(),
  title: string().defined(),
  description: string().defined(),
  enabled: boolean().required(),
  isDefault: boolean().required(),
  gateway: mixed<PaymentGateway>().oneOf(PAYMENT_GATEWAYS).required(),
  sortOrder: number().required(),
  metadata: object({ methodIcon: string().optional(), iconWidth: number().optional(), iconHeight: number().optional() }).default(undefined).optional(),
  availableMethods: array(string().required()).optional(),
  dependsOn: string().optional(),
  /** scopes the method is offered in: sample-order, convert-to-order, complete-order-payment */
  scopes: array(string().required()).optional(),
  /** public configuration only (publishable keys, client ids); secrets never leave the server */
  config: object({
    publishableKey: string().optional(),
    clientKey: string().optional(),
    loginId: string().optional(),
    acceptJsUrl: string().optional(),
    clientId: string().optional(),
    /**
     * The provider's browser script that tokenises cards in its own frame (Stripe.js's or Accept.js's
     * URL for a real gateway). For a card method on the sandbox the payments service sets it to the
     * sandbox's hosted fields script; never read from the settings file.
     */
    scriptUrl: string().optional(),
  })
    .default(undefined)
    .optional(),
  /**
   * Set by GET /api/payment-methods when the method's gateway runs on the payments service's local
   * sandbox (no gateway keys configured): no money moves, the sandbox test cards apply, and a card
   * method's `config.scriptUrl` is the sandbox's hosted fields script, which tokenises the card in
   * its own frame (the card number never reaches our pages or servers). Never read from the settings file.
   */
  sandbox: boolean().optional(),
  /** Set by GET /api/payment-methods from the gateway's registration (CARD_ENTRY_KINDS); never read from the settings file. */
  cardEntry: mixed<CardEntryKind>().oneOf(CARD_ENTRY_KINDS).optional(),
});
export type PaymentMethod = InferType<typeof paymentMethodSchema>;

/** GET /api/payment-methods?scope= answer: the enabled methods by sortOrder. */
export const paymentMethodsResponseSchema = object({
  success: boolean().required(),
  paymentMethods: array(paymentMethodSchema.required()).required(),
});
export type PaymentMethodsResponse = InferType<typeof paymentMethodsResponseSchema>;

/** Card intent statuses (Stripe's vocabulary), which the sandbox also speaks. */
export const CARD_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export type CardIntentStatus = (typeof CARD_INTENT_STATUSES)[number];

/** The 400 message of a payment call whose body is wrong; `errors` names the field. */
export const INVALID_PAYMENT_REQUEST = 'Please check the payment details.';

/** Our order ids as a payment call carries them (letters, digits, '-' and '_'). */
const ORDER_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
/** A gateway's own ids (payment methods, intents, PayPal orders). */
const GATEWAY_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

function gatewayId(field: string, message = `${field} is required`) {
  return string().required(message).matches(GATEWAY_ID_PATTERN, message);
}

function orderIdField(message: string) {
  return string().required(message).matches(ORDER_ID_PATTERN, message);
}

/** The payment-intent metadata the browser may send (ids only, short). */
const intentMetadataShape = {
  orderIncrementId: string().max(64).optional(),
  paymentId: string().max(64).optional(),
  quoteId: string().max(64).optional(),
  quoteIncrementId: string().max(64).optional(),
};

/** `/api/payment/:gateway/...`: the card gateway's name (the service answers which ones it has). */
export const paymentGatewayParamsSchema = object({ gateway: string().required().max(64) });
/** `/api/payment/:paymentMethod/verify`: the payment method's name. */
export const paymentMethodParamsSchema = object({ paymentMethod: string().required().max(64) });

/** GET /api/payment-methods?scope=sample-order */
export const paymentMethodsQuerySchema = object({
  scope: string().matches(/^[a-z0-9-]{1,64}$/, { message: 'scope must be a scope name such as sample-order', excludeEmptyString: true }).optional(),
});

/**
 * POST /api/payment/{gateway}/payment-intent (spec shape). `amount`, `currency`, `receiptEmail` and
 * `shipping` may be sent for the spec's sake and are dropped: the payments service charges the
 * order's amount due, read from the orders service. Needs an Idempotency-Key header.
 */
export const paymentIntentRequestSchema = object({
  paymentMethodId: gatewayId('paymentMethodId', 'paymentMethodId is required (the tokenised card)'),
  metadata: object({ orderId: orderIdField('metadata.orderId must be an order id'), ...intentMetadataShape }),
  // the spec's shape; read by nobody (the amount due comes from the order)
  amount: number().optional(),
  currency: string().oneOf(['usd']).optional(),
  receiptEmail: string().max(254).optional(),
});
export type PaymentIntentRequest = InferType<typeof paymentIntentRequestSchema>;

/** PATCH /api/payment/stripe/payment-intent: the ids the intent carries as metadata. */
export const paymentIntentUpdateRequestSchema = object({
  paymentIntentId: gatewayId('paymentIntentId'),
  /** the proof that the caller made the intent (or send the order's token as X-Order-Token) */
  paymentIntentClientSecret: string().max(256, 'paymentIntentClientSecret must be text').optional(),
  metadata: object({ orderId: string().max(64).optional(), orderIncrementId: string().max(64).optional(), paymentId: string().max(64).optional() }),
});
export type PaymentIntentUpdateRequest = InferType<typeof paymentIntentUpdateRequestSchema>;

/**
 * POST /api/payment/stripe/capture-payment and .../payment-intent/retrieve: which intent, and the
 * proof that the caller made it: its client secret here, or the order's token (X-Order-Token). An
 * intent id alone is refused.
 */
export const paymentIntentIdRequestSchema = object({
  paymentIntentId: gatewayId('paymentIntentId'),
  paymentIntentClientSecret: string().max(256, 'paymentIntentClientSecret must be text').optional(),
});

/**
 * POST /api/payment/paypal/order: which of our orders (spec: `additionalData.orderId`; `metadata.orderId`
 * is read too). An amount sent along is dropped: the order's amount due is charged.
 */
export const payPalOrderRequestSchema = object({
  additionalData: object({ orderId: string().optional() }).default(undefined).optional(),
  metadata: object({ orderId: string().optional() }).default(undefined).optional(),
  // the spec's shape; read by nobody (the order's amount due is what PayPal is asked for)
  amount: number().optional(),
  currency: string().max(3).optional(),
}).test('order-id', function (value) {
  const orderId = value.additionalData?.orderId ?? value.metadata?.orderId;
  if (orderId !== undefined && ORDER_ID_PATTERN.test(orderId)) return true;
  const message = 'additionalData.orderId must be an order id';
  return this.createError({ path: 'additionalData.orderId', message });
});

/**
 * PATCH /api/payment/paypal/order (spec section 7): the PayPal order of our order, after our order's
 * total changed. `amount` and `currency` may be sent for the spec's sake and are dropped: the PayPal
 * order is set to our order's amount due, read by the server. Needs the order's token (X-Order-Token).
 */
export const payPalOrderUpdateRequestSchema = object({
  orderId: gatewayId('orderId'),
  additionalData: object({ orderId: string().optional() }).default(undefined).optional(),
  amount: number().optional(),
  currency: string().max(3).optional(),
});
export type PayPalOrderUpdateRequest = InferType<typeof payPalOrderUpdateRequestSchema>;

/** PATCH /api/payment/paypal/order answer: the PayPal order's id, or null with `error` when it could not be updated. */
export const payPalOrderUpdateResponseSchema = object({
  id: string().nullable().defined(),
  error: string().optional(),
});
export type PayPalOrderUpdateResponse = InferType<typeof payPalOrderUpdateResponseSchema>;

/** Where a payment attempt is, in the words every gateway shares (never a provider's own). */
export const PAYMENT_ATTEMPT_STATUSES = ['completed', 'pending', 'on_hold', 'failed', 'requires_action', 'unknown'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * What the shopper must do next, the same for every gateway (the browser never branches on a
 * gateway's name): go to the provider's page and come back (`redirect`: 3-D Secure, PayPal's
 * approval), or let the provider's browser script confirm with the client secret (`confirm`).
 */
export const nextActionSchema = object({
  type: mixed<'redirect' | 'confirm'>().oneOf(['redirect', 'confirm']).required(),
  url: string().optional(),
  clientSecret: string().optional(),
  /**
   * The provider's id of the payment the shopper acts on (a PayPal order id, a card intent id): what
   * a provider's own browser buttons take instead of following `url` (PayPal's buttons open their
   * approval window for an order id). Never a secret. Absent for a `confirm`.
   */
  paymentId: string().optional(),
});
export type NextActionView = InferType<typeof nextActionSchema>;

/**
 * The card token the provider's fields answered: a sandbox token, a Stripe payment method id, or
 * Accept.js' opaque data sent as `dataDescriptor:dataValue` (the value is base64, with + / =, and
 * several hundred characters long). Bounded, so a flood is refused before it reaches a gateway.
 */
export const PAYMENT_TOKEN_MAX_CHARS = 2048;
export const PAYMENT_TOKEN_PATTERN = /^[A-Za-z0-9_.:+/=-]+$/;
const SPLIT_AMOUNT_MESSAGE = 'Must be a valid number';
const PAYMENT_TOKEN_MESSAGE = 'paymentToken must be the token the card fields answered';

/**
 * POST /api/payment/attempts: pay an order with one of its payment methods. The amount is the
 * order's amount due, read by the server; `paymentToken` is what the provider's hosted card fields
 * answered (absent for a method the shopper approves on the provider's page). Needs the order's
 * token (X-Order-Token) and an Idempotency-Key kept across retries of the same attempt.
 */
export const startPaymentRequestSchema = object({
  orderId: orderIdField('orderId must be an order id'),
  paymentMethod: string()
    .required(PAYMENT_MESSAGES.methodNotAvailable)
    .oneOf(PAYABLE_METHOD_NAMES, PAYMENT_MESSAGES.methodNotAvailable),
  paymentToken: string().max(PAYMENT_TOKEN_MAX_CHARS, PAYMENT_TOKEN_MESSAGE).matches(PAYMENT_TOKEN_PATTERN, PAYMENT_TOKEN_MESSAGE).optional(),
  /**
   * An instalment of a split-payment order (spec §4 split payment), in dollars as the shopper typed
   * it (2 decimals). The orders service checks it against the order's balance and minimum split
   * amount (spec §5) and answers 400 with the rule's message; absent, the whole amount due is charged.
   */
  splitAmount: number()
    .typeError(SPLIT_AMOUNT_MESSAGE)
    .positive('Payment amount must be greater than 0')
    .test('cents', SPLIT_AMOUNT_MESSAGE, (value) => value === undefined || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6)
    .max(10_000_000, SPLIT_AMOUNT_MESSAGE)
    .optional(),
  /**
   * The order's e-mail: the split-payment page's proof instead of X-Order-Token (spec §6: split-payment
   * access is by order id plus its e-mail, no login). Accepted for an order with split payment enabled.
   */
  orderEmail: string().trim().max(254).optional(),
});
export type StartPaymentRequest = InferType<typeof startPaymentRequestSchema>;

/** POST /api/payment/attempts answer (a replay of its Idempotency-Key answers the same). */
export const paymentAttemptResponseSchema = object({
  attempt: object({
    id: string().required(),
    status: mixed<PaymentAttemptStatus>().oneOf(PAYMENT_ATTEMPT_STATUSES).required(),
    nextAction: nextActionSchema.nullable().defined(),
    /** why the payment did not (yet) go through; null when it did */
    message: string().nullable().defined(),
    /**
     * The provider's transaction id once it has one (what POST /api/quote/convertToOrder and
     * POST /api/order/:id/split-payment name); absent in answers stored before it was added.
     */
    transactionId: string().nullable().optional(),
  }).required(),
  orderIncrementId: string().required(),
  /** true when the gateway is the sandbox: no money moved (the checkout and success page say "Test payment") */
  testPayment: boolean().required(),
});
export type PaymentAttemptResponse = InferType<typeof paymentAttemptResponseSchema>;

/** A party of the spec's Authorize.Net call (section 7): read by nobody, the order's own addresses are sent. */
const authorizeNetPartyShape = object({
  firstName: string().max(100).optional(),
  lastName: string().max(100).optional(),
  address: string().max(200).optional(),
  city: string().max(100).optional(),
  state: string().max(100).optional(),
  zip: string().max(20).optional(),
}).default(undefined).optional();

/**
 * POST /api/payment/authorize-net/process-transaction (the spec's Authorize.Net call): Accept.js'
 * opaque data for the card. The spec's body names no order, so `additionalData.orderId` says which
 * order is paid (with its X-Order-Token); the amount charged is that order's amount due and the
 * parties sent to Authorize.Net are the order's, so `amount`, the e-mail and billTo/shipTo sent here
 * are accepted for the spec's sake and read by nobody. Needs an Idempotency-Key header.
 */
export const authorizeNetTransactionRequestSchema = object({
  dataDescriptor: string().required('dataDescriptor is required').max(128).matches(/^[A-Za-z0-9_.]+$/, 'dataDescriptor must be the descriptor Accept.js answered'),
  dataValue: string().required('dataValue is required').max(PAYMENT_TOKEN_MAX_CHARS - 129, 'dataValue must be the value Accept.js answered').matches(/^[A-Za-z0-9+/=_-]+$/, 'dataValue must be the value Accept.js answered'),
  amount: number().optional(),
  additionalData: object({
    orderId: orderIdField('additionalData.orderId must be an order id'),
    email: string().max(254).optional(),
    billTo: authorizeNetPartyShape,
    shipTo: authorizeNetPartyShape,
  }).required('additionalData.orderId must be an order id'),
});
export type AuthorizeNetTransactionRequest = InferType<typeof authorizeNetTransactionRequestSchema>;

/** Its answer (section 7): `status` 200 is success; `transactionResponse.responseCode` is Authorize.Net's 1-4. */
export const authorizeNetTransactionResponseSchema = object({
  status: number().required(),
  message: string().required(),
  transactionId: string().nullable().defined(),
  transactionResponse: object({ responseCode: string().required() }).nullable().defined(),
  orderIncrementId: string().optional(),
});
export type AuthorizeNetTransactionResponse = InferType<typeof authorizeNetTransactionResponseSchema>;

/** POST /api/payment/webhooks/:gateway */
export const webhookParamsSchema = object({ gateway: string().required().max(64) });
export const webhookResponseSchema = object({ received: boolean().required(), duplicate: boolean().required() });

/** POST /api/payment/paypal/capture: the approved PayPal order. */
export const payPalCaptureRequestSchema = object({ orderId: gatewayId('orderId') });

/** A card payment intent as the payment calls answer it (Stripe's shape and names). */
export const paymentIntentViewSchema = object({
  id: string().required(),
  status: mixed<CardIntentStatus>().oneOf(CARD_INTENT_STATUSES).required(),
  client_secret: string().defined(),
  /** cents, as the card gateway answers (divide by 100) */
  amount: number().integer().required(),
  currency: string().oneOf(['usd'] as const).required(),
  /** present when the shopper must authenticate (3-D Secure): send the browser to `url` */
  next_action: object({
    type: string().oneOf(['redirect_to_url'] as const).required(),
    redirect_to_url: object({ url: string().required(), return_url: string().defined() }).required(),
  })
    .default(undefined)
    .optional(),
});
export type PaymentIntentView = InferType<typeof paymentIntentViewSchema>;

/** POST /api/payment/{gateway}/payment-intent answer (a replay of its Idempotency-Key answers the same). */
export const paymentIntentResponseSchema = object({
  paymentIntent: paymentIntentViewSchema.nullable().defined(),
  /** the payment as the order records it (mapped per the spec's gateway status table) */
  payment: object({ status: mixed<PaymentStatus>().oneOf(PAYMENT_STATUSES).required(), message: string().optional() }).nullable().defined(),
  /** true with `message` when the payment did not go through */
  error: boolean().optional(),
  message: string().optional(),
  /** the order number, so the browser can show it on /order/success */
  orderIncrementId: string().optional(),
});
export type PaymentIntentResponse = InferType<typeof paymentIntentResponseSchema>;

/** POST /api/payment/stripe/payment-intent/retrieve answer. */
export const paymentIntentRetrieveResponseSchema = object({
  paymentIntent: paymentIntentViewSchema.required(),
});
export type PaymentIntentRetrieveResponse = InferType<typeof paymentIntentRetrieveResponseSchema>;

/** PATCH /api/payment/stripe/payment-intent answer: the intent, or the gateway's refusal in `error`. */
export const paymentIntentUpdateResponseSchema = object({
  /** null when the gateway refused and returned no intent */
  paymentIntent: paymentIntentViewSchema.nullable().defined(),
  error: string().optional(),
});
export type PaymentIntentUpdateResponse = InferType<typeof paymentIntentUpdateResponseSchema>;

/** POST /api/payment/stripe/capture-payment answer: the intent, or the gateway's refusal in `message`. */
export const paymentIntentCaptureResponseSchema = object({
  /** null when the gateway refused and returned no intent */
  paymentIntent: paymentIntentViewSchema.nullable().defined(),
  message: string().optional(),
});
export type PaymentIntentCaptureResponse = InferType<typeof paymentIntentCaptureResponseSchema>;

/** POST /api/payment/paypal/order answer (spec section 7): the PayPal order and its approve link. */
export const payPalOrderResponseSchema = object({
  /** the PayPal order's id; null when it could not be created (then `error` says so) */
  id: string().nullable().defined(),
  /** `links` holds the `approve` link the shopper is sent to */
  response: object({ links: array(object({ rel: string().required(), href: string().defined() }).required()).required() })
    .default(undefined)
    .optional(),
  error: string().optional(),
});
export type PayPalOrderResponse = InferType<typeof payPalOrderResponseSchema>;

/** POST /api/payment/paypal/capture answer: the verified result of capturing an approved PayPal order. */
export const payPalCaptureResponseSchema = object({
  /** true when the payment did not go through (`message` then says why) */
  error: boolean().required(),
  message: string().optional(),
  transactionId: string().nullable().defined(),
  /** null when the gateway could not be asked */
  status: mixed<PaymentStatus>().nullable().oneOf([...PAYMENT_STATUSES, null]).defined(),
  /** null when the gateway could not be asked */
  amount: cents().nullable().defined(),
  transactionResponse: object({ status: mixed<PaymentStatus>().nullable().oneOf([...PAYMENT_STATUSES, null]).defined() }).required(),
});
export type PayPalCaptureResponse = InferType<typeof payPalCaptureResponseSchema>;

/** POST /api/payment/{paymentMethod}/verify (spec shape), after a redirect back from the gateway. */
export const paymentVerifyRequestSchema = object({
  paymentIntentId: gatewayId('paymentIntentId'),
  paymentIntentClientSecret: string().max(256, 'paymentIntentClientSecret must be text').optional(),
  /**
   * The split-payment page's proof for a return without a client secret (PayPal): the order's
   * e-mail, as for POST /api/payment/attempts' orderEmail (that page has no order token).
   */
  orderEmail: string().trim().max(254).optional(),
});
export type PaymentVerifyRequest = InferType<typeof paymentVerifyRequestSchema>;

/** POST /api/payment/{paymentMethod}/verify answer: what the gateway itself says about the payment. */
export const paymentVerifyResponseSchema = object({
  /** true for a completed or pending payment */
  success: boolean().required(),
  /** why the payment did not go through (absent on success) */
  error: string().optional(),
  /** null when the gateway could not be asked */
  status: mixed<PaymentStatus>().nullable().oneOf([...PAYMENT_STATUSES, null]).defined(),
  transactionId: string().nullable().defined(),
  /** null when the gateway could not be asked */
  transactionResponse: object({ amount: cents().required() }).nullable().defined(),
  /** true when the payment was taken on the sandbox: no money moved (the success page says "Test payment") */
  testPayment: boolean().optional(),
  metadata: object({
    orderId: string().optional(),
    orderIncrementId: string().optional(),
    paymentId: string().optional(),
    quoteId: string().optional(),
  })
    .nullable()
    .defined(),
});
export type PaymentVerifyResponse = InferType<typeof paymentVerifyResponseSchema>;

/** A site-relative /payment/... path (no scheme, host, '//' or '..'): never an open redirect. */
const SANDBOX_RETURN_URL = /^\/payment\/[A-Za-z0-9/_-]*$/;
const RETURN_URL_INVALID = 'return_url must be a site path starting with /payment/';

/** The sandbox 3-D Secure page: which intent, and where the shopper goes back to. */
export const sandboxChallengeParamsSchema = object({ intentId: gatewayId('intentId') });
export const sandboxChallengeQuerySchema = object({
  return_url: string()
    .typeError(RETURN_URL_INVALID)
    .required(RETURN_URL_INVALID)
    .max(256, RETURN_URL_INVALID)
    .matches(SANDBOX_RETURN_URL, RETURN_URL_INVALID)
    .test('no-protocol-relative', RETURN_URL_INVALID, (value) => !value.includes('//')),
});
export const sandboxChallengeAnswerSchema = object({
  decision: string().required('decision must be complete or fail').oneOf(['complete', 'fail'], 'decision must be complete or fail'),
});
/** The sandbox PayPal approval page. */
export const sandboxPayPalParamsSchema = object({ orderId: gatewayId('orderId') });
export const sandboxPayPalAnswerSchema = object({
  decision: string().required('decision must be approve or cancel').oneOf(['approve', 'cancel'], 'decision must be approve or cancel'),
});

/** The sandbox's hosted fields frame: which fields it shows (hosted card elements unless asked for direct entry). */
export const sandboxHostedFieldsQuerySchema = object({
  layout: mixed<SandboxCardLayout>()
    .oneOf(SANDBOX_CARD_LAYOUTS, 'layout must be hosted or direct')
    .default('hosted' as SandboxCardLayout),
});

// The sandbox's test cards and its hosted fields' browser API live in a module of their own
// (`@storefront/contracts/sandbox-pay`, no imports), which the hosted fields bundle carries.
export * from './sandbox-pay.js';
export { PAYABLE_METHOD_NAMES, PAYMENT_MESSAGES, TEST_PAYMENT_MESSAGES, isPayableMethodName, type PayableMethodName } from './messages.js';

