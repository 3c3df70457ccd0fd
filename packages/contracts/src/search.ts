import type { ImageRef } from './site.js';

/** What a search hit is: a door style, one of a style's products (a cabinet or a sample door), a blog post. */
export type SearchHitKind = 'style' | 'product' | 'blog';

/** One result of GET /api/search (spec §3 "Search item": name/title, description, sku, type, images). */
export interface SearchHit {
  kind: SearchHitKind;
  title: string;
  description: string;
  /** the page the shopper lands on (a style page, with ?type=&value= for a finish; /blogs/{blogDetailPath}) */
  url: string;
  image?: ImageRef;
  sku?: string;
}

/** GET /api/search?query=&page=&pageSize= (or &limit= for the header's suggestions) */
export interface SearchResponse {
  /** the query as searched: trimmed, inner spaces collapsed, at most SEARCH_QUERY_MAX_LENGTH characters */
  query: string;
  items: SearchHit[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
}

/** `search` in content/site/site.json */
export interface SiteSearchSettings {
  /** where the header's search form goes (GET, parameter `query`); default SEARCH_RESULTS_PATH */
  resultsPath?: string;
}

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

/** GET /api/search for a query (already normalised), page and page size. */
export function searchApiUrl(query: string, options: { page?: number; pageSize?: number; limit?: number } = {}): string {
  const params = new URLSearchParams({ query });
  if (options.limit !== undefined) params.set('limit', String(options.limit));
  if (options.page !== undefined && options.page > 1) params.set('page', String(options.page));
  if (options.pageSize !== undefined) params.set('pageSize', String(options.pageSize));
  return `/api/search?${params.toString()}`;
}
