import type { CatalogListingFiltersFile, CatalogListingQuery, CatalogSort } from '@storefront/contracts';

export type ListingFilterDefinition = CatalogListingFiltersFile['filters'][number];

/** The listing request after the bad-input rules: every field valid, nothing to refuse. */
export interface ListingQuery {
  /** asked-for page (≥ 1); the service turns a page past the end into 1 */
  page: number;
  pageSize: number;
  sort: CatalogSort;
  /** filter name -> its known values in the filter's option order; filters without any are left out */
  selections: Map<string, string[]>;
}

/**
 * The listing query as the index reads it: the route's schema (catalogListingQuerySchema) has
 * corrected page, pageSize and sort and gathered the filter parameters' values; here each filter of
 * the catalog keeps the values it knows, in its option order (unknown filters and values dropped).
 */
export function listingQueryOf(query: CatalogListingQuery, filters: readonly ListingFilterDefinition[]): ListingQuery {
  const selections = new Map<string, string[]>();
  for (const filter of filters) {
    const asked = new Set(Object.hasOwn(query.filters, filter.value) ? query.filters[filter.value] : []);
    const known = filter.options.map((option) => option.value).filter((value) => asked.has(value));
    if (known.length > 0) selections.set(filter.value, known);
  }
  return { page: query.page, pageSize: query.pageSize, sort: query.sort, selections };
}

/** A stable key of the selection (listing answers are kept per query). */
export function selectionKey(selections: Map<string, string[]>): string {
  return JSON.stringify([...selections.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
