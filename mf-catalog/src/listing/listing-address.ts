import { CATALOG_STYLES_URL, CATALOG_PAGE_SIZE_DEFAULT, CATALOG_PAGE_SIZE_MAX, DEFAULT_CATALOG_SORT } from '@storefront/contracts';
import { parsePageNumber } from '@storefront/ui';

/**
 * A listing's state lives in the address only (spec §2): `page`, `sort` and one repeated parameter per
 * filter (`?color=white&color=grey`), so a reload or a shared link shows the same list. These helpers
 * turn an address into the catalog API's URL and build the next address for each control; every
 * change of filter or sort goes back to the first page (a page number means nothing under another
 * selection).
 */

export { CATALOG_STYLES_URL };
/** Parameters the listing owns; everything else in the address is passed to the catalog as a filter. */
const OWN_PARAMETERS = new Set(['page', 'pageSize', 'sort']);

export function listingPageSize(size: number | undefined): number {
  return Number.isInteger(size) && size! >= 1 && size! <= CATALOG_PAGE_SIZE_MAX ? size! : CATALOG_PAGE_SIZE_DEFAULT;
}

/** The page the address asks for: a missing, non-numeric, negative or fractional `page` is page 1. */
export function requestedPage(search: URLSearchParams): number {
  return parsePageNumber(search.get('page'));
}

/**
 * The catalog API URL for one page of the address's selection. Filters and their values are sorted, so
 * one selection is one URL however its parameters were ordered: one page-data entry and one answer in
 * the caches. Parameters that are not filters (e.g. utm_source) are passed on and ignored by the
 * service, which knows the filters; the browser does not have to.
 */
export function listingApiUrl(search: URLSearchParams, page: number, pageSize: number): string {
  const params = new URLSearchParams({ page: String(page), pageSize: String(pageSize) });
  const sort = search.get('sort');
  if (sort) params.set('sort', sort);
  const filters = [...new Set([...search.keys()].filter((key) => !OWN_PARAMETERS.has(key)))].sort();
  for (const name of filters) {
    for (const value of [...new Set(search.getAll(name))].sort()) params.append(name, value);
  }
  return `${CATALOG_STYLES_URL}?${params.toString()}`;
}

function copy(search: URLSearchParams): URLSearchParams {
  return new URLSearchParams(search);
}

/** One filter value chosen or dropped; back to page 1. */
export function withFilterValue(search: URLSearchParams, name: string, value: string, chosen: boolean): URLSearchParams {
  const next = copy(search);
  const values = next.getAll(name).filter((existing) => existing !== value);
  next.delete(name);
  for (const existing of chosen ? [...values, value] : values) next.append(name, existing);
  next.delete('page');
  return next;
}

/** Every filter replaced by `selections` (the mobile panel's Apply, Clear All with none); back to page 1. */
export function withSelections(search: URLSearchParams, filterNames: readonly string[], selections: ReadonlyMap<string, readonly string[]>): URLSearchParams {
  const next = copy(search);
  for (const name of filterNames) next.delete(name);
  for (const name of filterNames) for (const value of selections.get(name) ?? []) next.append(name, value);
  next.delete('page');
  return next;
}

/** A sort chosen; the default sort leaves the address clean. Back to page 1. */
export function withSort(search: URLSearchParams, sort: string): URLSearchParams {
  const next = copy(search);
  if (sort === DEFAULT_CATALOG_SORT) next.delete('sort');
  else next.set('sort', sort);
  next.delete('page');
  return next;
}

/** A page of the list; page 1 leaves the address clean. */
export function withPage(search: URLSearchParams, page: number): URLSearchParams {
  const next = copy(search);
  if (page <= 1) next.delete('page');
  else next.set('page', String(page));
  return next;
}

/** The address's query part for a link: "?a=b", or "?" alone when empty (which clears the query). */
export function searchHref(search: URLSearchParams): string {
  return `?${search.toString()}`;
}
