import { object, string } from 'yup';

import type { CategoryHandlerBlock, CategoryTabLayout } from './content-files/pages.js';
export type { CategoryHandlerBlock, CategoryTabLayout };

import type { CategorySpec, CategoryTimelineStep, ProductCategoryRecord } from './content-files/catalog.js';

export type { CategorySampleDoor, ProductCategoryDetail, ProductCategorySummary } from './content-files/answers.js';
export type { CategorySpec, CategoryTimelineStep, ProductCategoryRecord };

/**
 * Product categories (issue 8): the door-style families of the catalog (Shaker, Slim Shaker, Raised
 * Panel, Craftsman, Slab). A category's slug is its `doorStyle` option in
 * content/catalogs/listing-filters.json, so its styles and sample doors are found, never copied.
 */

export { CATEGORY_PATH, productCategoryPath } from './site-paths.js';

/** Spec §8 "Product category issues", spelled as written. */
export const CATEGORY_MESSAGES = {
  loadFailed: 'Category data not found',
  empty: 'No category data available',
  productsMissing: 'Product data not found or invalid format',
} as const;

/** Spec §8: `Category "X" not found in data` (the API's 404 message and the page's). */
export function categoryNotFoundMessage(slug: string): string {
  return `Category "${slug}" not found in data`;
}

/** Sample doors per page in the category handler unless the block says otherwise. */
export const CATEGORY_SAMPLES_PAGE_SIZE = 8;

/** Spec §9: the tab strip's scroll arrows move it this far (px); tabs sit this far apart. */
export const TAB_SCROLL_STEP_PX = 200;
export const TAB_WIDTH_SPACING_PX = 15;

/** GET /api/content/product-categories/:slug (an unknown slug is a 404 with categoryNotFoundMessage). */
export const productCategoryParamsSchema = object({ slug: string().required() });
