import { blogAuthorUrl, blogCategoryUrl, blogListUrl, formatPublishDate, pageFromSearch } from './blog-api';

describe('blog API helpers', () => {
  it('names each answer by URL, with the query encoded only when there is one', () => {
    expect(blogListUrl(1)).toBe('/api/content/blogs');
    expect(blogListUrl(3)).toBe('/api/content/blogs?page=3');
    expect(blogAuthorUrl('maria', '')).toBe('/api/content/blogs/authors/maria');
    expect(blogCategoryUrl('kitchen-design', 'shaker & slab')).toBe('/api/content/blogs/categories/kitchen-design?query=shaker+%26+slab');
  });

  it('prints the publish date the same everywhere', () => {
    expect(formatPublishDate('2026-10-28')).toBe('October 28, 2026');
    expect(formatPublishDate('soon')).toBe('soon');
  });

  it('reads ?page= as a page number, anything odd as page 1', () => {
    expect(pageFromSearch('2')).toBe(2);
    for (const value of [null, '', '0', '-1', 'two', '1.5']) expect(pageFromSearch(value)).toBe(1);
  });

  it('reads only plain whole numbers: signs, spaces, exponents, hex and trailing text give page 1', () => {
    for (const value of ['+2', ' 2', '2 ', '2abc', '1e3', '0x10', 'NaN', 'Infinity', '٣']) expect(pageFromSearch(value)).toBe(1);
    expect(pageFromSearch('007')).toBe(7);
  });

  it('passes a page past the end on (the service answers it empty, the page leads back); absurd numbers give page 1', () => {
    expect(pageFromSearch('99999')).toBe(99999);
    expect(pageFromSearch('100000')).toBe(1);
    expect(pageFromSearch('12345678901234567890')).toBe(1);
  });
});
