import { array, mixed, number, object, string, type InferType } from 'yup';
import { wholeNumberParam } from './query-params.js';
import type { ImageRef } from './site.js';

import type { SiteSearchSettings } from './content-files/site.js';
export type { SiteSearchSettings };

/** What a search hit is: a door style, one of a style's products (a cabinet or a sample door), a blog post. */
export type SearchHitKind = 'style' | 'product' | 'blog';

/** One result of GET /api/search (spec §3 "Search item": name/title, description, sku, type, images). */
export const searchHitSchema = object({
  kind: mixed<SearchHitKind>().oneOf(['style', 'product', 'blog']).required(),
  title: string().required(),
  description: string().required(),
  /** the page the shopper lands on (a style page, with ?type=&value= for a finish; /blogs/{blogDetailPath}) */
  url: string().required().meta({ jsonSchema: { description: 'the page the shopper lands on (a style page, with ?type=&value= for a finish; /blogs/{blogDetailPath})' } }),
  image: mixed<ImageRef>()
    .optional()
    .meta({ jsonSchema: { type: 'object', description: 'ImageRef: src, altText, width, height (and mobileSrc, tabletSrc)' } }),
  sku: string().optional(),
});
export type SearchHit = InferType<typeof searchHitSchema>;

/** GET /api/search?query=&page=&pageSize= (or &limit= for the header's suggestions) */
export const searchResponseSchema = object({
  /** the query as searched: trimmed, inner spaces collapsed, at most SEARCH_QUERY_MAX_LENGTH characters */
  query: string().required().meta({ jsonSchema: { description: 'the query as searched: trimmed, inner spaces collapsed, at most 100 characters' } }),
  items: array(searchHitSchema.required()).required(),
  total: number().integer().required(),
  page: number().integer().required(),
  pageSize: number().integer().required(),
  totalPages: number().integer().required(),
});
export type SearchResponse = InferType<typeof searchResponseSchema>;

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

/**
 * GET /api/search's query: `query` (normalised as normaliseSearchQuery does; under 3 characters is
 * the spec's message), `page`, `pageSize`, and `limit` (the header's suggestions: the page size,
 * and then `pageSize` is not read at all). A bad number is a 400 that says what is wrong.
 */
export const searchQuerySchema = object({
  query: string()
    .transform((_value: unknown, original: unknown) => normaliseSearchQuery(original))
    .default('')
    .defined()
    .min(SEARCH_QUERY_MIN_LENGTH, SEARCH_MESSAGES.tooShort)
    .meta({ jsonSchema: { description: 'what to search for: at least 3 characters (white space trimmed and collapsed), cut at 100' } }),
  page: wholeNumberParam('page', SEARCH_PAGE_MAX).default(1),
  pageSize: wholeNumberParam('pageSize', SEARCH_PAGE_SIZE_MAX).default(SEARCH_PAGE_SIZE_DEFAULT),
  limit: wholeNumberParam('limit', SEARCH_PAGE_SIZE_MAX)
    .optional()
    .meta({ jsonSchema: { description: "the header's suggestions: the page size (pageSize is then ignored)" } }),
}).transform((value: unknown) => {
  // with limit given, pageSize is not read (nor refused), as before the route table
  if (!value || typeof value !== 'object' || (value as { limit?: unknown }).limit === undefined) return value;
  const { pageSize: _ignored, ...rest } = value as Record<string, unknown>;
  return rest;
});
export type SearchQuery = InferType<typeof searchQuerySchema>;
