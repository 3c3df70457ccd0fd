// The catalog's paths, sorts, page sizes and messages, free of the listing and category schemas
// (the catalog pages and the style cards need only these).

/** Where a product-style card links: the style detail page. */
export const PRODUCT_STYLE_PATH = '/products/kitchen-cabinets/rta-kitchen-cabinets';

/** The style page, optionally with a finish chosen (spec §2: query parameters type and value). */
export function productStylePath(code: string, finish?: { type: string; value: string }): string {
  const path = `${PRODUCT_STYLE_PATH}/${encodeURIComponent(code)}`;
  return finish ? `${path}?type=${encodeURIComponent(finish.type)}&value=${encodeURIComponent(finish.value)}` : path;
}

/** Spec §9: sort values and labels; the first is the default. */
export const CATALOG_SORT_OPTIONS = [
  { value: 'a-z', label: 'A-Z' },
  { value: 'z-a', label: 'Z-A' },
  { value: 'newest', label: 'Newest' },
  { value: 'oldest', label: 'Oldest' },
] as const;

export type CatalogSort = (typeof CATALOG_SORT_OPTIONS)[number]['value'];
export const DEFAULT_CATALOG_SORT: CatalogSort = 'a-z';

export const CATALOG_PAGE_SIZE_DEFAULT = 12;
export const CATALOG_PAGE_SIZE_MAX = 48;

/** Spec §8 "Product category issues", spelled as written. */
export const CATEGORY_MESSAGES = {
  loadFailed: 'Category data not found',
  empty: 'No category data available',
  productsMissing: 'Product data not found or invalid format',
} as const;

/** Spec §8: `Category "X" not found in data` (the API's 404 message and the page's). */
export function categoryNotFoundMessage(slug: string): string {
  return `Category "${slug}" not found in data`;
}

/** Sample doors per page in the category handler unless the block says otherwise. */
export const CATEGORY_SAMPLES_PAGE_SIZE = 8;

/** Spec §9: the tab strip's scroll arrows move it this far (px); tabs sit this far apart. */
export const TAB_SCROLL_STEP_PX = 200;
export const TAB_WIDTH_SPACING_PX = 15;
