import { blogCategorySlug, contentRoutes, type RouteSpec } from '@storefront/contracts';
import { CONTENT_RESPONSES, contentProblems, formatContentProblem } from '@storefront/contracts/content-files';
import { contentDir } from '@storefront/site-config';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { useContentTestApp } from './testing/content-test-app.js';

/**
 * The content routes' answers, from the site's own content, hold to their response schemas
 * (CONTENT_RESPONSES: what /api/openapi.json documents), strictly: every field named, none missing.
 */
const read = <T>(relativePath: string): T => JSON.parse(readFileSync(path.join(contentDir(), relativePath), 'utf8')) as T;
const post = read<{ blogDetailPath: string; blogCategory: string; author: string }[]>('blogs/blogs.json')[0]!;
const category = read<{ slug: string }[]>('catalogs/categories.json')[0]!;

const ANSWERED: [RouteSpec, string][] = [
  [contentRoutes.site, '/api/content/site'],
  [contentRoutes.page, '/api/content/page?path=/'],
  [contentRoutes.page, '/api/content/page?path=/faqs'],
  // its video cards name unconfirmed YouTube ids: served marked `unconfirmed`
  [contentRoutes.page, '/api/content/page?path=/how-to-buy-kitchen'],
  [contentRoutes.productStyles, '/api/content/product-styles'],
  [contentRoutes.productStyle, '/api/content/product-styles/ssw'],
  [contentRoutes.form, '/api/content/forms/contact'],
  [contentRoutes.form, '/api/content/forms/free-kitchen-design'],
  [contentRoutes.estimator, '/api/content/estimator/kitchen'],
  [contentRoutes.checkoutPages, '/api/content/checkout-pages'],
  [contentRoutes.head, '/api/content/head?path=/'],
  [contentRoutes.head, '/api/content/head?path=/products/kitchen-cabinets/rta-kitchen-cabinets/ssw'],
  [contentRoutes.blogList, '/api/content/blogs?page=1'],
  [contentRoutes.blogCategories, '/api/content/blogs/categories'],
  [contentRoutes.blogCategoryPosts, `/api/content/blogs/categories/${blogCategorySlug(post.blogCategory)}`],
  [contentRoutes.blogAuthors, '/api/content/blogs/authors'],
  [contentRoutes.blogAuthorPosts, `/api/content/blogs/authors/${post.author}?query=kitchen`],
  [contentRoutes.blogPost, `/api/content/blogs/posts/${post.blogDetailPath}`],
  [contentRoutes.productCategories, '/api/content/product-categories'],
  [contentRoutes.productCategory, `/api/content/product-categories/${category.slug}`],
];

const app = useContentTestApp('content_answers');

it('asks every content route that has an answer schema', () => {
  expect(new Set(ANSWERED.map(([route]) => route))).toEqual(new Set(CONTENT_RESPONSES.keys()));
});

it.each(ANSWERED.map(([route, url]) => [url, route] as const))('GET %s answers what its schema says', async (url, route) => {
  const response = await request(app().server).get(url).expect(200);
  expect(contentProblems(CONTENT_RESPONSES.get(route)!, response.body).map(formatContentProblem)).toEqual([]);
});
