import { checkRouteInput } from '../http/route-input.js';
import { catalogRoutes } from './routes.js';
import { productStylePath } from './listing.js';

describe('productStylePath', () => {
  it('links to the style page, with the finish chosen when given', () => {
    expect(productStylePath('ssw')).toBe('/products/kitchen-cabinets/rta-kitchen-cabinets/ssw');
    expect(productStylePath('crs', { type: 'high gloss', value: 'sage&green' })).toBe(
      '/products/kitchen-cabinets/rta-kitchen-cabinets/crs?type=high%20gloss&value=sage%26green',
    );
  });
});

describe('GET /api/catalog/styles query (catalogListingQuerySchema): bad input is corrected, never refused', () => {
  function read(query: Record<string, unknown>) {
    const result = checkRouteInput(catalogRoutes.styles.query, query, { part: 'query' });
    if (!result.ok) throw new Error(`refused: ${result.problem.message}`);
    return result.value;
  }

  it('reads page, pageSize, sort and gathers every other parameter as a filter', () => {
    expect(read({ page: '3', pageSize: '6', sort: 'newest', color: ['grey', 'White '], doorStyle: 'slab' })).toEqual({
      page: 3,
      pageSize: 6,
      sort: 'newest',
      filters: { color: ['grey', 'white'], doorStyle: ['slab'] },
    });
  });

  it('gives the first page, default size and A-Z when nothing is asked', () => {
    expect(read({})).toEqual({ page: 1, pageSize: 12, sort: 'a-z', filters: {} });
  });

  it.each([['-1'], ['0'], ['abc'], ['2.5'], ['1e3'], [' 2'], [''], [{ nested: '1' }], [['x', '2']]])('page %j -> 1', (page) => {
    expect(read({ page }).page).toBe(1);
  });

  it('takes the first of repeated page values', () => {
    expect(read({ page: ['4', '9'] }).page).toBe(4);
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
    expect(read({ pageSize }).pageSize).toBe(expected);
  });

  it.each([['price'], ['A-Z'], [''], [['z-a', 'a-z']]])('sort %j -> its first value when that is a known sort, else a-z', (sort) => {
    expect(read({ sort }).sort).toBe(Array.isArray(sort) ? 'z-a' : 'a-z');
  });

  it('leaves out filter parameters without a value, and a parameter named filters is a filter like any other', () => {
    expect(read({ color: ['', '  '], material: 'Oak', filters: 'x' }).filters).toEqual({ material: ['oak'], filters: ['x'] });
  });
});

describe('GET /api/catalog/samples query (catalogSamplesQuerySchema)', () => {
  const read = (query: Record<string, unknown>) => checkRouteInput(catalogRoutes.samples.query, query, { part: 'query' });

  it('takes style codes once each, trimmed, none for every style', () => {
    expect(read({ style: [' ssw', 'crs', 'ssw', ''] })).toEqual({ ok: true, value: { style: ['ssw', 'crs'] } });
    expect(read({ style: 'ssw' })).toEqual({ ok: true, value: { style: ['ssw'] } });
    expect(read({})).toEqual({ ok: true, value: { style: [] } });
    expect(read({ style: '   ' })).toEqual({ ok: true, value: { style: [] } });
  });
});
