import { array, mixed, number, object, string, type InferType } from 'yup';
import { wholeNumberParam } from '../http/query-params.js';
import type { ImageRef } from '../content/site.js';

import type { SiteSearchSettings } from '../content-files/site.js';
import { type SearchHitKind, SEARCH_QUERY_MIN_LENGTH, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX, SEARCH_MESSAGES, normaliseSearchQuery } from './query.js';
export type { SiteSearchSettings, SearchHitKind };


/** A category a hit belongs to, with its page: a style's door-style category, a post's blog category. */
export const searchHitCategorySchema = object({
  name: string().required(),
  url: string().required(),
});
export type SearchHitCategory = InferType<typeof searchHitCategorySchema>;

/**
 * One result of GET /api/search (spec §3 "Search item": name, title, description, sku, type,
 * categories, images). `name` is what the thing is called (a style's name, a cabinet's or sample
 * door's product name, a post's title); `title` is the result's heading. They are the same words
 * today, but the contract keeps both as the spec lists both.
 */
export const searchHitSchema = object({
  kind: mixed<SearchHitKind>().oneOf(['style', 'product', 'blog']).required(),
  name: string().required(),
  title: string().required(),
  description: string().required(),
  /** the page the shopper lands on (a style page, with ?type=&value= for a finish; /blogs/{blogDetailPath}) */
  url: string().required().meta({ jsonSchema: { description: 'the page the shopper lands on (a style page, with ?type=&value= for a finish; /blogs/{blogDetailPath})' } }),
  image: mixed<ImageRef>()
    .optional()
    .meta({ jsonSchema: { type: 'object', description: 'ImageRef: src, altText, width, height (and mobileSrc, tabletSrc)' } }),
  sku: string().optional(),
  /** none for a style whose door style has no category page */
  categories: array(searchHitCategorySchema.required()).required(),
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

export { SEARCH_QUERY_MIN_LENGTH, SEARCH_QUERY_MAX_LENGTH, SEARCH_RESULTS_PATH, SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE_DEFAULT, SEARCH_PAGE_SIZE_MAX, SEARCH_SUGGESTION_LIMIT, SEARCH_MESSAGES, SEARCH_KIND_LABELS, normaliseSearchQuery, isSearchableQuery, searchResultsPath } from './query.js';

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
