import type { FinishGroup, ProductStyle, SampleFinish, StyleItem } from '@storefront/contracts';

/** A sellable item together with the style it belongs to. */
export interface CatalogEntry {
  item: StyleItem;
  style: ProductStyle;
}

/**
 * Indexes already built, by catalog: services keep one catalog array per content version, so each
 * cart is priced without walking every style again (measured: a few percent of a cart summary).
 */
const indexes = new WeakMap<readonly ProductStyle[], ReadonlyMap<string, CatalogEntry>>();

/**
 * sku -> item and style. SKUs compare case-insensitively; the first style listing a SKU wins.
 * Built once per catalog array (which must not change afterwards, as content does not).
 */
export function indexCatalog(catalog: readonly ProductStyle[]): ReadonlyMap<string, CatalogEntry> {
  let index = indexes.get(catalog);
  if (!index) {
    index = buildIndex(catalog);
    indexes.set(catalog, index);
  }
  return index;
}

function buildIndex(catalog: readonly ProductStyle[]): Map<string, CatalogEntry> {
  const index = new Map<string, CatalogEntry>();
  for (const style of catalog) {
    for (const item of style.items ?? []) {
      const key = skuKey(item.sku);
      if (!index.has(key)) index.set(key, { item, style });
    }
  }
  return index;
}

export function skuKey(sku: string): string {
  return sku.trim().toUpperCase();
}

/**
 * The finish shown for a line. A sample door shows one finish, so the catalog's finish is the truth;
 * other items keep the finish the shopper chose, but only if the style offers it.
 */
export function describeFinish(entry: CatalogEntry, requested: SampleFinish | undefined): SampleFinish | undefined {
  const wanted = entry.item.finish ?? requested;
  if (!wanted) return undefined;
  const group: FinishGroup | undefined = entry.style.finishes?.find((g) => g.name === wanted.type);
  const option = group?.items.find((o) => o.value === wanted.value);
  if (!option) return entry.item.finish ? { type: wanted.type, value: wanted.value } : undefined;
  const image = option.doorImage ?? option.image?.src;
  return { type: wanted.type, value: option.value, label: option.label, ...(image ? { image } : {}) };
}
