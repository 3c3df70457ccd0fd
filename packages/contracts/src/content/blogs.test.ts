import { checkRouteInput } from '../http/route-input.js';
import { contentRoutes } from './routes.js';
import { blogCategorySlug } from './blogs.js';

describe('blogCategorySlug', () => {
  it.each([
    ['Kitchen Design', 'kitchen-design'],
    ['RTA Assembly & Installation', 'rta-assembly-installation'],
    ['Bath & Vanities', 'bath-vanities'],
    ['  Tips -- & Tricks!! ', 'tips-tricks'],
    ['DIY 101', 'diy-101'],
  ])('%j -> %j', (name, slug) => {
    expect(blogCategorySlug(name)).toBe(slug);
  });
});

describe('blogCategorySlug edge cases', () => {
  it('gives the same slug whatever the case or punctuation, so two such names are one category', () => {
    expect(blogCategorySlug('Kitchen  DESIGN')).toBe(blogCategorySlug('kitchen-design'));
    expect(blogCategorySlug('Kitchen/Design')).toBe('kitchen-design');
  });

  it('gives an empty slug for a name without letters or digits (the content check reports it)', () => {
    expect(blogCategorySlug('&&&')).toBe('');
    expect(blogCategorySlug('')).toBe('');
  });
});

describe('GET /api/content/blogs query (blogListQuerySchema)', () => {
  const check = (query: Record<string, unknown>) => checkRouteInput(contentRoutes.blogList.query, query, { part: 'query' });

  it('defaults the page and leaves the page size to the blog settings', () => {
    expect(check({})).toEqual({ ok: true, value: { page: 1 } });
    expect(check({ page: '2', pageSize: '12' })).toEqual({ ok: true, value: { page: 2, pageSize: 12 } });
  });

  it.each([
    [{ page: '0' }, 'page must be a whole number from 1 to 100000'],
    [{ page: '100001' }, 'page must be a whole number from 1 to 100000'],
    [{ page: 'two' }, 'page must be a whole number from 1 to 100000'],
    [{ page: ['1', '2'] }, 'page must be a whole number from 1 to 100000'],
    [{ pageSize: '49' }, 'pageSize must be a whole number from 1 to 48'],
    [{ pageSize: '2.5' }, 'pageSize must be a whole number from 1 to 48'],
  ])('refuses %j: %s', (query, message) => {
    expect(check(query)).toEqual({ ok: false, problem: { message, errors: { [Object.keys(query)[0]!]: message } } });
  });
});

describe("?query= on an author's or a category's posts (blogSearchQuerySchema)", () => {
  const check = (query: Record<string, unknown>) => checkRouteInput(contentRoutes.blogAuthorPosts.query, query, { part: 'query' });

  it('trims and bounds a search query; anything but one text is no search', () => {
    expect(check({ query: '  shaker ' })).toEqual({ ok: true, value: { query: 'shaker' } });
    expect(check({ query: ['a', 'b'] })).toEqual({ ok: true, value: { query: '' } });
    expect(check({})).toEqual({ ok: true, value: { query: '' } });
    expect(check({ query: 'x'.repeat(500) })).toMatchObject({ ok: true, value: { query: 'x'.repeat(100) } });
  });
});
