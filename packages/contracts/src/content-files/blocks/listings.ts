import type { InferType } from 'yup';
import { fields, flag, numberIn, oneOfText, slug, text } from '../editor-rules.js';
import { blockOf } from './base.js';

// Blocks that list what a service finds: the site search's results and the catalog's listings.

// site search

/**
 * The search results page's body (/search): a search box and the results of GET /api/search for the
 * address's `query` and `page`, with paging.
 */
export const searchResultsBlockSchema = fields({
  ...blockOf('search-results'),
  /** a heading over the results (the page's h1 comes from a page-title block before it) */
  title: text().optional(),
  /** the search box's placeholder */
  placeholder: text().optional(),
  /** what the page says before anything is searched */
  prompt: text().optional(),
  /** results per page (default 10, at most 48) */
  pageSize: numberIn({ min: 1, max: 48, integer: true }).optional(),
});
export type SearchResultsBlock = InferType<typeof searchResultsBlockSchema>;

// catalog blocks (drawn by mf-catalog)

const listingPaginationType = oneOfText(['page-numbers', 'load-more', 'infinite-scroll']);
/** Spec §9: how a listing pages through its items (page-numbers is the default). */
export type ListingPaginationType = InferType<typeof listingPaginationType>;

/**
 * A product listing over GET /api/catalog/styles, owned by mf-catalog: filters, sort and pagination,
 * all kept in the address (page, sort, one repeated parameter per filter).
 */
export const productListingBlockSchema = fields({
  ...blockOf('product-listing'),
  title: text().optional(),
  description: text().optional(),
  /** filters as a row of menus over the list (top) or a column beside it (sidebar, the default); on phones always a slide-in panel */
  filterLayout: oneOfText(['top', 'sidebar']).optional(),
  paginationType: listingPaginationType.optional(),
  /** cards per page (default 12, at most 48) */
  pageSize: numberIn({ min: 1, max: 48, integer: true }).optional(),
  /** the load-more button's text (default "Load More") */
  loadMoreLabel: text().optional(),
  /** cards: product-style cards (default); samples: each style with its sample doors to order (/order-samples) */
  show: oneOfText(['cards', 'samples']).optional(),
});
export type ProductListingBlock = InferType<typeof productListingBlockSchema>;

const categoryTabLayout = oneOfText(['v1', 'v2', 'v3']);
/** Spec §2 category handler tab layouts: v1 underline, v2 pills, v3 icon cards. */
export type CategoryTabLayout = InferType<typeof categoryTabLayout>;

/**
 * The category handler block (owned by mf_catalog): FAQ, video, image, product-spec, product-sample and
 * timeline content of the active category, chosen with filter tabs kept in the address (?category=).
 */
export const categoryHandlerBlockSchema = fields({
  ...blockOf('category-handler'),
  title: text().optional(),
  description: text().optional(),
  /** the category open when the address names none; the first when absent or unknown ('all' or a slug of catalogs/categories.json, checked by the content check) */
  defaultCategory: slug().optional(),
  /** an All tab first: every category's overview */
  showAllTab: flag().optional(),
  /** v1 when absent */
  tabLayout: categoryTabLayout.optional(),
  /** page the sample doors (?page=) when there are more than pageSize; true when absent */
  pagination: flag().optional(),
  pageSize: numberIn({ min: 1, max: 48, integer: true }).optional(),
});
export type CategoryHandlerBlock = InferType<typeof categoryHandlerBlockSchema>;
