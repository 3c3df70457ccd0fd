import { BadRequestException } from '@nestjs/common';
import { containsLikePattern, parseSearchRequest, prefixTsQuery, searchWords } from './search-query.js';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BadRequestException) return error.message;
    throw error;
  }
  throw new Error('expected a 400');
}

describe('parseSearchRequest', () => {
  it('trims the query, cuts it at 100 characters and defaults the page', () => {
    expect(parseSearchRequest({ query: '  Shaker   white ' })).toEqual({ query: 'Shaker white', page: 1, pageSize: 10 });
    expect(parseSearchRequest({ query: 'x'.repeat(300) }).query).toHaveLength(100);
  });

  it('refuses a query under 3 characters with the spec message', () => {
    for (const query of [undefined, '', '  ab  ', ['shaker']]) {
      expect(messageOf(() => parseSearchRequest({ query }))).toBe('Please enter at least 3 characters to search.');
    }
  });

  it('takes page and pageSize, and limit as the page size of suggestions', () => {
    expect(parseSearchRequest({ query: 'oak', page: '2', pageSize: '5' })).toEqual({ query: 'oak', page: 2, pageSize: 5 });
    expect(parseSearchRequest({ query: 'oak', limit: '6', pageSize: '20' })).toEqual({ query: 'oak', page: 1, pageSize: 6 });
  });

  it.each([
    [{ page: '0' }, 'page must be a whole number from 1 to 1000'],
    [{ page: '1.5' }, 'page must be a whole number from 1 to 1000'],
    [{ page: 'abc' }, 'page must be a whole number from 1 to 1000'],
    [{ page: ['1', '2'] }, 'page must be a whole number from 1 to 1000'],
    [{ pageSize: '49' }, 'pageSize must be a whole number from 1 to 48'],
    [{ pageSize: '-3' }, 'pageSize must be a whole number from 1 to 48'],
    [{ limit: '0' }, 'limit must be a whole number from 1 to 48'],
  ])('refuses %j: %s', (params, message) => {
    expect(messageOf(() => parseSearchRequest({ query: 'oak', ...params }))).toBe(message);
  });
});

describe('prefixTsQuery', () => {
  it('joins the words with AND and matches the last one as a prefix', () => {
    expect(prefixTsQuery('Shaker whi')).toBe('shaker & whi:*');
    expect(prefixTsQuery('kitch')).toBe('kitch:*');
    expect(prefixTsQuery('SSW-B12')).toBe('ssw & b12:*');
  });

  it('drops everything tsquery could read as syntax', () => {
    expect(prefixTsQuery("oak' | !(white:* & <-> ")).toBe('oak & white:*');
    expect(prefixTsQuery("'); DROP TABLE search_document; --")).toBe('drop & table & search & document:*');
    expect(prefixTsQuery('!!! ---')).toBeNull();
  });

  it('keeps letters of other scripts and accents', () => {
    expect(searchWords('Crème brûlée 12')).toEqual(['crème', 'brûlée', '12']);
  });

  it('uses at most 12 words', () => {
    expect(searchWords(Array.from({ length: 20 }, (_, i) => `w${i}`).join(' '))).toHaveLength(12);
  });
});

describe('containsLikePattern', () => {
  it('takes % and _ literally', () => {
    expect(containsLikePattern('SSW-B12')).toBe('%SSW-B12%');
    expect(containsLikePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
