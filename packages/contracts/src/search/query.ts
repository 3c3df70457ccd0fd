// What the search takes as a query and its words: plain rules shared by the header's popup, the results
// page and the service, free of the search's schemas.
import type { SiteSearchSettings } from '../content-files/site.js';

/** What a search hit is: a door style, one of a style's products (a cabinet or a sample door), a blog post. */
export type SearchHitKind = 'style' | 'product' | 'blog';

/** Spec §9: search needs at least 3 characters. */
export const SEARCH_QUERY_MIN_LENGTH = 3;
/** Longer queries are cut (the blog search does the same). */
export const SEARCH_QUERY_MAX_LENGTH = 100;
export const SEARCH_RESULTS_PATH = '/search';
/** Pages past this are refused: nobody pages that far, and OFFSET would make PostgreSQL walk every row. */
export const SEARCH_PAGE_MAX = 1000;
export const SEARCH_PAGE_SIZE_DEFAULT = 10;
export const SEARCH_PAGE_SIZE_MAX = 48;
/** How many suggestions the header's popup asks for. */
export const SEARCH_SUGGESTION_LIMIT = 6;

/** Spec §5 and §2, spelled as written ("See all Result" included). */
export const SEARCH_MESSAGES = {
  tooShort: 'Please enter at least 3 characters to search.',
  noResults: 'No results found.',
  seeAll: 'See all Result',
  unavailable: 'Search is unavailable right now.',
} as const;

/** The words a shopper sees for each kind of hit. */
export const SEARCH_KIND_LABELS: Record<SearchHitKind, string> = {
  style: 'Cabinet style',
  product: 'Product',
  blog: 'Article',
};

/**
 * The query as the search uses it: trimmed, runs of white space made one space, cut to
 * SEARCH_QUERY_MAX_LENGTH. Anything that is not a string is the empty query. The popup, the results
 * page and the service all use this, so they agree on what "3 characters" means.
 */
export function normaliseSearchQuery(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  return raw.replace(/\s+/g, ' ').trim().slice(0, SEARCH_QUERY_MAX_LENGTH).trim();
}

/** True when the (normalised) query is long enough to search. */
export function isSearchableQuery(query: string): boolean {
  return query.length >= SEARCH_QUERY_MIN_LENGTH;
}

/** The results page's path from the site settings: a site path, else SEARCH_RESULTS_PATH. */
export function searchResultsPath(settings: SiteSearchSettings | undefined): string {
  const path = settings?.resultsPath;
  return typeof path === 'string' && /^\/(?!\/)/.test(path) ? path : SEARCH_RESULTS_PATH;
}
