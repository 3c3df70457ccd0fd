import { catalogListingQuerySchema } from '@storefront/contracts';
import { listingQueryOf, selectionKey, type ListingFilterDefinition } from './listing-query.js';

// page, pageSize, sort and the gathering of filter parameters are the route's schema's
// (contracts' catalog-listing.test.ts); here: which of the asked values each filter keeps.

const FILTERS: ListingFilterDefinition[] = [
  { value: 'doorStyle', label: 'Door Style', field: 'doorStyle', options: [{ value: 'shaker', label: 'Shaker' }, { value: 'slab', label: 'Slab' }] },
  { value: 'color', label: 'Color', field: 'colorFamily', options: [{ value: 'white', label: 'White' }, { value: 'grey', label: 'Grey' }] },
];

function parse(raw: Record<string, unknown>) {
  return listingQueryOf(catalogListingQuerySchema.validateSync(raw, { stripUnknown: true }), FILTERS);
}

describe('listingQueryOf', () => {
  it('reads page, pageSize, sort and repeated filter values', () => {
    expect(parse({ page: '3', pageSize: '6', sort: 'newest', color: ['grey', 'white'], doorStyle: 'slab' })).toEqual({
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
    expect(parse({})).toEqual({ page: 1, pageSize: 12, sort: 'a-z', selections: new Map() });
  });

  it('drops unknown filter values and unknown filters, and tolerates case and spaces', () => {
    expect(parse({ color: ['purple', ' WHITE '], doorStyle: 'shakerish', material: 'oak' }).selections).toEqual(new Map([['color', ['white']]]));
  });

  it('takes no filter from names inherited by every object', () => {
    const filters: ListingFilterDefinition[] = [{ value: 'constructor', label: 'x', field: 'label', options: [{ value: 'x', label: 'x' }] }];
    expect(listingQueryOf({ page: 1, pageSize: 12, sort: 'a-z', filters: {} }, filters).selections).toEqual(new Map());
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
