import { defineRoute } from '../http/route.js';
import { blogAuthorParamsSchema, blogCategoryParamsSchema, blogListQuerySchema, blogPostParamsSchema, blogSearchQuerySchema } from './blogs.js';
import { estimatorParamsSchema, formDefinitionParamsSchema, productStyleParamsSchema } from './schemas.js';
import { pagePathQuerySchema } from './head.js';
import { locationCitiesParamsSchema, locationOptionsResponseSchema, locationStatesParamsSchema } from '../forms/locations.js';
import { productCategoryParamsSchema } from '../catalog/categories.js';
import { reviewListSchema, reviewSummarySchema } from './reviews.js';
import { searchQuerySchema, searchResponseSchema } from '../search/schemas.js';

/**
 * How the content answers are cached, said once for the API reference: content changes only with a
 * deploy, so these answers carry a strong ETag (a 304 to If-None-Match), `Cache-Control: no-cache`
 * and `Surrogate-Control` for the gateway's edge cache.
 */
const CACHED_CONTENT = 'Cached like every content answer: strong ETag (304 to If-None-Match), no-cache for browsers, kept briefly by the gateway.';

/** Content, page heads, blogs, categories, locations, reviews and search (content service). */
export const contentRoutes = {
  site: defineRoute({
    method: 'GET',
    path: '/api/content/site',
    service: 'content',
    access: 'public',
    summary: 'Site settings and menus (SiteData), placeholders resolved',
    description: CACHED_CONTENT,
  }),
  page: defineRoute({
    method: 'GET',
    path: '/api/content/page',
    service: 'content',
    access: 'public',
    summary: "A page's definition (PageDefinition) by its path, merged with its route of the page table",
    description: `404 for a path that is no published page. ${CACHED_CONTENT}`,
    query: pagePathQuerySchema,
  }),
  productStyles: defineRoute({
    method: 'GET',
    path: '/api/content/product-styles',
    service: 'content',
    access: 'public',
    summary: 'Every product style as a summary (ProductStyleSummary[])',
    description: CACHED_CONTENT,
  }),
  productStyle: defineRoute({
    method: 'GET',
    path: '/api/content/product-styles/:styleName',
    service: 'content',
    access: 'public',
    summary: 'One product style with its finishes and products (ProductStyle)',
    description: `404 'Product data not found or invalid format' for an unknown style. ${CACHED_CONTENT}`,
    params: productStyleParamsSchema,
  }),
  form: defineRoute({
    method: 'GET',
    path: '/api/content/forms/:formName',
    service: 'content',
    access: 'public',
    summary: "A form's definition (FormDefinition): fields, steps, messages",
    description: `404 'Form not found' for an unknown form. ${CACHED_CONTENT}`,
    params: formDefinitionParamsSchema,
  }),
  estimator: defineRoute({
    method: 'GET',
    path: '/api/content/estimator/:name',
    service: 'content',
    access: 'public',
    summary: "An estimator's questions and prices (EstimatorBundle)",
    description: `404 'Estimator not found' for an unknown estimator. ${CACHED_CONTENT}`,
    params: estimatorParamsSchema,
  }),
  checkoutPages: defineRoute({
    method: 'GET',
    path: '/api/content/checkout-pages',
    service: 'content',
    access: 'public',
    summary: "The checkout's own pages' copy (order result, payment pages)",
    description: CACHED_CONTENT,
  }),
  head: defineRoute({
    method: 'GET',
    path: '/api/content/head',
    service: 'content',
    access: 'public',
    summary: "A page's <head> (PageHead: title, description, canonical, Open Graph, JSON-LD) for the server renderer and crawlers",
    description: 'Answers 404 with the not-found head for a path that is no (enabled) page: the renderer uses the status as the page\'s. Not cached (no-cache).',
    query: pagePathQuerySchema,
  }),
  robotsTxt: defineRoute({
    method: 'GET',
    path: '/api/content/robots.txt',
    service: 'content',
    access: 'public',
    summary: "The site's robots.txt (the gateway serves it at /robots.txt)",
    produces: 'text/plain',
  }),
  sitemapXml: defineRoute({
    method: 'GET',
    path: '/api/content/sitemap.xml',
    service: 'content',
    access: 'public',
    summary: "The site's sitemap of every enabled page and style (the gateway serves it at /sitemap.xml)",
    produces: 'application/xml',
  }),

  blogList: defineRoute({
    method: 'GET',
    path: '/api/content/blogs',
    service: 'content',
    access: 'public',
    summary: 'Blog cards, newest first, one page at a time (BlogListResponse; never article bodies)',
    description: CACHED_CONTENT,
    query: blogListQuerySchema,
  }),
  blogCategories: defineRoute({
    method: 'GET',
    path: '/api/content/blogs/categories',
    service: 'content',
    access: 'public',
    summary: 'Blog categories with their post counts',
    description: CACHED_CONTENT,
  }),
  blogCategoryPosts: defineRoute({
    method: 'GET',
    path: '/api/content/blogs/categories/:categorySlug',
    service: 'content',
    access: 'public',
    summary: "A category's posts, optionally searched, with its banner and the popular posts (BlogCategoryPostsResponse)",
    description: `404 'Blog Category Not Found' for an unknown category. ${CACHED_CONTENT}`,
    params: blogCategoryParamsSchema,
    query: blogSearchQuerySchema,
  }),
  blogAuthors: defineRoute({
    method: 'GET',
    path: '/api/content/blogs/authors',
    service: 'content',
    access: 'public',
    summary: 'Blog authors (BlogAuthor[])',
    description: CACHED_CONTENT,
  }),
  blogAuthorPosts: defineRoute({
    method: 'GET',
    path: '/api/content/blogs/authors/:authorId',
    service: 'content',
    access: 'public',
    summary: "An author with their posts, optionally searched (BlogAuthorPostsResponse)",
    description: `404 'Blog Author Not Found' for an unknown author. ${CACHED_CONTENT}`,
    params: blogAuthorParamsSchema,
    query: blogSearchQuerySchema,
  }),
  blogPost: defineRoute({
    method: 'GET',
    path: '/api/content/blogs/posts/:blogDetailPath',
    service: 'content',
    access: 'public',
    summary: 'One post with its sanitised article, author, recent posts and categories (BlogDetailResponse)',
    description: `404 'Blog not found' for an unknown post. ${CACHED_CONTENT}`,
    params: blogPostParamsSchema,
  }),

  locationCountries: defineRoute({
    method: 'GET',
    path: '/api/content/locations/countries',
    service: 'content',
    access: 'public',
    summary: "Countries as { value, label } options (ISO 3166 codes) for forms' dynamic options",
    description: CACHED_CONTENT,
    response: locationOptionsResponseSchema,
  }),
  locationStates: defineRoute({
    method: 'GET',
    path: '/api/content/locations/countries/:country/states',
    service: 'content',
    access: 'public',
    summary: "A country's states as { value, label } options",
    description: `404 for an unknown country. ${CACHED_CONTENT}`,
    params: locationStatesParamsSchema,
    response: locationOptionsResponseSchema,
  }),
  locationCities: defineRoute({
    method: 'GET',
    path: '/api/content/locations/countries/:country/states/:state/cities',
    service: 'content',
    access: 'public',
    summary: "A state's cities as { value, label } options",
    description: `404 for an unknown country or state. ${CACHED_CONTENT}`,
    params: locationCitiesParamsSchema,
    response: locationOptionsResponseSchema,
  }),

  productCategories: defineRoute({
    method: 'GET',
    path: '/api/content/product-categories',
    service: 'content',
    access: 'public',
    summary: 'Product categories (door-style families) as summaries with their style counts',
    description: CACHED_CONTENT,
  }),
  productCategory: defineRoute({
    method: 'GET',
    path: '/api/content/product-categories/:slug',
    service: 'content',
    access: 'public',
    summary: "One category with its styles' cards, sample doors and neighbours (ProductCategoryDetail)",
    description: `404 'Category "<slug>" not found in data' for an unknown category. ${CACHED_CONTENT}`,
    params: productCategoryParamsSchema,
  }),

  reviews: defineRoute({
    method: 'GET',
    path: '/api/reviews/birdeye',
    service: 'content',
    access: 'public',
    summary: 'The stored customer reviews (named for the review platform they are exported from)',
    response: reviewListSchema,
  }),
  reviewSummary: defineRoute({
    method: 'GET',
    path: '/api/reviews/summary',
    service: 'content',
    access: 'public',
    summary: "The reviews' average rating and count",
    response: reviewSummarySchema,
  }),

  search: defineRoute({
    method: 'GET',
    path: '/api/search',
    service: 'content',
    access: 'public',
    summary: 'Site search over styles, products and blog posts, paged (or the header\'s suggestions with limit)',
    description: "A query under 3 characters is a 400 'Please enter at least 3 characters to search.'; browsers may keep an answer 60 seconds.",
    query: searchQuerySchema,
    response: searchResponseSchema,
  }),
} as const;
