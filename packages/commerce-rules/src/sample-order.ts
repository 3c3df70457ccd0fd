import type { CartLine, PaymentScope, ProductStyle, StyleItem } from '@storefront/contracts';
import { indexCatalog, skuKey } from './catalog-index.js';

/**
 * What a sample order (the checkout: POST and PATCH /api/order) may hold and how it may be paid, one
 * rule for the pages and the orders service (review, "the server is looser than the browser").
 */

/** Where a checkout order is paid, as the payment methods' scopes name it. */
export const SAMPLE_ORDER_SCOPE: PaymentScope = 'sample-order';

/** A catalog item the sample cart may hold: the style page offers sample items only (isSample). */
export function isSampleItem(item: Pick<StyleItem, 'isSample'>): boolean {
  return item.isSample === true;
}

/**
 * The catalog items of `lines` that are not samples, as the catalog spells their SKUs (each once, in
 * order). Unknown SKUs are not named here: priceCart's unknownSkus speaks for them.
 */
export function nonSampleSkus(catalog: readonly ProductStyle[], lines: readonly Pick<CartLine, 'sku'>[]): string[] {
  const index = indexCatalog(catalog);
  const found: string[] = [];
  for (const line of lines) {
    const entry = typeof line.sku === 'string' ? index.get(skuKey(line.sku)) : undefined;
    if (entry && !isSampleItem(entry.item) && !found.includes(entry.item.sku)) found.push(entry.item.sku);
  }
  return found;
}

/**
 * Is a payment method offered where an order is paid? A method listing scopes is offered in those
 * only; one listing none is offered everywhere (content/settings/payment-methods.json). One rule for
 * GET /api/payment-methods?scope= (what the pages offer), the payments service's charge and the
 * orders service's order, so the checkout never shows a method the services would refuse. Split payment lists no sample-order scope: a sample order is paid in one go.
 */
export function isOfferedIn(method: { scopes?: readonly string[] | undefined }, scope: PaymentScope | string): boolean {
  return !Array.isArray(method.scopes) || method.scopes.includes(scope);
}
