import { sampleCartStore } from '@storefront/sample-cart';
import { clearRetainedOrder, writeOrderSuccessMarker, type OrderSuccessFlags } from './retained-order.js';

export const ORDER_SUCCESS_PATH = '/order/success';
export const PAYMENT_FAIL_PATH = '/payment/fail';

/**
 * The success flow (spec 4, "On success"), the same after a card payment at checkout and after a
 * verified return from the gateway: forget the retained order, leave the order number for the
 * success page, empty the sample cart (the store fires selected-samples-updated, so the header badge
 * follows), then show /order/success. `paymentPending`: the gateway verified the payment as still
 * pending (spec 4, payment return: anything but a failure goes to the success page), so the page
 * says it is being confirmed rather than paid. `testPayment`: taken on the sandbox, which the page says.
 * `partialPayment`/`remainingBalance` (a quote or order paid in part): the page's 'split' variant
 * (/order/success?split=true) with both amounts.
 */
export function completeOrder(
  orderIncrementId: string,
  navigate: (path: string, options?: { replace?: boolean }) => void,
  replace = false,
  flags: OrderSuccessFlags = {},
): void {
  clearRetainedOrder();
  writeOrderSuccessMarker(orderIncrementId, flags);
  // spec 2: a partial payment with a balance left shows the success page's 'split' variant
  navigate(flags.remainingBalance ? `${ORDER_SUCCESS_PATH}?split=true` : ORDER_SUCCESS_PATH, { replace });
  sampleCartStore.getState().clearCart();
}
