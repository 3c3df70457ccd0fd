import { listingApiUrl, requestedPage, searchHref, withFilterValue, withPage, withSelections, withSort } from './listing-address';

const address = (query: string) => new URLSearchParams(query);

describe('listing address', () => {
  it('asks the catalog for one page with the selection, filters and values sorted', () => {
    expect(listingApiUrl(address('color=white&doorStyle=shaker&color=grey&sort=newest&page=3'), 3, 12)).toBe(
      '/api/catalog/styles?page=3&pageSize=12&sort=newest&color=grey&color=white&doorStyle=shaker',
    );
    // the same selection in another order is the same URL (one cache entry)
    expect(listingApiUrl(address('doorStyle=shaker&color=grey&color=white&sort=newest'), 3, 12)).toBe(
      listingApiUrl(address('color=white&sort=newest&color=grey&doorStyle=shaker'), 3, 12),
    );
    expect(listingApiUrl(address(''), 1, 24)).toBe('/api/catalog/styles?page=1&pageSize=24');
  });

  it.each([
    ['', 1],
    ['page=2', 2],
    ['page=-4', 1],
    ['page=abc', 1],
    ['page=1.5', 1],
    ['page=0', 1],
  ])('page of "%s" is %d', (query, page) => {
    expect(requestedPage(address(query))).toBe(page);
  });

  it('choosing or dropping a filter value goes back to page 1 and keeps the rest', () => {
    const chosen = withFilterValue(address('sort=z-a&page=3&color=white'), 'color', 'grey', true);
    expect(chosen.getAll('color')).toEqual(['white', 'grey']);
    expect(chosen.get('sort')).toBe('z-a');
    expect(chosen.has('page')).toBe(false);
    expect(withFilterValue(chosen, 'color', 'white', false).getAll('color')).toEqual(['grey']);
    // choosing twice does not repeat the value
    expect(withFilterValue(chosen, 'color', 'grey', true).getAll('color')).toEqual(['white', 'grey']);
  });

  it('applies a whole selection (mobile Apply) and clears it (Clear All) without touching other parameters', () => {
    const applied = withSelections(address('color=white&page=2&sort=newest&utm_source=mail'), ['color', 'doorStyle'], new Map([['doorStyle', ['slab', 'shaker']]]));
    expect(applied.toString()).toBe('sort=newest&utm_source=mail&doorStyle=slab&doorStyle=shaker');
    expect(withSelections(applied, ['color', 'doorStyle'], new Map()).toString()).toBe('sort=newest&utm_source=mail');
  });

  it('the default sort and page 1 leave the address clean', () => {
    expect(withSort(address('sort=z-a&page=4'), 'a-z').toString()).toBe('');
    expect(withSort(address('page=4'), 'oldest').toString()).toBe('sort=oldest');
    expect(withPage(address('page=4&color=blue'), 1).toString()).toBe('color=blue');
    expect(withPage(address('color=blue'), 2).toString()).toBe('color=blue&page=2');
    expect(searchHref(address(''))).toBe('?');
  });
});
