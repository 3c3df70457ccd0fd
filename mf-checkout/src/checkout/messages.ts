/** The spec's checkout and cart texts, spelled as the spec writes them. */
export const checkoutText = {
  loadingCart: 'Loading cart...',
  emptyCart: 'Looks like you have not added anything to your cart. Go ahead & add items to your cart.',
  shippingAfterAddress: 'Shipping will be calculated after entering address.',
  noShippingMethods:
    'Sorry, no shipping methods are available for the selected shipping address. Please try using a different address, as you will not be able to proceed without selecting a shipping method.',
  cartTitle: 'Shopping Cart',
  continueShopping: 'Continue Shopping',
  clearCart: 'Clear Cart',
} as const;

/** Where Continue Shopping goes (spec: /order-samples). */
export const CONTINUE_SHOPPING_PATH = '/order-samples';
