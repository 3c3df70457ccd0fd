import { object, string } from 'yup';

import type { CategoryHandlerBlock, CategoryTabLayout } from '../content-files/blocks/index.js';
export type { CategoryHandlerBlock, CategoryTabLayout };

import type { CategorySpec, CategoryTimelineStep, ProductCategoryRecord } from '../content-files/catalog.js';

export {
  CATEGORY_MESSAGES,
  CATEGORY_SAMPLES_PAGE_SIZE,
  TAB_SCROLL_STEP_PX,
  TAB_WIDTH_SPACING_PX,
  categoryNotFoundMessage,
} from './constants.js';

export type { CategorySampleDoor, ProductCategoryDetail, ProductCategorySummary } from '../content-files/responses.js';
export type { CategorySpec, CategoryTimelineStep, ProductCategoryRecord };

/**
 * Product categories: the door-style families of the catalog (Shaker, Slim Shaker, Raised
 * Panel, Craftsman, Slab). A category's slug is its `doorStyle` option in
 * content/catalogs/listing-filters.json, so its styles and sample doors are found, never copied.
 */

export { CATEGORY_PATH, productCategoryPath } from '../site/paths.js';

/** GET /api/content/product-categories/:slug (an unknown slug is a 404 with categoryNotFoundMessage). */
export const productCategoryParamsSchema = object({ slug: string().required() });
