import type { PaymentStatus } from './orders.js';

export type PaymentMethodName = 'online-payment' | 'credit-card' | 'split-payment';
export type PaymentGateway = 'stripe' | 'authorizenet' | 'paypal' | 'sandbox';

/** content/settings/payment-methods.json entry; GET /api/payment-methods lists the enabled ones. */
export interface PaymentMethod {
  name: PaymentMethodName;
  title: string;
  description: string;
  enabled: boolean;
  isDefault: boolean;
  gateway: PaymentGateway;
  sortOrder: number;
  metadata?: { methodIcon?: string; iconWidth?: number; iconHeight?: number };
  availableMethods?: string[];
  dependsOn?: string;
  /** scopes the method is offered in: sample-order, convert-to-order, complete-order-payment */
  scopes?: string[];
  /** public configuration only (publishable keys, client ids); secrets never leave the server */
  config?: { publishableKey?: string; clientKey?: string; loginId?: string; acceptJsUrl?: string; clientId?: string };
  /**
   * Set by GET /api/payment-methods when the method's gateway runs on the payments service's local
   * sandbox (no gateway keys configured): no money moves, the sandbox test cards apply, and the
   * checkout tokenises cards through POST /api/payment/sandbox/payment-methods instead of a provider
   * script. Never read from the settings file.
   */
  sandbox?: boolean;
}

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

/**
 * POST /api/payment/{gateway}/payment-intent (spec shape). `amount` is accepted for the spec's
 * sake and ignored: the payments service charges the order's amount due, read from the orders
 * service. Needs an Idempotency-Key header.
 */
export interface PaymentIntentRequest {
  paymentMethodId: string;
  amount?: number;
  currency?: 'usd';
  receiptEmail?: string;
  shipping?: unknown;
  metadata: { orderId: string; orderIncrementId?: string; paymentId?: string; quoteId?: string; quoteIncrementId?: string };
}

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
export interface PaymentVerifyRequest {
  paymentIntentId: string;
  paymentIntentClientSecret?: string;
}

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
export interface SandboxCardRequest {
  cardNumber: string;
  expMonth: string;
  expYear: string;
  cvc: string;
}

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
