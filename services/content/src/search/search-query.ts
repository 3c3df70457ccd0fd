/** A search request after the route's schema (searchQuerySchema in contracts): normalised query, page, page size. */
export interface SearchRequest {
  query: string;
  page: number;
  pageSize: number;
}

/** More words than this add nothing to a shopper's query and only make the tsquery longer. */
const MAX_WORDS = 12;

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
