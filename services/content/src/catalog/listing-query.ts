import {
  CATALOG_PAGE_SIZE_DEFAULT,
  CATALOG_PAGE_SIZE_MAX,
  CATALOG_SORT_OPTIONS,
  type CatalogListingFiltersFile,
  type CatalogSort,
  DEFAULT_CATALOG_SORT,
} from '@storefront/contracts';

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

type RawQuery = Record<string, unknown>;

/** The query parameter's values as strings: ?a=1&a=2 arrives as a list, ?a=1 as a string, anything else is ignored. */
function values(raw: unknown): string[] {
  if (typeof raw === 'string') return [raw];
  if (Array.isArray(raw)) return raw.filter((v): v is string => typeof v === 'string');
  return [];
}

/** A whole number written in plain digits ("2"; not "2.5", "-1", "1e3", " 2"); else undefined. */
function wholeNumber(raw: unknown): number | undefined {
  const [first] = values(raw);
  if (first === undefined || !/^\d{1,9}$/.test(first)) return undefined;
  return Number(first);
}

const SORTS = new Set<string>(CATALOG_SORT_OPTIONS.map((option) => option.value));

/**
 * Reads page, pageSize, sort and one parameter per filter (repeatable) under the listing's
 * bad-input rules: a page that is not a whole number of at least 1 -> 1; pageSize clamped to
 * 1..48 (not a number -> the default); an unknown sort -> a-z; unknown filter values dropped.
 */
export function parseListingQuery(query: RawQuery, filters: readonly ListingFilterDefinition[]): ListingQuery {
  const page = wholeNumber(query.page);
  const pageSize = wholeNumber(query.pageSize);
  const [sort] = values(query.sort);
  const selections = new Map<string, string[]>();
  for (const filter of filters) {
    const asked = new Set(values(query[filter.value]).map((value) => value.trim().toLowerCase()));
    const known = filter.options.map((option) => option.value).filter((value) => asked.has(value));
    if (known.length > 0) selections.set(filter.value, known);
  }
  return {
    page: page !== undefined && page >= 1 ? page : 1,
    pageSize: pageSize === undefined ? CATALOG_PAGE_SIZE_DEFAULT : Math.min(CATALOG_PAGE_SIZE_MAX, Math.max(1, pageSize)),
    sort: sort !== undefined && SORTS.has(sort) ? (sort as CatalogSort) : DEFAULT_CATALOG_SORT,
    selections,
  };
}

/** A stable key of the selection (listing answers are kept per query). */
export function selectionKey(selections: Map<string, string[]>): string {
  return JSON.stringify([...selections.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
