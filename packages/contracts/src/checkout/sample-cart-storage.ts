// Where the sample cart lives in the browser: plain constants, free of the cart's schemas.

export const SAMPLE_CART_STORAGE_KEY = 'selectedSamples';
export const SAMPLE_CART_UPDATED_EVENT = 'selected-samples-updated';
/** The spec names an hours constant and elsewhere gives 24 hours. */
export const SAMPLE_CART_EXPIRY_HOURS = 24;
export const SAMPLE_MAX_QTY = 1;
/**
 * Cookie mirroring how many samples the local cart holds (the cart itself stays in localStorage).
 * Only a layout hint for the server's first HTML (the checkout's form or its empty state); never
 * read for anything an order depends on.
 */
export const SAMPLE_CART_COUNT_COOKIE = 'sf_sample_count';
/**
 * Cookie mirroring the cart's lines (cartLinesText: sku, finish, qty; no names, no prices) so the
 * server can price the checkout's cart summary into its first HTML instead of after hydration. A
 * layout hint like the count: the order is priced again from what the browser sends when it is placed.
 */
export const SAMPLE_CART_LINES_COOKIE = 'sf_sample_lines';
/**
 * Past this many characters (URI-encoded) the lines cookie is left out and the checkout shows its
 * loading state until the cart is read: browsers cap a cookie at 4 KB, and every request carries it.
 */
export const SAMPLE_CART_LINES_COOKIE_MAX_CHARS = 3000;
