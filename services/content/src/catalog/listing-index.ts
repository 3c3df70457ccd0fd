import type { CatalogSort } from '@storefront/contracts';
import { facetValue } from './catalog-rows.js';
import type { ListingFilterDefinition, ListingQuery } from './listing-query.js';

/**
 * The catalog listing answered from memory: one index per catalog version, built from the catalog
 * tables' rows. Each filter option is a bitset over the styles' positions (bit p = style p has it),
 * so a selection is a few OR/AND passes over ~160 words at 5,000 styles and a facet count is a
 * popcount; each sort is the positions pre-sorted, so a page is the first matching ones from an
 * offset. Pure: no Nest, no database (the service loads the rows and keeps the index).
 */

/** One catalog_style row as the index needs it. */
export interface IndexedStyle {
  code: string;
  /** the ProductStyleCard as JSON text (PostgreSQL's jsonb text), spliced into answers unparsed */
  card: string;
  /** catalog_style.title_sort: a COLLATE "C" column, so compared by UTF-8 bytes here too */
  titleSort: string;
  /** YYYY-MM-DD; null sorts as PostgreSQL does (after every date ascending, before them descending) */
  addedOn: string | null;
  /** "field:value" (catalog_style.facet_values) */
  facetValues: readonly string[];
}

export interface ListingIndex {
  /** the catalog's content hash the rows were read with */
  readonly version: string;
  readonly filters: readonly ListingFilterDefinition[];
  readonly size: number;
  /** cards by position, UTF-8 encoded once: an answer is then copied together, not encoded */
  readonly cards: readonly Buffer[];
  /** every style's bit */
  readonly all: Uint32Array;
  /** per filter (in `filters` order), per option (in the filter's order): the styles with it */
  readonly optionBits: readonly (readonly Uint32Array[])[];
  /** per filter: option value -> its index in `optionBits` */
  readonly optionIndex: readonly ReadonlyMap<string, number>[];
  /** per sort: every position, in that sort's order */
  readonly orders: Readonly<Record<CatalogSort, Int32Array>>;
}

/** One listing answer's figures and its page's cards. */
export interface ListingPage {
  total: number;
  /** the page served: the asked one, or 1 when it lies past the end */
  page: number;
  totalPages: number;
  /** the page's cards as JSON (UTF-8), in the sort's order */
  cards: Buffer[];
  /** per filter, per option (index order): styles with it under the other filters' selection */
  counts: number[][];
}

const wordsFor = (size: number): number => Math.ceil(size / 32);

function popcount32(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

function popcount(bits: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < bits.length; i += 1) count += popcount32(bits[i]!);
  return count;
}

function popcountAnd(a: Uint32Array, b: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < a.length; i += 1) count += popcount32(a[i]! & b[i]!);
  return count;
}

const has = (bits: Uint32Array, position: number): boolean => (bits[position >>> 5]! & (1 << (position & 31))) !== 0;

function set(bits: Uint32Array, position: number): void {
  bits[position >>> 5]! |= 1 << (position & 31);
}

/**
 * The index of one catalog version. `styles` must come in code order as the database collates
 * code (ORDER BY code): ties on title or date break by that position, as today's SQL broke them by
 * code, so a-z is (title_sort, code), z-a its reverse, oldest (added_on, code), newest its reverse.
 */
export function buildListingIndex(version: string, filters: readonly ListingFilterDefinition[], styles: readonly IndexedStyle[]): ListingIndex {
  const size = styles.length;
  const words = wordsFor(size);
  const all = new Uint32Array(words);
  for (let p = 0; p < size; p += 1) set(all, p);

  const optionIndex = filters.map((filter) => new Map(filter.options.map((option, i) => [option.value, i])));
  // "field:value" -> the bitset it fills (one facet value can be an option of several filters)
  const byFacet = new Map<string, Uint32Array[]>();
  const optionBits = filters.map((filter) =>
    filter.options.map((option) => {
      const bits = new Uint32Array(words);
      const key = facetValue(filter.field, option.value);
      byFacet.set(key, [...(byFacet.get(key) ?? []), bits]);
      return bits;
    }),
  );
  styles.forEach((style, p) => {
    for (const value of style.facetValues) for (const bits of byFacet.get(value) ?? []) set(bits, p);
  });

  const positions = Array.from({ length: size }, (_, p) => p);
  const titles = styles.map((style) => Buffer.from(style.titleSort, 'utf8'));
  const aToZ = Int32Array.from([...positions].sort((a, b) => Buffer.compare(titles[a]!, titles[b]!) || a - b));
  const dateOf = (p: number): string | null => styles[p]!.addedOn;
  const oldest = Int32Array.from(
    [...positions].sort((a, b) => {
      const da = dateOf(a);
      const db = dateOf(b);
      if (da !== db) return da === null ? 1 : db === null ? -1 : da < db ? -1 : 1;
      return a - b;
    }),
  );
  return {
    version,
    filters,
    size,
    cards: styles.map((style) => Buffer.from(style.card, 'utf8')),
    all,
    optionBits,
    optionIndex,
    orders: { 'a-z': aToZ, 'z-a': aToZ.slice().reverse(), oldest, newest: oldest.slice().reverse() },
  };
}

/**
 * A listing from the index: OR within a filter's chosen options, AND across filters; per option the
 * styles with it under the other filters' selection (so choosing White still shows how many Grey
 * there are); the page cut from the sort's order (a page past the end is page 1).
 */
export function queryListingIndex(index: ListingIndex, query: ListingQuery): ListingPage {
  const words = index.all.length;
  // per filter with a selection: the styles with any chosen option
  const chosen = index.filters.map((filter, f) => {
    const values = query.selections.get(filter.value);
    if (!values) return undefined;
    const bits = new Uint32Array(words);
    for (const value of values) {
      const option = index.optionIndex[f]!.get(value);
      if (option === undefined) continue;
      const optionBits = index.optionBits[f]![option]!;
      for (let i = 0; i < words; i += 1) bits[i]! |= optionBits[i]!;
    }
    return bits;
  });
  const under = (except: number): Uint32Array => {
    const bits = index.all.slice();
    chosen.forEach((filterBits, f) => {
      if (!filterBits || f === except) return;
      for (let i = 0; i < words; i += 1) bits[i]! &= filterBits[i]!;
    });
    return bits;
  };
  const matching = under(-1);
  const counts = index.optionBits.map((options, f) => {
    // a filter without a selection counts under the whole selection
    const scope = chosen[f] ? under(f) : matching;
    return options.map((bits) => popcountAnd(bits, scope));
  });

  const total = popcount(matching);
  const totalPages = Math.max(1, Math.ceil(total / query.pageSize));
  const page = query.page > totalPages ? 1 : query.page;
  const cards: Buffer[] = [];
  let skip = (page - 1) * query.pageSize;
  for (const position of index.orders[query.sort]) {
    if (!has(matching, position)) continue;
    if (skip > 0) {
      skip -= 1;
      continue;
    }
    cards.push(index.cards[position]!);
    if (cards.length === query.pageSize) break;
  }
  return { total, page, totalPages, cards, counts };
}
