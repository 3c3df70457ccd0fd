import { object, string, type InferType } from 'yup';
import { wholeNumberParam } from '../http/query-params.js';

import type { BlogAuthor, BlogPostRecord, BlogSettings, BlogSocialLink } from '../content-files/blogs.js';

export { BLOG_MESSAGES, BLOG_SOCIAL_ICON_SIZE } from './blog-messages.js';

export type { BlogAuthorPostsResponse, BlogCard, BlogCategoryPostsResponse, BlogCategorySummary, BlogDetailResponse, BlogListResponse } from '../content-files/responses.js';
export type { BlogAuthor, BlogPostRecord, BlogSettings, BlogSocialLink };

/**
 * A category's URL slug (spec §2): the lower-cased name with every run of non-alphanumeric
 * characters turned into one hyphen; hyphens at the ends are dropped so "& More" gives "more".
 */
export function blogCategorySlug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
}

// --- the blog API's requests (GET /api/content/blogs...) ---

/** The largest page a client may ask for (GET /api/content/blogs?pageSize=). */
export const BLOG_PAGE_SIZE_MAX = 48;
/** The highest page number GET /api/content/blogs?page= takes. */
export const BLOG_PAGE_MAX = 100_000;
/** Searches longer than this are cut: no title is that long, and it bounds the work per request. */
export const BLOG_QUERY_MAX_LENGTH = 100;

/** GET /api/content/blogs?page=&pageSize=: a bad number is a 400; no pageSize is the blog settings' own. */
export const blogListQuerySchema = object({
  page: wholeNumberParam('page', BLOG_PAGE_MAX).default(1),
  pageSize: wholeNumberParam('pageSize', BLOG_PAGE_SIZE_MAX)
    .optional()
    .meta({ jsonSchema: { description: 'cards per page; the blog settings decide when absent' } }),
});
export type BlogListQuery = InferType<typeof blogListQuerySchema>;

/** ?query= on an author's or a category's posts: trimmed, cut at 100 characters; anything but one text is no search. */
export const blogSearchQuerySchema = object({
  query: string()
    .transform((_value: unknown, original: unknown) => (typeof original === 'string' ? original.trim().slice(0, BLOG_QUERY_MAX_LENGTH) : ''))
    .default('')
    .meta({ jsonSchema: { description: 'only posts whose title or description has this text (trimmed, cut at 100 characters)' } }),
});
export type BlogSearchQuery = InferType<typeof blogSearchQuerySchema>;

export const blogCategoryParamsSchema = object({ categorySlug: string().required() });
export const blogAuthorParamsSchema = object({ authorId: string().required() });
export const blogPostParamsSchema = object({ blogDetailPath: string().required() });
