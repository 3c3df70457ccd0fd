import { maxQuantityMessage } from '@storefront/contracts';

/** The spec's sample-cart messages, spelled exactly as the spec writes them. */
export const sampleCartMessages = {
  added: (name: string) => `Item ${name} has been successfully added.`,
  updated: (name: string) => `Item ${name} has been successfully updated.`,
  maxQuantity: maxQuantityMessage,
} as const;
