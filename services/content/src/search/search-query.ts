import { BadRequestException } from '@nestjs/common';
import {
  SEARCH_PAGE_MAX,
  SEARCH_MESSAGES,
  SEARCH_PAGE_SIZE_DEFAULT,
  SEARCH_PAGE_SIZE_MAX,
  isSearchableQuery,
  normaliseSearchQuery,
} from '@storefront/contracts';

/** A search request after validation. */
export interface SearchRequest {
  query: string;
  page: number;
  pageSize: number;
}

/** More words than this add nothing to a shopper's query and only make the tsquery longer. */
const MAX_WORDS = 12;

/** A whole number from 1 to max, or undefined when the parameter is absent; anything else is a 400. */
function wholeNumber(value: unknown, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new BadRequestException(`${name} must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}

/**
 * Reads GET /api/search's parameters: `query` (trimmed, at most 100 characters, at least 3 or the
 * spec's message), `page`, `pageSize`, and `limit` (the header's suggestions: the same as pageSize).
 * Every bad value is a 400 with a message that says what is wrong.
 */
export function parseSearchRequest(params: { query?: unknown; page?: unknown; pageSize?: unknown; limit?: unknown }): SearchRequest {
  const query = normaliseSearchQuery(params.query);
  if (!isSearchableQuery(query)) throw new BadRequestException(SEARCH_MESSAGES.tooShort);
  const page = wholeNumber(params.page, 'page', SEARCH_PAGE_MAX) ?? 1;
  const limit = wholeNumber(params.limit, 'limit', SEARCH_PAGE_SIZE_MAX);
  const pageSize = limit ?? wholeNumber(params.pageSize, 'pageSize', SEARCH_PAGE_SIZE_MAX) ?? SEARCH_PAGE_SIZE_DEFAULT;
  return { query, page, pageSize };
}

/** The query's words: runs of letters and digits, lower case ("SSW-B12" is "ssw", "b12"). */
export function searchWords(query: string): string[] {
  return (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, MAX_WORDS);
}

/**
 * The text for `to_tsquery('english', $1)`: every word must match, the last one as a prefix so
 * suggestions follow the shopper's typing ("shaker whi" -> "shaker & whi:*"). Words hold only
 * letters and digits, so nothing the shopper types can be read as tsquery syntax; the text is still
 * passed to PostgreSQL as a parameter, never put into the SQL. Null when the query has no words.
 */
export function prefixTsQuery(query: string): string | null {
  const words = searchWords(query);
  if (words.length === 0) return null;
  return words.map((word, index) => (index === words.length - 1 ? `${word}:*` : word)).join(' & ');
}

/** A LIKE pattern matching `text` anywhere, with LIKE's own wildcards (%, _) and the escape taken literally. */
export function containsLikePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
