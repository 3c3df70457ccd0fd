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
