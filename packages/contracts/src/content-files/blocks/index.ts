import type { InferType, ISchema } from 'yup';
import type { BlockType } from '../../content/blocks.js';
import { openFields, shapeBy } from '../editor-rules.js';
import { blockBase, type BlockBase } from './base.js';
import { bannerBlockSchema, type BannerBlock, mediaContentBlockSchema, type MediaContentBlock, contentMediaBlockSchema, type ContentMediaBlock, adviceBlockSchema, type AdviceBlock, pageTitleBlockSchema, type PageTitleBlock, titleDescriptionActionBlockSchema, type TitleDescriptionActionBlock, imageCardsBlockSchema, type ImageCardsBlock, newsletterSubscriptionBlockSchema } from './layout.js';
import { masonryGalleryBlockSchema, accordionBlockSchema, contactListBlockSchema, downloadCatalogBlockSchema, bookingCalendarBlockSchema, type InteractiveBlock, formBlockSchema, type FormBlock } from './interactive.js';
import { sliderBlockSchema, reviewCardsBlockSchema, reviewsSummaryBlockSchema, videoCardsBlockSchema, type MediaBlock } from './media.js';
import { overlayBlockSchema, financeBlockSchema, kitchenShowcaseBlockSchema, mediaBlockBlockSchema, shadowTextListBlockSchema, breadcrumbBlockSchema, kitchenVisualizerBlockSchema, type LayoutVariantBlock } from './variants.js';
import { searchResultsBlockSchema, type SearchResultsBlock, productListingBlockSchema, type ProductListingBlock, categoryHandlerBlockSchema } from './listings.js';

// The block table: each block type's schema, from the family files beside this one. A new block type is
// a schema in its family's file, its entry here (and in KnownBlock when it has a title), and a
// BLOCK_MODULES line in content/blocks.ts.
export { breadcrumbItemSchema, faqEntrySchema, pageVideoSchema, type BlockBase, type BreadcrumbItem, type FaqEntry, type PageVideo } from './base.js';
export * from './layout.js';
export * from './interactive.js';
export * from './media.js';
export * from './variants.js';
export * from './listings.js';

/**
 * Every block type's schema. `satisfies` holds its keys to BLOCK_MODULES (content/blocks.ts: the module that
 * draws each type) both ways, so a type cannot be drawn without a schema or checked without a module.
 */
export const BLOCK_SCHEMAS = {
  banner: bannerBlockSchema,
  'media-content': mediaContentBlockSchema,
  'content-media': contentMediaBlockSchema,
  advice: adviceBlockSchema,
  'page-title': pageTitleBlockSchema,
  'title-description-action': titleDescriptionActionBlockSchema,
  'image-cards': imageCardsBlockSchema,
  'newsletter-subscription': newsletterSubscriptionBlockSchema,
  'masonry-gallery': masonryGalleryBlockSchema,
  accordion: accordionBlockSchema,
  'contact-list': contactListBlockSchema,
  'download-catalog': downloadCatalogBlockSchema,
  'booking-calendar': bookingCalendarBlockSchema,
  form: formBlockSchema,
  slider: sliderBlockSchema,
  'review-cards': reviewCardsBlockSchema,
  'reviews-summary': reviewsSummaryBlockSchema,
  'video-cards': videoCardsBlockSchema,
  overlay: overlayBlockSchema,
  finance: financeBlockSchema,
  'kitchen-showcase': kitchenShowcaseBlockSchema,
  'media-block': mediaBlockBlockSchema,
  'shadow-text-list': shadowTextListBlockSchema,
  breadcrumb: breadcrumbBlockSchema,
  'kitchen-visualizer': kitchenVisualizerBlockSchema,
  'search-results': searchResultsBlockSchema,
  'product-listing': productListingBlockSchema,
  'category-handler': categoryHandlerBlockSchema,
} as const satisfies Record<BlockType, ISchema<unknown>>;

/** A block of the table, by its type. */
export type KnownBlockOf<T extends BlockType> = InferType<(typeof BLOCK_SCHEMAS)[T]>;

// Blocks without a title of their own (newsletter subscription, breadcrumb, category handler's
// optional one aside) stay out of KnownBlock so code reading `block.title` across blocks keeps
// compiling; they parse as a Block through the open member.
export type KnownBlock =
  | ProductListingBlock
  | BannerBlock
  | MediaContentBlock
  | ContentMediaBlock
  | AdviceBlock
  | PageTitleBlock
  | TitleDescriptionActionBlock
  | ImageCardsBlock
  | InteractiveBlock
  | FormBlock
  | MediaBlock
  | LayoutVariantBlock
  | SearchResultsBlock;

/** A block whose type is not (yet) in the table still parses; the renderer skips it with a log. */
export type Block = KnownBlock | (BlockBase & Record<string, unknown>);

/** A block: its type's schema, or for a type nobody draws yet, just an id and a type. */
export const blockSchema = shapeBy<Block>(
  (value) => (Object.hasOwn(BLOCK_SCHEMAS, value.type as string) ? BLOCK_SCHEMAS[value.type as BlockType] : undefined),
  openFields(blockBase),
);
