import { buildListingIndex, type IndexedStyle, type ListingIndex, queryListingIndex } from './listing-index.js';
import { catalogListingQuerySchema } from '@storefront/contracts';
import { type ListingFilterDefinition, listingQueryOf } from './listing-query.js';

const FILTERS: ListingFilterDefinition[] = [
  { value: 'doorStyle', label: 'Door Style', field: 'doorStyle', options: [{ value: 'shaker', label: 'Shaker' }, { value: 'slab', label: 'Slab' }] },
  { value: 'color', label: 'Color', field: 'colorFamily', options: [{ value: 'white', label: 'White' }, { value: 'grey', label: 'Grey' }, { value: 'blue', label: 'Blue' }] },
  { value: 'finish', label: 'Finish', field: 'finishType', options: [{ value: 'paint', label: 'Painted' }, { value: 'stain', label: 'Stained' }] },
];

function style(code: string, titleSort: string, addedOn: string | null, facets: string[]): IndexedStyle {
  return { code, card: JSON.stringify({ code }), titleSort, addedOn, facetValues: facets };
}

// in code order (as the service reads them: ORDER BY code); ties on title and date on purpose
const STYLES = [
  style('a1', 'york', '2024-01-01', ['doorStyle:shaker', 'colorFamily:white', 'finishType:paint']),
  style('b2', 'alder', '2023-05-05', ['doorStyle:shaker', 'colorFamily:grey', 'finishType:paint']),
  style('c3', 'york', '2024-01-01', ['doorStyle:slab', 'colorFamily:white', 'colorFamily:grey', 'finishType:stain']),
  style('d4', 'birch', null, ['doorStyle:slab', 'colorFamily:blue', 'finishType:paint']),
  style('e5', 'alder', '2025-02-02', ['doorStyle:shaker', 'colorFamily:blue', 'finishType:stain', 'colorFamily:unknown']),
  style('f6', 'Zebra', '2023-05-05', ['doorStyle:shaker', 'colorFamily:white']),
];

const index: ListingIndex = buildListingIndex('v1', FILTERS, STYLES);

/** A query string's record read as the route reads it: its schema, then the catalog's filters. */
function parseListingQuery(raw: Record<string, unknown>, filters: readonly ListingFilterDefinition[]) {
  return listingQueryOf(catalogListingQuerySchema.validateSync(raw, { stripUnknown: true }), filters);
}

function list(query: Record<string, unknown>) {
  const page = queryListingIndex(index, parseListingQuery({ pageSize: '48', ...query }, FILTERS));
  const counts = Object.fromEntries(FILTERS.map((filter, f) => [filter.value, Object.fromEntries(filter.options.map((o, i) => [o.value, page.counts[f]![i]]))]));
  return { ...page, codes: page.cards.map((card) => (JSON.parse(card.toString('utf8')) as { code: string }).code), counts };
}

describe('buildListingIndex + queryListingIndex', () => {
  it('lists every style with counts over the whole catalog when nothing is chosen', () => {
    const page = list({});
    expect(page).toMatchObject({ total: 6, page: 1, totalPages: 1 });
    expect(page.counts).toEqual({
      doorStyle: { shaker: 4, slab: 2 },
      color: { white: 3, grey: 2, blue: 2 },
      finish: { paint: 3, stain: 2 },
    });
  });

  it('matches any chosen option of one filter (OR)', () => {
    expect(list({ color: ['white', 'blue'] }).codes.sort()).toEqual(['a1', 'c3', 'd4', 'e5', 'f6']);
    expect(list({ color: 'grey' }).codes.sort()).toEqual(['b2', 'c3']);
  });

  it('matches every filter with a choice (AND across filters)', () => {
    expect(list({ doorStyle: 'shaker', color: ['white', 'grey'] }).codes.sort()).toEqual(['a1', 'b2', 'f6']);
    expect(list({ doorStyle: 'slab', color: 'white', finish: 'paint' }).codes).toEqual([]);
  });

  it("counts each filter's options under the other filters' selection", () => {
    const page = list({ doorStyle: 'shaker', color: 'white' });
    expect(page.total).toBe(2);
    // door styles among white styles (a1, c3, f6); colours among shaker styles (a1, b2, e5, f6)
    expect(page.counts.doorStyle).toEqual({ shaker: 2, slab: 1 });
    expect(page.counts.color).toEqual({ white: 2, grey: 1, blue: 1 });
    // an unchosen filter counts under the whole selection (a1, f6)
    expect(page.counts.finish).toEqual({ paint: 1, stain: 0 });
  });

  it('ignores facet values that are no option (e5 has colorFamily:unknown)', () => {
    expect(list({ color: 'unknown' }).total).toBe(6);
  });

  it.each([
    // title_sort by bytes ("Zebra" before lower case), ties by code
    ['a-z', ['f6', 'b2', 'e5', 'd4', 'a1', 'c3']],
    ['z-a', ['c3', 'a1', 'd4', 'e5', 'b2', 'f6']],
    // the undated sorts as PostgreSQL sorts NULL: first descending, last ascending
    ['newest', ['d4', 'e5', 'c3', 'a1', 'f6', 'b2']],
    ['oldest', ['b2', 'f6', 'a1', 'c3', 'e5', 'd4']],
  ])('sorts %s with ties broken by code', (sort, codes) => {
    expect(list({ sort }).codes).toEqual(codes);
  });

  it('pages in the sort order, and gives page 1 for a page past the end', () => {
    expect(list({ sort: 'a-z', pageSize: '4', page: '2' })).toMatchObject({ page: 2, totalPages: 2, codes: ['a1', 'c3'] });
    expect(list({ sort: 'a-z', pageSize: '4', page: '3' })).toMatchObject({ page: 1, totalPages: 2, codes: ['f6', 'b2', 'e5', 'd4'] });
    expect(list({ sort: 'oldest', doorStyle: 'shaker', pageSize: '1', page: '3' })).toMatchObject({ total: 4, page: 3, totalPages: 4, codes: ['a1'] });
  });

  it('gives an empty first page when nothing matches', () => {
    expect(list({ doorStyle: 'slab', color: 'white', finish: 'paint', page: '5' })).toMatchObject({ total: 0, page: 1, totalPages: 1, codes: [] });
  });

  it('indexes styles across several bitset words', () => {
    const many = Array.from({ length: 100 }, (_, i) =>
      style(`s${String(i).padStart(3, '0')}`, `t${String(99 - i).padStart(3, '0')}`, '2024-01-01', [i % 3 === 0 ? 'doorStyle:slab' : 'doorStyle:shaker', ...(i % 2 === 0 ? ['colorFamily:white'] : [])]),
    );
    const big = buildListingIndex('v2', FILTERS, many);
    const page = queryListingIndex(big, parseListingQuery({ doorStyle: 'slab', color: 'white', pageSize: '5', page: '2' }, FILTERS));
    // multiples of 6 below 100: 17, in title order (reverse code order)
    expect(page).toMatchObject({ total: 17, page: 2, totalPages: 4 });
    expect(page.cards.map((card) => (JSON.parse(card.toString('utf8')) as { code: string }).code)).toEqual(['s066', 's060', 's054', 's048', 's042']);
    expect(page.counts[0]).toEqual([33, 17]);
    expect(page.counts[1]).toEqual([17, 0, 0]);
  });

  it('builds an empty index', () => {
    expect(queryListingIndex(buildListingIndex('v0', FILTERS, []), parseListingQuery({ page: '2' }, FILTERS))).toEqual({
      total: 0,
      page: 1,
      totalPages: 1,
      cards: [],
      counts: [[0, 0], [0, 0, 0], [0, 0]],
    });
  });
});
