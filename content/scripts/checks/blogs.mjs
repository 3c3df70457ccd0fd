// Blog rules across files: unique slugs and author ids, every post's author exists, every category has
// a unique URL slug, every article file exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The same rule as blogCategorySlug in packages/contracts (the content check runs before the packages build).
const categorySlug = (name) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

// Articles are shown through SafeHtml (DOMPurify, on the server render too); this keeps editors to plain
// article markup so nothing they write depends on what the sanitiser drops.
const ARTICLE_TAGS = new Set(['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'strong', 'em', 'a', 'blockquote', 'br']);

export function articleProblems(html) {
  const found = [];
  for (const [, closing, tag, attrs] of html.matchAll(/<(\/?)([a-zA-Z0-9]+)([^>]*)>/g)) {
    const name = tag.toLowerCase();
    if (!ARTICLE_TAGS.has(name)) found.push(`uses <${name}>; articles may use ${[...ARTICLE_TAGS].join(', ')}`);
    else if (!closing && attrs.trim() !== '' && !(name === 'a' && /^\s*href="(\/|https:\/\/)[^"]*"\s*$/.test(attrs))) {
      found.push(`<${name}${attrs}> has attributes; only <a href="/..."> or <a href="https://..."> may`);
    }
  }
  return found;
}

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
      if (slug === '') reportPosts(`[${i}].blogCategory`, `"${post.blogCategory}" has no letters or digits, so its category has no address`);
      else if (known !== undefined && known !== post.blogCategory) {
        reportPosts(`[${i}].blogCategory`, `"${post.blogCategory}" has the same address (/blogs/category/${slug}) as "${known}"`);
      } else categories.set(slug, post.blogCategory);
    }
    if (typeof post.contentPath === 'string') {
      const file = join(contentDir, 'blogs', post.contentPath);
      if (!existsSync(file)) reportPosts(`[${i}].contentPath`, `${post.contentPath} is missing`);
      else {
        const html = readFileSync(file, 'utf8');
        if (html.trim() === '') reportPosts(`[${i}].contentPath`, `${post.contentPath} is empty`);
        for (const problem of articleProblems(html)) reportPosts(`[${i}].contentPath`, `${post.contentPath} ${problem}`);
      }
    }
  });
}
