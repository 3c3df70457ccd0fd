import { checkRouteInput } from '../http/route-input.js';
import { contentRoutes } from '../content/routes.js';
import { searchApiUrl } from '../http/page-data-urls.js';
import { isSearchableQuery, normaliseSearchQuery, searchResultsPath } from './schemas.js';

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

describe('GET /api/search query (searchQuerySchema)', () => {
  function check(query: Record<string, unknown>) {
    return checkRouteInput(contentRoutes.search.query, query, { part: 'query' });
  }
  function messageOf(query: Record<string, unknown>): string {
    const result = check(query);
    if (result.ok) throw new Error('expected a 400');
    return result.problem.message;
  }

  it('trims the query, cuts it at 100 characters and defaults the page', () => {
    expect(check({ query: '  Shaker   white ' })).toEqual({ ok: true, value: { query: 'Shaker white', page: 1, pageSize: 10 } });
    expect(check({ query: 'x'.repeat(300) })).toMatchObject({ ok: true, value: { query: 'x'.repeat(100) } });
  });

  it('refuses a query under 3 characters with the spec message', () => {
    for (const query of [undefined, '', '  ab  ', ['shaker']]) {
      expect(check({ query })).toEqual({
        ok: false,
        problem: { message: 'Please enter at least 3 characters to search.', errors: { query: 'Please enter at least 3 characters to search.' } },
      });
    }
    expect(messageOf({})).toBe('Please enter at least 3 characters to search.');
  });

  it('says the short query first when the paging is wrong too', () => {
    expect(messageOf({ query: 'ab', page: '0' })).toBe('Please enter at least 3 characters to search.');
  });

  it('takes page and pageSize, and limit as the page size of suggestions (pageSize then unread)', () => {
    expect(check({ query: 'oak', page: '2', pageSize: '5' })).toEqual({ ok: true, value: { query: 'oak', page: 2, pageSize: 5 } });
    expect(check({ query: 'oak', limit: '6', pageSize: '20' })).toEqual({ ok: true, value: { query: 'oak', page: 1, pageSize: 10, limit: 6 } });
    expect(check({ query: 'oak', limit: '6', pageSize: '500' })).toMatchObject({ ok: true, value: { limit: 6 } });
  });

  it.each([
    [{ page: '0' }, 'page must be a whole number from 1 to 1000'],
    [{ page: '1.5' }, 'page must be a whole number from 1 to 1000'],
    [{ page: 'abc' }, 'page must be a whole number from 1 to 1000'],
    [{ page: '1e3' }, 'page must be a whole number from 1 to 1000'],
    [{ page: ' 2' }, 'page must be a whole number from 1 to 1000'],
    [{ page: '1001' }, 'page must be a whole number from 1 to 1000'],
    [{ page: ['1', '2'] }, 'page must be a whole number from 1 to 1000'],
    [{ pageSize: '49' }, 'pageSize must be a whole number from 1 to 48'],
    [{ pageSize: '-3' }, 'pageSize must be a whole number from 1 to 48'],
    [{ limit: '0' }, 'limit must be a whole number from 1 to 48'],
    [{ page: '2', limit: 'x' }, 'limit must be a whole number from 1 to 48'],
  ])('refuses %j: %s', (params, message) => {
    const result = check({ query: 'oak', ...params });
    expect(result).toMatchObject({ ok: false, problem: { message } });
  });
});
