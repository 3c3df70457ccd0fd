/**
 * Every block type a page may hold, and the remote module that draws it (`mf_<remote>/<module>`, a
 * default export taking BlockComponentProps). This is the browser's half of a block type: mf-content's
 * page renderer loads blocks by these module ids, whichever remote owns them. Its other half is the
 * block's schema in content-files/blocks/ (BLOCK_SCHEMAS), which the compiler holds to the same keys:
 * a new block type is its module in the remote that owns it, one line here and its schema there.
 */
export const BLOCK_MODULES = {
  banner: 'mf_content/blocks/Banner',
  'media-content': 'mf_content/blocks/MediaContent',
  'content-media': 'mf_content/blocks/ContentMedia',
  advice: 'mf_content/blocks/Advice',
  'page-title': 'mf_content/blocks/PageTitle',
  'title-description-action': 'mf_content/blocks/TitleDescriptionAction',
  'image-cards': 'mf_content/blocks/ImageCards',
  'newsletter-subscription': 'mf_content/blocks/NewsletterSubscription',
  'masonry-gallery': 'mf_content/blocks/MasonryGallery',
  accordion: 'mf_content/blocks/Accordion',
  'contact-list': 'mf_content/blocks/ContactList',
  'download-catalog': 'mf_content/blocks/DownloadCatalog',
  'booking-calendar': 'mf_content/blocks/BookingCalendar',
  slider: 'mf_content/blocks/SliderBlock',
  'review-cards': 'mf_content/blocks/ReviewCards',
  'reviews-summary': 'mf_content/blocks/ReviewsSummary',
  'video-cards': 'mf_content/blocks/VideoCards',
  overlay: 'mf_content/blocks/Overlay',
  finance: 'mf_content/blocks/Finance',
  'kitchen-showcase': 'mf_content/blocks/KitchenShowcase',
  'media-block': 'mf_content/blocks/MediaBlock',
  'shadow-text-list': 'mf_content/blocks/ShadowTextList',
  breadcrumb: 'mf_content/blocks/Breadcrumb',
  'kitchen-visualizer': 'mf_content/blocks/KitchenVisualizer',
  'search-results': 'mf_content/blocks/SearchResults',
  // owned by mf-forms: a named form of content/forms/ (the popups use the same module)
  form: 'mf_forms/FormBlock',
  // owned by mf-catalog: the listing (filters, sort, pagination; /order-samples with show: samples) and the category handler
  'product-listing': 'mf_catalog/blocks/ProductListing',
  'category-handler': 'mf_catalog/blocks/CategoryHandler',
} as const;

export type BlockType = keyof typeof BLOCK_MODULES;

/** The module that draws a block type, or undefined for a type nobody draws (yet). */
export function blockModuleFor(type: string): string | undefined {
  return Object.hasOwn(BLOCK_MODULES, type) ? BLOCK_MODULES[type as BlockType] : undefined;
}
