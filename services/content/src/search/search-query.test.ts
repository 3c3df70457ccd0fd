import { containsLikePattern, prefixTsQuery, searchWords } from './search-query.js';

// GET /api/search's parameters are read by the route's schema: contracts' search.test.ts.

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
