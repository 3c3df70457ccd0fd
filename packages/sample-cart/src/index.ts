export { sampleCartMessages } from './messages.js';
export { normaliseQuantity } from '@storefront/contracts';
export { parseStoredCart, readStoredCart, SAMPLE_CART_EXPIRY_MS, type StoredCartRead, type StoredCartStatus } from './storage.js';
export {
  createSampleCartStore,
  sameLine,
  type NewSample,
  type SampleCartOptions,
  type SampleCartResult,
  type SampleCartState,
  type SampleCartStore,
  type SampleLineKey,
} from './store.js';
export { sampleCartStore, selectSampleCount, useSampleCart } from './use-sample-cart.js';
