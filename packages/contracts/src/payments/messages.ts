// The payment words and method names the browser needs, free of the payment schemas (the checkout's
// first load evaluates no yup: its resolver loads the form schema when the form is first checked).

/** The spec's payment messages (section 8), spelled as written. */
export const PAYMENT_MESSAGES = {
  methodNotAvailable: 'Payment method not available',
  // not the spec's: what a shopper reads when the one-open-attempt rule or a silent gateway holds a payment back
  inProgress: 'A payment for this order is already being processed. Please wait a moment: we will e-mail you as soon as it is confirmed.',
  unconfirmed:
    "We could not confirm your payment with the payment provider yet. Please don't pay again: we are checking with them and will e-mail you as soon as it is confirmed.",
  proofRequired: 'This payment can only be read or changed by whoever started it.',
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

/** The payment methods a shopper pays an order with (the gateway behind each is the server's business). */
export const PAYABLE_METHOD_NAMES = ['credit-card', 'online-payment'] as const;
export type PayableMethodName = (typeof PAYABLE_METHOD_NAMES)[number];

export function isPayableMethodName(name: unknown): name is PayableMethodName {
  return typeof name === 'string' && (PAYABLE_METHOD_NAMES as readonly string[]).includes(name);
}

/**
 * What a payment taken on the sandbox gateway says wherever a shopper or the staff see it (the
 * checkout, the success page, every order e-mail): no money moved, so nobody may mistake it for a
 * sale. The sandbox runs in development, and in production only with PAYMENTS_SANDBOX=allow.
 */
export const TEST_PAYMENT_MESSAGES = {
  /** on the success page and in the order e-mails of an order paid on the sandbox */
  testPayment: 'Test payment: no money was taken.',
  /** before the shopper pays, while the chosen method runs on the sandbox */
  testMode: 'Test mode: this checkout uses the sandbox payment gateway and no money is taken. Pay with one of the sandbox test cards.',
  /** the order e-mails' subject starts with it */
  subjectPrefix: '[Test payment] ',
} as const;
