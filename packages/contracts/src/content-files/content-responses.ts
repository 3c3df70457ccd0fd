import type { AnySchema, RouteSpec } from '../http/route.js';
import { contentRoutes } from '../content/routes.js';
import {
  blogAuthorPostsResponseSchema,
  blogCategoryPostsResponseSchema,
  blogCategorySummarySchema,
  blogDetailResponseSchema,
  blogListResponseSchema,
  pageHeadSchema,
  productCategoryDetailSchema,
  productCategorySummarySchema,
  productStyleSummarySchema,
} from './responses.js';
import { blogAuthorsSchema } from './blogs.js';
import { servedProductStyleSchema } from './catalog.js';
import { checkoutPagesSchema } from './commerce.js';
import { listOf } from './editor-rules.js';
import { estimatorBundleSchema } from './estimator.js';
import { formDefinitionSchema } from './forms.js';
import { servedPageDefinitionSchema } from './pages.js';
import { siteDataSchema } from './site.js';

// Its own module, apart from the answers' schemas: the route entries import the API schemas whose
// types re-export those answers, so keeping the pairing there made a module cycle.
/**
 * The answers of the content routes, by route. They stay out of the route table itself (which browser
 * bundles carry) and reach the API reference through buildOpenApiDocument's `responses` option; a
 * test holds every JSON route to having a response schema in one of the two places.
 */
export const CONTENT_RESPONSES: ReadonlyMap<RouteSpec, AnySchema> = new Map<RouteSpec, AnySchema>([
  [contentRoutes.site, siteDataSchema],
  [contentRoutes.page, servedPageDefinitionSchema],
  [contentRoutes.productStyles, listOf(productStyleSummarySchema)],
  [contentRoutes.productStyle, servedProductStyleSchema],
  [contentRoutes.form, formDefinitionSchema],
  [contentRoutes.estimator, estimatorBundleSchema],
  [contentRoutes.checkoutPages, checkoutPagesSchema],
  [contentRoutes.head, pageHeadSchema],
  [contentRoutes.blogList, blogListResponseSchema],
  [contentRoutes.blogCategories, listOf(blogCategorySummarySchema)],
  [contentRoutes.blogCategoryPosts, blogCategoryPostsResponseSchema],
  [contentRoutes.blogAuthors, blogAuthorsSchema],
  [contentRoutes.blogAuthorPosts, blogAuthorPostsResponseSchema],
  [contentRoutes.blogPost, blogDetailResponseSchema],
  [contentRoutes.productCategories, listOf(productCategorySummarySchema)],
  [contentRoutes.productCategory, productCategoryDetailSchema],
]);
