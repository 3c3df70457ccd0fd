import { isSearchableQuery, normaliseSearchQuery, searchApiUrl, searchResultsPath } from './search.js';

describe('normaliseSearchQuery', () => {
  it('trims, collapses white space and cuts at 100 characters', () => {
    expect(normaliseSearchQuery('  shaker \n  white  ')).toBe('shaker white');
    expect(normaliseSearchQuery('a'.repeat(150))).toHaveLength(100);
    expect(normaliseSearchQuery(`${'a'.repeat(99)} b`)).toBe('a'.repeat(99));
    expect(normaliseSearchQuery(undefined)).toBe('');
    expect(normaliseSearchQuery(['shaker'])).toBe('');
  });

  it('needs 3 characters after trimming', () => {
    expect(isSearchableQuery(normaliseSearchQuery(' ab '))).toBe(false);
    expect(isSearchableQuery(normaliseSearchQuery(' abc '))).toBe(true);
  });
});

describe('searchResultsPath', () => {
  it('uses the configured site path, else /search', () => {
    expect(searchResultsPath({ resultsPath: '/find' })).toBe('/find');
    expect(searchResultsPath(undefined)).toBe('/search');
    expect(searchResultsPath({ resultsPath: '//evil.example' })).toBe('/search');
    expect(searchResultsPath({ resultsPath: 'https://evil.example' })).toBe('/search');
  });
});

describe('searchApiUrl', () => {
  it('encodes the query and leaves out page 1', () => {
    expect(searchApiUrl('b&q 12', { limit: 6 })).toBe('/api/search?query=b%26q+12&limit=6');
    expect(searchApiUrl('shaker', { page: 1 })).toBe('/api/search?query=shaker');
    expect(searchApiUrl('shaker', { page: 3 })).toBe('/api/search?query=shaker&page=3');
  });
});
