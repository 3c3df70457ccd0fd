import type { InferType } from 'yup';
import { catalogSampleItemSchema, productStyleCardSchema } from '../catalog/listing.js';
import { blogAuthorSchema } from './blogs.js';
import { servedProductCategoryRecordFields } from './catalog.js';
import { anyValue, fields, flag, imagePath, listOf, numberIn, oneOfText, sitePath, text } from './editor-rules.js';
import { breadcrumbItemSchema } from './blocks/index.js';
import { imageRefSchema } from './site.js';

// What the content service answers that is made from content files rather than being one file as
// it is (blog cards and pages, page heads, category pages, the style list). Held with the
// content-file schemas, on the server's side of contracts: the browser imports only their types.

/** GET /api/content/product-styles: the list view. */
export const productStyleSummarySchema = fields({ name: text(), title: text(), label: text().optional(), image: imageRefSchema });
export type ProductStyleSummary = InferType<typeof productStyleSummarySchema>;

/** A post as a card: never the article body. */
export const blogCardSchema = fields({
  blogDetailPath: text(),
  title: text(),
  description: text(),
  blogCategory: text(),
  categorySlug: text(),
  author: fields({ id: text(), name: text(), logo: imageRefSchema }),
  publishDate: text(),
  isPopular: flag(),
  image: imageRefSchema,
});
export type BlogCard = InferType<typeof blogCardSchema>;

export const blogCategorySummarySchema = fields({ name: text(), slug: text(), count: numberIn({ min: 0, integer: true }) });
export type BlogCategorySummary = InferType<typeof blogCategorySummarySchema>;

/** GET /api/content/blogs?page=&pageSize= */
export const blogListResponseSchema = fields({
  items: listOf(blogCardSchema),
  total: numberIn({ min: 0, integer: true }),
  page: numberIn({ min: 1, integer: true }),
  pageSize: numberIn({ min: 1, integer: true }),
  totalPages: numberIn({ min: 0, integer: true }),
});
export type BlogListResponse = InferType<typeof blogListResponseSchema>;

/** GET /api/content/blogs/posts/:blogDetailPath */
export const blogDetailResponseSchema = fields({
  post: blogCardSchema,
  author: blogAuthorSchema,
  /** the article, sanitised on the server; null when its template is missing or failed to load */
  html: text({ allowEmpty: true }).nullable(),
  /** the newest other posts, at most recentCardMaxItems */
  recent: listOf(blogCardSchema),
  categories: listOf(blogCategorySummarySchema),
  sidebarTitle: text(),
});
export type BlogDetailResponse = InferType<typeof blogDetailResponseSchema>;

/** GET /api/content/blogs/authors/:authorId?query= */
export const blogAuthorPostsResponseSchema = fields({
  author: blogAuthorSchema,
  /** the trimmed query, '' when none */
  query: text({ allowEmpty: true }),
  items: listOf(blogCardSchema),
});
export type BlogAuthorPostsResponse = InferType<typeof blogAuthorPostsResponseSchema>;

/** GET /api/content/blogs/categories/:categorySlug?query= */
export const blogCategoryPostsResponseSchema = fields({
  category: blogCategorySummarySchema,
  title: text(),
  description: text(),
  banner: imageRefSchema,
  query: text({ allowEmpty: true }),
  items: listOf(blogCardSchema),
  /** isPopular posts of every category, newest first, at most popularPostsMaxItems */
  popular: listOf(blogCardSchema),
  categories: listOf(blogCategorySummarySchema),
  sidebarTitle: text(),
});
export type BlogCategoryPostsResponse = InferType<typeof blogCategoryPostsResponseSchema>;

/** The Open Graph tags of a page (og:type, og:title, ...). */
export const openGraphSchema = fields({
  type: oneOfText(['website', 'product', 'article']),
  title: text(),
  description: text(),
  /** absolute, the canonical URL */
  url: text(),
  /** absolute */
  image: text().optional(),
  siteName: text(),
});
export type OpenGraph = InferType<typeof openGraphSchema>;

/** A schema.org object for a <script type="application/ld+json">; always has @context and @type. */
export type JsonLd = Record<string, unknown>;

/**
 * GET /api/content/head?path=<pathname>: everything the server writes into a page's <head>.
 * The HTTP status equals `status`: 404 for a path that is no (enabled) page, with the not-found head.
 */
export const pageHeadSchema = fields({
  status: numberIn().test('status', 'must be 200 or 404', (value) => value === undefined || value === 200 || value === 404),
  /** normalised pathname: no query, no trailing slash except '/' */
  path: sitePath(),
  /** the complete <title> */
  title: text(),
  description: text(),
  /** absolute: PUBLIC_SITE_URL + path (an alias such as /aboutus: its target's path) */
  canonical: text(),
  robots: oneOfText(['index, follow', 'noindex, nofollow']),
  openGraph: openGraphSchema,
  breadcrumb: listOf(breadcrumbItemSchema),
  jsonLd: listOf(anyValue<JsonLd>()),
});
export type PageHead = Omit<InferType<typeof pageHeadSchema>, 'status'> & { status: 200 | 404 };

/** A category as lists show it (GET /api/content/product-categories). */
export const productCategorySummarySchema = fields({
  slug: text(),
  title: text(),
  description: text(),
  image: imageRefSchema,
  icon: imagePath(),
  /** /categories/{slug} */
  path: sitePath(),
  /** how many styles have this door style */
  styleCount: numberIn({ min: 0, integer: true }),
});
export type ProductCategorySummary = InferType<typeof productCategorySummarySchema>;

/** A sample door of a category: the sample item with the style it belongs to. */
export const categorySampleDoorSchema = catalogSampleItemSchema.shape({
  styleCode: text(),
  styleTitle: text(),
  /** the style page with this finish chosen */
  path: sitePath(),
});
export type CategorySampleDoor = InferType<typeof categorySampleDoorSchema>;

/** GET /api/content/product-categories/:slug — one category with its styles' cards and sample doors. */
export const productCategoryDetailSchema = fields({
  category: fields({ ...servedProductCategoryRecordFields, path: sitePath() }),
  styles: listOf(productStyleCardSchema),
  samples: listOf(categorySampleDoorSchema),
  /** neighbours in content order; null at the ends (the showcase does not wrap) */
  previous: productCategorySummarySchema.nullable(),
  next: productCategorySummarySchema.nullable(),
});
export type ProductCategoryDetail = InferType<typeof productCategoryDetailSchema>;
