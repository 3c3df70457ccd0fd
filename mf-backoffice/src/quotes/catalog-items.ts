import { call, contentApi, isPlainObject, type ApiAnswer } from '@storefront/contracts';

/** A product of the catalog a quote line can be picked from (price in dollars, as the catalog writes it). */
export interface CatalogItem {
  sku: string;
  name: string;
  price: number;
  /** the door style it belongs to, shown beside it */
  styleTitle: string;
}

/** The sellable items of one product style (GET /api/content/product-styles/:styleName); sample doors are left out. */
export function catalogItemsOf(style: unknown): CatalogItem[] {
  if (!isPlainObject(style) || !Array.isArray(style.items)) return [];
  const styleTitle = typeof style.title === 'string' ? style.title : '';
  return style.items.flatMap((item: unknown) => {
    if (!isPlainObject(item) || item.isSample === true) return [];
    const { sku, name, price } = item;
    if (typeof sku !== 'string' || typeof name !== 'string' || typeof price !== 'number' || !Number.isFinite(price)) return [];
    return [{ sku, name, price, styleTitle }];
  });
}

/** The style codes of GET /api/content/product-styles (each summary's `name`). */
export function styleNamesOf(summaries: unknown): string[] {
  if (!Array.isArray(summaries)) return [];
  return summaries.flatMap((summary: unknown) => (isPlainObject(summary) && typeof summary.name === 'string' ? [summary.name] : []));
}

/**
 * Every sellable item of the catalog, by sku: the product styles (GET /api/content/product-styles),
 * then each style's products. The content service has no search answering prices (GET /api/search's
 * hits name a product and its sku, not its price), so the picker reads the styles themselves: a
 * few cached content answers, asked once, only when staff open the picker.
 */
export async function loadCatalogItems(signal: AbortSignal): Promise<ApiAnswer<CatalogItem[]>> {
  const list = await call(contentApi.productStyles, { signal });
  if (!list.ok) return list;
  const styles = await Promise.all(styleNamesOf(list.data).map((styleName) => call(contentApi.productStyle, { params: { styleName }, signal })));
  const failed = styles.find((answer) => !answer.ok);
  if (failed && !failed.ok) return failed;
  const bySku = new Map<string, CatalogItem>();
  for (const answer of styles) if (answer.ok) for (const item of catalogItemsOf(answer.data)) if (!bySku.has(item.sku)) bySku.set(item.sku, item);
  return { ok: true, status: 200, data: [...bySku.values()], headers: list.headers };
}
