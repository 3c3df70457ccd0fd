import type { BlogCard } from '@storefront/contracts';
import { categoriesOf, matchesQuery, newestFirst, paginate, popularOf, withCategory } from './blog-lists.js';

const logo = { src: '/images/a.svg', altText: 'A', width: 1, height: 1 };
function card(title: string, overrides: Partial<BlogCard> = {}): BlogCard {
  return {
    blogDetailPath: title.toLowerCase().replace(/\s+/g, '-'),
    title,
    description: `About ${title}`,
    blogCategory: 'Kitchen Design',
    categorySlug: 'kitchen-design',
    author: { id: 'maria', name: 'Maria Alvarez', logo },
    publishDate: '2026-01-01',
    isPopular: false,
    image: logo,
    ...overrides,
  };
}

describe('blog lists', () => {
  it('sorts newest first, keeping file order within a day', () => {
    const posts = [card('A', { publishDate: '2026-01-01' }), card('B', { publishDate: '2026-03-01' }), card('C', { publishDate: '2026-01-01' })];
    expect(newestFirst(posts).map((p) => p.title)).toEqual(['B', 'A', 'C']);
  });

  it('searches title, description and author name, ignoring case; blank matches everything', () => {
    const post = card('Shaker Doors', { description: 'Frames and panels' });
    expect(matchesQuery(post, 'shaker')).toBe(true);
    expect(matchesQuery(post, 'PANELS')).toBe(true);
    expect(matchesQuery(post, ' alvarez ')).toBe(true);
    expect(matchesQuery(post, 'vanity')).toBe(false);
    expect(matchesQuery(post, '   ')).toBe(true);
  });

  it('counts posts per category, by name', () => {
    const posts = [card('A'), card('B', { blogCategory: 'Bath & Vanities', categorySlug: 'bath-vanities' }), card('C')];
    expect(categoriesOf(posts)).toEqual([
      { name: 'Bath & Vanities', slug: 'bath-vanities', count: 1 },
      { name: 'Kitchen Design', slug: 'kitchen-design', count: 2 },
    ]);
  });

  it('keeps the newest popular posts up to the maximum', () => {
    const posts = [
      card('Old', { isPopular: true, publishDate: '2025-01-01' }),
      card('New', { isPopular: true, publishDate: '2026-05-01' }),
      card('Plain', { publishDate: '2026-09-01' }),
      card('Mid', { isPopular: true, publishDate: '2026-02-01' }),
    ];
    expect(popularOf(posts, 2).map((p) => p.title)).toEqual(['New', 'Mid']);
  });

  it('paginates with totals; a page past the end is empty', () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    expect(paginate(items, 2, 5)).toEqual({ items: [5, 6, 7, 8, 9], total: 12, page: 2, pageSize: 5, totalPages: 3 });
    expect(paginate(items, 4, 5).items).toEqual([]);
    expect(paginate([], 1, 5).totalPages).toBe(1);
  });

  it('puts the category name into every {category} of a template', () => {
    expect(withCategory('{category} Articles about {category}', 'Bath')).toBe('Bath Articles about Bath');
  });
});
