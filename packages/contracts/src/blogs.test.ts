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
