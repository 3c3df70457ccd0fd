import { sampleCartStore } from '@storefront/sample-cart';
import { clearRetainedOrder, writeOrderSuccessMarker } from './retained-order.js';

export const ORDER_SUCCESS_PATH = '/order/success';
export const PAYMENT_FAIL_PATH = '/payment/fail';

/**
 * The success flow (spec 4, "On success"), the same after a card payment at checkout and after a
 * verified return from the gateway: forget the retained order, leave the order number for the
 * success page, empty the sample cart (the store fires selected-samples-updated, so the header badge
 * follows), then show /order/success.
 */
export function completeOrder(orderIncrementId: string, navigate: (path: string, options?: { replace?: boolean }) => void, replace = false): void {
  clearRetainedOrder();
  writeOrderSuccessMarker(orderIncrementId);
  navigate(ORDER_SUCCESS_PATH, { replace });
  sampleCartStore.getState().clearCart();
}
