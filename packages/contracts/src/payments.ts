import { number, object, string, type InferType } from 'yup';
import type { PaymentStatus } from './orders.js';

import type { PaymentGateway, PaymentMethod, PaymentMethodName } from './content-files/commerce.js';
export type { PaymentGateway, PaymentMethod, PaymentMethodName };

export interface PaymentMethodsResponse {
  success: boolean;
  paymentMethods: PaymentMethod[];
}

/** The spec's payment messages (section 8), spelled as written. */
export const PAYMENT_MESSAGES = {
  methodNotAvailable: 'Payment method not available',
  failed: 'Payment failed',
  paymentError: 'Payment Error',
  stripeNotReady: 'Stripe.js not ready',
  additionalAuthentication: 'Additional authentication required',
  unexpectedStatus: (status: string) => `Unexpected payment status: ${status}`,
  detailsRequired: 'Payment details are required to continue.',
  errorWhileHandling: 'Error while handling Payment',
  paypalConfigNotFound: 'PayPal configuration not found',
  paypalConfigFailed: 'Failed to load PayPal configuration. Please try again later.',
  paypalCreateFailed: 'Failed to create PayPal order. Please try again.',
  paypalUpdateFailed: 'Failed to update PayPal order. Please try again.',
  paypalNoOrder: 'No PayPal order to capture. Please try again.',
  paypalProcessingError: 'An error occurred while processing your payment. Please try again.',
  paypalCaptureFailed: 'Failed to capture PayPal payment. Please try again.',
  paypalTransactionError: 'An error occurred during the PayPal transaction. Please try again.',
  paypalFormIncomplete: 'Please complete all required fields before proceeding with payment.',
  paypalFormInvalid: 'Form validation failed. Please check your information.',
} as const;

/** Card intent statuses (Stripe's vocabulary), which the sandbox also speaks. */
export type CardIntentStatus =
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'processing'
  | 'requires_capture'
  | 'canceled'
  | 'succeeded';

/** The 400 message of a payment call whose body is wrong; `errors` names the field. */
export const INVALID_PAYMENT_REQUEST = 'Please check the payment details.';
/** The 400 message of a sandbox card the card rules refuse. */
export const CARD_DETAILS_INVALID = 'Please check the card details.';

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
  metadata: object({ orderId: string().max(64).optional(), orderIncrementId: string().max(64).optional(), paymentId: string().max(64).optional() }),
});
export type PaymentIntentUpdateRequest = InferType<typeof paymentIntentUpdateRequestSchema>;

/** POST /api/payment/stripe/capture-payment and .../payment-intent/retrieve: which intent. */
export const paymentIntentIdRequestSchema = object({ paymentIntentId: gatewayId('paymentIntentId') });

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

/** POST /api/payment/paypal/capture: the approved PayPal order. */
export const payPalCaptureRequestSchema = object({ orderId: gatewayId('orderId') });

export interface PaymentIntentView {
  id: string;
  status: CardIntentStatus;
  client_secret: string;
  /** cents, as the card gateway answers (divide by 100) */
  amount: number;
  currency: 'usd';
  /** present when the shopper must authenticate (3-D Secure): send the browser to `url` */
  next_action?: { type: 'redirect_to_url'; redirect_to_url: { url: string; return_url: string } };
}

export interface PaymentIntentResponse {
  paymentIntent: PaymentIntentView | null;
  /** the payment as the order records it (mapped per the spec's gateway status table) */
  payment: { status: PaymentStatus; message?: string } | null;
  /** true with `message` when the payment did not go through */
  error?: boolean;
  message?: string;
  /** the order number, so the browser can show it on /order/success */
  orderIncrementId?: string;
}

/** POST /api/payment/{paymentMethod}/verify (spec shape), after a redirect back from the gateway. */
export const paymentVerifyRequestSchema = object({
  paymentIntentId: gatewayId('paymentIntentId'),
  paymentIntentClientSecret: string().max(256, 'paymentIntentClientSecret must be text').optional(),
});
export type PaymentVerifyRequest = InferType<typeof paymentVerifyRequestSchema>;

export interface PaymentVerifyResponse {
  success: boolean;
  error?: string;
  status: PaymentStatus | null;
  transactionId: string | null;
  transactionResponse: { amount: number } | null;
  metadata: { orderId?: string; orderIncrementId?: string; paymentId?: string; quoteId?: string } | null;
}

/**
 * POST /api/payment/sandbox/payment-methods: the sandbox's stand-in for the provider script that
 * tokenises card data (Stripe.js createPaymentMethod). Only the brand and last 4 digits are kept.
 */
export const sandboxCardRequestSchema = object({
  // text as typed; the card rules (commerce-rules' validateDirectCardEntry) judge the values
  cardNumber: string().max(32).default(''),
  expMonth: string().max(4).default(''),
  expYear: string().max(4).default(''),
  cvc: string().max(4).default(''),
});
export type SandboxCardRequest = InferType<typeof sandboxCardRequestSchema>;

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

export interface SandboxCardResponse {
  id: string;
  card: { brand: string; last4: string; expMonth: number; expYear: number };
}

/**
 * Sandbox test cards (README "Sandbox payments"): Stripe's published numbers for success, decline and
 * 3-D Secure, plus two of ours (Luhn-valid, not in Stripe's list) for a pending and a held payment.
 * Any other valid card number completes.
 */
export const SANDBOX_TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAuthentication: '4000002500003155',
  /** stays 'processing' -> payment pending, order pending_payment */
  pending: '4000000000001703',
  /** held for review -> payment on_hold, order pending_payment */
  onHold: '4000000000002701',
} as const;
