import type { ImageRef } from './site.js';

/**
 * The catalog listing (GET /api/catalog/styles): filtering, sorting and paging happen in the content
 * service (an in-memory index of its catalog tables), so the browser only ever receives one page of cards.
 */

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

/** Spec §8, spelled as written. */
export const CATALOG_MESSAGES = {
  productNotFound: 'Product data not found or invalid format',
  noSamples: 'No sample items available for this style.',
  loadingSamples: 'Loading samples....',
} as const;

/** The style field a listing filter reads (content/catalogs/listing-filters.json `field`). */
export type CatalogFacetField = 'doorStyle' | 'colorFamily' | 'finishType' | 'label';

/** content/catalogs/listing-filters.json: the filters in the order a shopper sees them. */
export interface CatalogListingFiltersFile {
  filters: {
    /** the query parameter, e.g. doorStyle (repeated for several values: ?color=white&color=grey) */
    value: string;
    label: string;
    field: CatalogFacetField;
    options: { value: string; label: string }[];
  }[];
}

/** A finish on a card; productStylePath(card.code, swatch) links to the style page with it chosen. */
export interface FinishSwatch {
  /** finish group name (written to the address as ?type=) */
  type: string;
  value: string;
  label: string;
  hex: string;
  /** the swatch image */
  image: string;
}

/** What a product-style card shows. */
export interface ProductStyleCard {
  /** the style code, e.g. ssw */
  code: string;
  title: string;
  /** /products/kitchen-cabinets/rta-kitchen-cabinets/{code} */
  path: string;
  /** the style's base image (null when it has none) */
  image: ImageRef | null;
  /** HTML, sanitised before rendering */
  shortDescription: string;
  /** the first label (e.g. Best Seller), null when none */
  label: string | null;
  labels: string[];
  doorStyle: string | null;
  /** YYYY-MM-DD, what Newest and Oldest sort by */
  addedOn: string | null;
  swatches: FinishSwatch[];
}

export interface CatalogFilterOption {
  value: string;
  label: string;
  /** styles with this option under the other filters' current selection */
  count: number;
  selected: boolean;
}

export interface CatalogFilter {
  /** the query parameter */
  name: string;
  label: string;
  options: CatalogFilterOption[];
}

/**
 * GET /api/catalog/styles?page=&pageSize=&sort=&{filter}=a&{filter}=b. Bad input never fails: unknown
 * filter values are ignored (not selected), an unknown sort is a-z, a page that is not a whole number
 * of at least 1, or past the last page, is page 1; pageSize is clamped to 1..48.
 */
export interface CatalogListingResponse {
  items: ProductStyleCard[];
  total: number;
  /** the page actually served */
  page: number;
  pageSize: number;
  totalPages: number;
  /** the sort actually applied */
  sort: CatalogSort;
  sortOptions: { value: CatalogSort; label: string }[];
  filters: CatalogFilter[];
}

/** A sample door of a style (GET /api/catalog/samples). Samples are free: price 0. */
export interface CatalogSampleItem {
  sku: string;
  name: string;
  price: number;
  finish: { type: string; value: string; label: string; hex: string } | null;
  /** the sample door's image (the swatch when the style has no door drawing) */
  image: string | null;
}

export interface CatalogSampleGroup {
  code: string;
  title: string;
  path: string;
  items: CatalogSampleItem[];
}

/** GET /api/catalog/samples?style= (repeatable; none = every style), in catalog order. */
export interface CatalogSamplesResponse {
  styles: CatalogSampleGroup[];
}
