// Blog rules across files: unique slugs and author ids, every post's author exists, every category has
// a unique URL slug, every article file exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The same rule as blogCategorySlug in packages/contracts (the content check runs before the packages build).
const categorySlug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

export function checkBlogs(posts, authors, contentDir, reportPosts, reportAuthors) {
  const authorIds = new Set();
  (Array.isArray(authors) ? authors : []).forEach((author, i) => {
    if (typeof author?.id !== 'string') return;
    if (authorIds.has(author.id)) reportAuthors(`[${i}].id`, `"${author.id}" is used by another author`);
    authorIds.add(author.id);
  });
  const slugs = new Set();
  const categories = new Map(); // slug -> name
  (Array.isArray(posts) ? posts : []).forEach((post, i) => {
    if (!post || typeof post !== 'object') return;
    if (typeof post.blogDetailPath === 'string') {
      if (slugs.has(post.blogDetailPath)) reportPosts(`[${i}].blogDetailPath`, `"${post.blogDetailPath}" is used by another post`);
      slugs.add(post.blogDetailPath);
    }
    if (typeof post.author === 'string' && Array.isArray(authors) && !authorIds.has(post.author)) {
      reportPosts(`[${i}].author`, `"${post.author}" is not an author in blogs/authors.json`);
    }
    if (typeof post.blogCategory === 'string') {
      const slug = categorySlug(post.blogCategory);
      const known = categories.get(slug);
      if (known !== undefined && known !== post.blogCategory) {
        reportPosts(`[${i}].blogCategory`, `"${post.blogCategory}" has the same address (/blogs/category/${slug}) as "${known}"`);
      } else categories.set(slug, post.blogCategory);
    }
    if (typeof post.contentPath === 'string') {
      const file = join(contentDir, 'blogs', post.contentPath);
      if (!existsSync(file)) reportPosts(`[${i}].contentPath`, `${post.contentPath} is missing`);
      else if (readFileSync(file, 'utf8').trim() === '') reportPosts(`[${i}].contentPath`, `${post.contentPath} is empty`);
    }
  });
}
