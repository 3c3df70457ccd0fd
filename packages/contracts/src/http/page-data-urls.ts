import type { DynamicOptionsSource } from '../forms/schemas.js';
import { catalogApi, contentApi, orderApi, paymentApi } from '../routes/route-refs.js';
import { apiUrl } from './api-client.js';

/**
 * The URLs screens read through page data (`usePageData(url)`), built from the route table. A page
 * datum is keyed by its URL (the server writes its answer into the page under that URL and the
 * browser's store looks it up by the same string), so each URL is made by one function here, used by
 * the server's render and the browser's alike.
 */

/** GET /api/content/site: site settings and menus. */
export const SITE_DATA_URL = apiUrl(contentApi.site);
/** GET /api/content/product-styles: every style (the visualizer's list). */
export const PRODUCT_STYLES_URL = apiUrl(contentApi.productStyles);
/** GET /api/content/product-categories: the category showcase. */
export const PRODUCT_CATEGORIES_URL = apiUrl(contentApi.productCategories);
/** GET /api/content/checkout-pages: the order result pages' copy. */
export const CHECKOUT_PAGES_URL = apiUrl(contentApi.checkoutPages);
/** GET /api/reviews/birdeye and /api/reviews/summary. */
export const REVIEWS_URL = apiUrl(contentApi.reviews);
export const REVIEWS_SUMMARY_URL = apiUrl(contentApi.reviewSummary);
/** GET /api/catalog/styles (the listing adds its own sorted query) and /api/catalog/samples. */
export const CATALOG_STYLES_URL = apiUrl(catalogApi.styles);
export const CATALOG_SAMPLES_URL = apiUrl(catalogApi.samples);
/** GET /api/order/checkout-locations: the checkout's countries and states. */
export const CHECKOUT_LOCATIONS_URL = apiUrl(orderApi.checkoutLocations);

/** GET /api/order/cart-summary?lines=: a cart priced from its lines text (the lines cookie's value, cartLinesText). */
export const cartSummaryOfLinesUrl = (linesText: string): string => apiUrl(orderApi.cartSummaryOfLines, { query: { lines: linesText } });

/** The sample checkout's payment methods. */
export const samplePaymentMethodsUrl = (): string => apiUrl(paymentApi.paymentMethods, { query: { scope: 'sample-order' } });

/** A content page's definition by its site path. */
export const contentPageUrl = (pathname: string): string => apiUrl(contentApi.page, { query: { path: pathname } });
/** A page's head (title, meta, JSON-LD) by its site path. */
export const pageHeadUrl = (pathname: string): string => apiUrl(contentApi.head, { query: { path: pathname } });
export const productStyleUrl = (styleName: string): string => apiUrl(contentApi.productStyle, { params: { styleName } });
export const productCategoryUrl = (slug: string): string => apiUrl(contentApi.productCategory, { params: { slug } });
export const formDefinitionUrl = (formName: string): string => apiUrl(contentApi.form, { params: { formName } });
export const estimatorUrl = (name: string): string => apiUrl(contentApi.estimator, { params: { name } });

/** Blog answers: the list (page 1 has no ?page), a post, an author's and a category's posts (with ?query when searching). */
export const blogListUrl = (page: number): string => apiUrl(contentApi.blogList, { query: { page: page > 1 ? page : undefined } });
export const blogPostUrl = (blogDetailPath: string): string => apiUrl(contentApi.blogPost, { params: { blogDetailPath } });
export const blogAuthorUrl = (authorId: string, query: string): string =>
  apiUrl(contentApi.blogAuthorPosts, { params: { authorId }, query: { query: query || undefined } });
export const blogCategoryUrl = (categorySlug: string, query: string): string =>
  apiUrl(contentApi.blogCategoryPosts, { params: { categorySlug }, query: { query: query || undefined } });

/** GET /api/search for a query (already normalised), page (page 1 left out) and page size, or a suggestion limit. */
export function searchApiUrl(query: string, options: { page?: number; pageSize?: number; limit?: number } = {}): string {
  return apiUrl(contentApi.search, {
    query: {
      query,
      limit: options.limit,
      page: options.page !== undefined && options.page > 1 ? options.page : undefined,
      pageSize: options.pageSize,
    },
  });
}

/**
 * The URL of one location list, or null while a parent it needs is unanswered: countries need
 * nothing, states the country, cities the country and the state.
 */
export function locationOptionsUrl(source: DynamicOptionsSource, parents: { country?: string; state?: string } = {}): string | null {
  if (source === 'countries') return apiUrl(contentApi.locationCountries);
  if (!parents.country) return null;
  if (source === 'states') return apiUrl(contentApi.locationStates, { params: { country: parents.country } });
  if (!parents.state) return null;
  return apiUrl(contentApi.locationCities, { params: { country: parents.country, state: parents.state } });
}
