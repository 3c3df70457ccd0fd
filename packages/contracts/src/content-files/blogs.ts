import { mixed, type InferType } from 'yup';
import { fields, flag, httpsAddress, imagePath, isoDate, listOf, numberIn, slug, text } from './editor-rules.js';
import { imageRefSchema } from './site.js';

// content/blogs/: blogs.json, authors.json, settings.json (and data/reviews.json below). That each
// post's author exists and categories do not collide is the content check's (checks/blogs.mjs).

/** A post as stored in content/blogs/blogs.json (author is an id in authors.json). */
export const blogPostRecordSchema = fields({
  /** the post's slug: /blogs/{blogDetailPath} */
  blogDetailPath: slug(),
  title: text(),
  description: text(),
  blogCategory: text({ pattern: /[A-Za-z0-9]/, patternText: 'a category name with a letter or digit' }),
  author: slug(),
  /** YYYY-MM-DD */
  publishDate: isoDate(),
  isPopular: flag(),
  image: imageRefSchema,
  /** which generated kitchen scene the cover shows (image generation only) */
  coverScene: text().optional(),
  /** the article's HTML, relative to content/blogs/ */
  contentPath: text({ pattern: /^articles\/[a-z0-9-]+\.html$/, patternText: 'articles/<name>.html' }),
});
export type BlogPostRecord = InferType<typeof blogPostRecordSchema>;
export const blogPostsSchema = listOf(blogPostRecordSchema, { min: 1 });

export const blogSocialLinkSchema = fields({
  /** linkedin, instagram, youtube, pinterest, facebook, ... */
  type: text(),
  url: httpsAddress(),
  /** the icon's width and height in px; BLOG_SOCIAL_ICON_SIZE (blog-messages.ts, spec §9: 50) when absent */
  size: numberIn({ min: 16, max: 128, integer: true }).optional(),
});
export type BlogSocialLink = InferType<typeof blogSocialLinkSchema>;

export const blogAuthorSchema = fields({
  id: slug(),
  name: text(),
  designation: text(),
  description: text(),
  logo: imageRefSchema,
  socials: listOf(blogSocialLinkSchema),
});
export type BlogAuthor = InferType<typeof blogAuthorSchema>;
export const blogAuthorsSchema = listOf(blogAuthorSchema, { min: 1 });

const categoryTemplate = () => text({ pattern: /\{category\}/, patternText: 'a text with {category}' });

/** content/blogs/settings.json */
export const blogSettingsSchema = fields({
  pageSize: numberIn({ min: 1, max: 48, integer: true }),
  recentCardMaxItems: numberIn({ min: 1, max: 12, integer: true }),
  popularPostsMaxItems: numberIn({ min: 1, max: 12, integer: true }),
  /** the categories sidebar's title ("Categories") */
  sidebarTitle: text(),
  categoryBanner: imageRefSchema,
  /** "{category}" is replaced by the category's name */
  categoryTitleTemplate: categoryTemplate(),
  categoryDescriptionTemplate: categoryTemplate(),
});
export type BlogSettings = InferType<typeof blogSettingsSchema>;

// --- content/data/reviews.json (spec: name, rating string or number, platform, location, profilePicture, reviewText) ---

/** A rating of 1 to 5 in half steps, as a number or numeric text ("4.5"): stars show in halves. */
export function halfStepRating(value: unknown): number | undefined {
  const rating = typeof value === 'string' && value.trim() !== '' ? Number(value.trim()) : value;
  return typeof rating === 'number' && Number.isInteger(rating * 2) && rating >= 1 && rating <= 5 ? rating : undefined;
}

/** One review of content/data/reviews.json (the content service seeds its reviews table from it). */
export const reviewRecordSchema = fields({
  /** the reviewer's display name */
  name: text(),
  rating: mixed<number | string>()
    .defined('is required')
    .test('half-step', 'must be a rating from 1 to 5 in half steps, as a number or a string (e.g. 4.5 or "4.5")', (value) => value === undefined || halfStepRating(value) !== undefined),
  platform: text(),
  location: text(),
  /** an /images/ path */
  profilePicture: imagePath().optional(),
  reviewText: text(),
});
export type ReviewRecord = InferType<typeof reviewRecordSchema>;
export const reviewRecordsSchema = listOf(reviewRecordSchema, { min: 1 });
