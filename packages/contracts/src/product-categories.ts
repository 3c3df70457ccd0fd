import { object, string } from 'yup';
import type { CatalogSampleItem, ProductStyleCard } from './catalog-listing.js';
import type { BlockBase, FaqEntry, VideoCard } from './pages.js';
import type { ImageRef } from './site.js';

/**
 * Product categories (issue 8): the door-style families of the catalog (Shaker, Slim Shaker, Raised
 * Panel, Craftsman, Slab). A category's slug is its `doorStyle` option in
 * content/catalogs/listing-filters.json, so its styles and sample doors are found, never copied.
 */

/** Spec §2 `{categoryPath}`: where the category showcase lives (one place for the shell, links and the page table). */
export const CATEGORY_PATH = '/categories';

/** The showcase address of one category. */
export function productCategoryPath(slug: string): string {
  return `${CATEGORY_PATH}/${encodeURIComponent(slug)}`;
}

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

/** One row of a category's product-spec table. */
export interface CategorySpec {
  label: string;
  value: string;
}

/** One step of a category's timeline (from order to installed kitchen). */
export interface CategoryTimelineStep {
  title: string;
  /** plain text */
  description: string;
  /** e.g. "Day 1", "Week 2" */
  duration?: string;
}

/** content/catalogs/categories.json: one entry per door-style family, in the order shoppers see them. */
export interface ProductCategoryRecord {
  /** the doorStyle filter option value, e.g. shaker */
  slug: string;
  title: string;
  /** plain text, also the page's meta description */
  description: string;
  image: ImageRef;
  /** the tab's icon (drawn 30 x 30) */
  icon: string;
  faqs: FaqEntry[];
  /** a video file of ours (videoType video) or a YouTube address (videoType youtube) */
  video: VideoCard;
  specs: CategorySpec[];
  timeline: CategoryTimelineStep[];
}

/** A category as lists show it (GET /api/content/product-categories). */
export interface ProductCategorySummary {
  slug: string;
  title: string;
  description: string;
  image: ImageRef;
  icon: string;
  /** /categories/{slug} */
  path: string;
  /** how many styles have this door style */
  styleCount: number;
}

/** A sample door of a category: the sample item with the style it belongs to. */
export interface CategorySampleDoor extends CatalogSampleItem {
  styleCode: string;
  styleTitle: string;
  /** the style page with this finish chosen */
  path: string;
}

/** GET /api/content/product-categories/:slug — one category with its styles' cards and sample doors. */
export interface ProductCategoryDetail {
  category: ProductCategoryRecord & { path: string };
  styles: ProductStyleCard[];
  samples: CategorySampleDoor[];
  /** neighbours in content order; null at the ends (the showcase does not wrap) */
  previous: ProductCategorySummary | null;
  next: ProductCategorySummary | null;
}

/** Spec §2 category handler tab layouts: v1 underline, v2 pills, v3 icon cards. */
export type CategoryTabLayout = 'v1' | 'v2' | 'v3';

/** Sample doors per page in the category handler unless the block says otherwise. */
export const CATEGORY_SAMPLES_PAGE_SIZE = 8;

/** Spec §9: the tab strip's scroll arrows move it this far (px); tabs sit this far apart. */
export const TAB_SCROLL_STEP_PX = 200;
export const TAB_WIDTH_SPACING_PX = 15;

/**
 * The category handler block (owned by mf_catalog): FAQ, video, image, product-spec, product-sample and
 * timeline content of the active category, chosen with filter tabs kept in the address (?category=).
 */
export interface CategoryHandlerBlock extends BlockBase {
  type: 'category-handler';
  title?: string;
  description?: string;
  /** the category open when the address names none; the first when absent or unknown */
  defaultCategory?: string;
  /** an All tab first: every category's overview */
  showAllTab?: boolean;
  /** v1 when absent */
  tabLayout?: CategoryTabLayout;
  /** page the sample doors (?page=) when there are more than pageSize; true when absent */
  pagination?: boolean;
  pageSize?: number;
}

/** GET /api/content/product-categories/:slug (an unknown slug is a 404 with categoryNotFoundMessage). */
export const productCategoryParamsSchema = object({ slug: string().required() });
