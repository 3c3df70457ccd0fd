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
