/**
 * Taking a payment for an order, whichever page asks (the checkout, a quote's payment link, a split
 * payment): saving the order, the one payment call, the provider's card fields and pay buttons, the
 * way back from the provider's page and the order kept across it. The pages import this index only;
 * what is not listed here is the feature's own business.
 */
export { approvalButtonsFor } from './approval-buttons.js';
export { browserNavigation } from './browser-navigation.js';
export { cardFieldsFor, cardTokenizerFor } from './card-fields.js';
export { useCardSubmitWait } from './card-fields-slot.js';
export type { CardTokenizer } from './card-tokenizer.js';
export { completeOrder, PAYMENT_FAIL_PATH } from './complete-order.js';
export { memoryPaymentSession, PAYMENT_ATTEMPTS_URL, payOrder, type OrderToPay, type PlaceOrderOutcome } from './pay-order.js';
export { cardEntryOf, choosableMethods, defaultMethod, findMethod, isSandbox, PAYMENT_METHODS_URL, paymentMethodKey } from './payment-methods.js';
export {
  clearPaymentReturnContext,
  paymentFailedOf,
  paymentReturnPath,
  readPaymentReturnContext,
  storePaymentReturnContext,
  type PaymentFailedState,
  type PaymentReturnContext,
} from './payment-return-context.js';
export { PaymentEntryFields, usePaymentEntry, type PaymentEntry } from './payment-entry.js';
export { PaymentMethodChooser } from './PaymentMethodChooser.js';
export { PayingOverlay, PaymentSubmit } from './PaymentSubmit.js';
export { ORDER_URL, placeOrder } from './place-order.js';
export { providerScripts } from './provider-script.js';
export { usePayOrder, type PaidOutcome, type PaymentSteps } from './use-pay-order.js';
export { readRetainedOrder, retainOrder, takeOrderSuccessMarker, type OrderSuccessFlags } from './retained-order.js';
