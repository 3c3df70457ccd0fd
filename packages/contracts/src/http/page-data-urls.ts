import type { DynamicOptionsSource } from '../forms.js';
import { catalogRoutes, contentRoutes, orderRoutes, paymentRoutes } from '../routes/index.js';
import { apiUrl } from './api-client.js';

/**
 * The URLs screens read through page data (`usePageData(url)`), built from the route table. A page
 * datum is keyed by its URL (the server writes its answer into the page under that URL and the
 * browser's store looks it up by the same string), so each URL is made by one function here, used by
 * the server's render and the browser's alike.
 */

/** GET /api/content/site: site settings and menus. */
export const SITE_DATA_URL = apiUrl(contentRoutes.site);
/** GET /api/content/product-styles: every style (the visualizer's list). */
export const PRODUCT_STYLES_URL = apiUrl(contentRoutes.productStyles);
/** GET /api/content/product-categories: the category showcase. */
export const PRODUCT_CATEGORIES_URL = apiUrl(contentRoutes.productCategories);
/** GET /api/content/checkout-pages: the order result pages' copy. */
export const CHECKOUT_PAGES_URL = apiUrl(contentRoutes.checkoutPages);
/** GET /api/reviews/birdeye and /api/reviews/summary. */
export const REVIEWS_URL = apiUrl(contentRoutes.reviews);
export const REVIEWS_SUMMARY_URL = apiUrl(contentRoutes.reviewSummary);
/** GET /api/catalog/styles (the listing adds its own sorted query) and /api/catalog/samples. */
export const CATALOG_STYLES_URL = apiUrl(catalogRoutes.styles);
export const CATALOG_SAMPLES_URL = apiUrl(catalogRoutes.samples);
/** GET /api/order/checkout-locations: the checkout's countries and states. */
export const CHECKOUT_LOCATIONS_URL = apiUrl(orderRoutes.checkoutLocations);

/** The sample checkout's payment methods. */
export const samplePaymentMethodsUrl = (): string => apiUrl(paymentRoutes.paymentMethods, { query: { scope: 'sample-order' } });

/** A content page's definition by its site path. */
export const contentPageUrl = (pathname: string): string => apiUrl(contentRoutes.page, { query: { path: pathname } });
/** A page's head (title, meta, JSON-LD) by its site path. */
export const pageHeadUrl = (pathname: string): string => apiUrl(contentRoutes.head, { query: { path: pathname } });
export const productStyleUrl = (styleName: string): string => apiUrl(contentRoutes.productStyle, { params: { styleName } });
export const productCategoryUrl = (slug: string): string => apiUrl(contentRoutes.productCategory, { params: { slug } });
export const formDefinitionUrl = (formName: string): string => apiUrl(contentRoutes.form, { params: { formName } });
export const estimatorUrl = (name: string): string => apiUrl(contentRoutes.estimator, { params: { name } });

/** Blog answers: the list (page 1 has no ?page), a post, an author's and a category's posts (with ?query when searching). */
export const blogListUrl = (page: number): string => apiUrl(contentRoutes.blogList, { query: { page: page > 1 ? page : undefined } });
export const blogPostUrl = (blogDetailPath: string): string => apiUrl(contentRoutes.blogPost, { params: { blogDetailPath } });
export const blogAuthorUrl = (authorId: string, query: string): string =>
  apiUrl(contentRoutes.blogAuthorPosts, { params: { authorId }, query: { query: query || undefined } });
export const blogCategoryUrl = (categorySlug: string, query: string): string =>
  apiUrl(contentRoutes.blogCategoryPosts, { params: { categorySlug }, query: { query: query || undefined } });

/** GET /api/search for a query (already normalised), page (page 1 left out) and page size, or a suggestion limit. */
export function searchApiUrl(query: string, options: { page?: number; pageSize?: number; limit?: number } = {}): string {
  return apiUrl(contentRoutes.search, {
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
  if (source === 'countries') return apiUrl(contentRoutes.locationCountries);
  if (!parents.country) return null;
  if (source === 'states') return apiUrl(contentRoutes.locationStates, { params: { country: parents.country } });
  if (!parents.state) return null;
  return apiUrl(contentRoutes.locationCities, { params: { country: parents.country, state: parents.state } });
}
