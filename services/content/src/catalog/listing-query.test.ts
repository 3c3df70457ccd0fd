import { parseListingQuery, selectionKey, type ListingFilterDefinition } from './listing-query.js';

const FILTERS: ListingFilterDefinition[] = [
  { value: 'doorStyle', label: 'Door Style', field: 'doorStyle', options: [{ value: 'shaker', label: 'Shaker' }, { value: 'slab', label: 'Slab' }] },
  { value: 'color', label: 'Color', field: 'colorFamily', options: [{ value: 'white', label: 'White' }, { value: 'grey', label: 'Grey' }] },
];

describe('parseListingQuery', () => {
  it('reads page, pageSize, sort and repeated filter values', () => {
    const query = parseListingQuery({ page: '3', pageSize: '6', sort: 'newest', color: ['grey', 'white'], doorStyle: 'slab' }, FILTERS);
    expect(query).toEqual({
      page: 3,
      pageSize: 6,
      sort: 'newest',
      // in the filter's option order, whatever the address's order
      selections: new Map([
        ['doorStyle', ['slab']],
        ['color', ['white', 'grey']],
      ]),
    });
  });

  it('gives the first page, default size and A-Z when nothing is asked', () => {
    expect(parseListingQuery({}, FILTERS)).toEqual({ page: 1, pageSize: 12, sort: 'a-z', selections: new Map() });
  });

  it.each([['-1'], ['0'], ['abc'], ['2.5'], ['1e3'], [' 2'], [''], [{ nested: '1' }], [['x', '2']]])('page %j -> 1', (page) => {
    expect(parseListingQuery({ page }, FILTERS).page).toBe(1);
  });

  it('takes the first of repeated page values', () => {
    expect(parseListingQuery({ page: ['4', '9'] }, FILTERS).page).toBe(4);
  });

  it.each([
    ['0', 1],
    ['1', 1],
    ['48', 48],
    ['49', 48],
    ['100000', 48],
    ['abc', 12],
    ['-5', 12],
  ])('pageSize %s -> %i', (pageSize, expected) => {
    expect(parseListingQuery({ pageSize }, FILTERS).pageSize).toBe(expected);
  });

  it.each([['price'], ['A-Z'], [''], [['z-a', 'a-z']]])('sort %j -> its first value when that is a known sort, else a-z', (sort) => {
    expect(parseListingQuery({ sort }, FILTERS).sort).toBe(Array.isArray(sort) ? 'z-a' : 'a-z');
  });

  it('drops unknown filter values and unknown filters, and tolerates case and spaces', () => {
    const query = parseListingQuery({ color: ['purple', ' WHITE '], doorStyle: 'shakerish', material: 'oak' }, FILTERS);
    expect(query.selections).toEqual(new Map([['color', ['white']]]));
  });
});

describe('selectionKey', () => {
  it('is the same for the same selection in any order', () => {
    const a = new Map([
      ['color', ['white']],
      ['doorStyle', ['shaker']],
    ]);
    const b = new Map([
      ['doorStyle', ['shaker']],
      ['color', ['white']],
    ]);
    expect(selectionKey(a)).toBe(selectionKey(b));
    expect(selectionKey(a)).not.toBe(selectionKey(new Map([['color', ['grey']]])));
  });
});
