// Where the checkout keeps an order between pages, free of the checkout schemas (the browser needs only these).

/** localStorage key holding the order number for /order/success (spec: order-success). */
export const ORDER_SUCCESS_STORAGE_KEY = 'order-success';
/** sessionStorage key of the order kept after a payment that did not complete (id, number, token). */
export const RETAINED_ORDER_STORAGE_KEY = 'checkout-retained-order';
