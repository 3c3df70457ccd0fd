/**
 * Block type -> the remote module that renders it. Each block type belongs to exactly one remote;
 * a block owned by another remote is listed here with that remote's module id, e.g.
 * `'product-listing': 'mf_catalog/blocks/ProductListing'`. Each module default-exports a
 * component taking BlockComponentProps.
 */
export const blockRegistry: Readonly<Record<string, string>> = {
  banner: 'mf_content/blocks/Banner',
  'media-content': 'mf_content/blocks/MediaContent',
  // layout blocks
  'content-media': 'mf_content/blocks/ContentMedia',
  advice: 'mf_content/blocks/Advice',
  'page-title': 'mf_content/blocks/PageTitle',
  'title-description-action': 'mf_content/blocks/TitleDescriptionAction',
  'image-cards': 'mf_content/blocks/ImageCards',
  'newsletter-subscription': 'mf_content/blocks/NewsletterSubscription',
  // interactive blocks
  'masonry-gallery': 'mf_content/blocks/MasonryGallery',
  accordion: 'mf_content/blocks/Accordion',
  'contact-list': 'mf_content/blocks/ContactList',
  'download-catalog': 'mf_content/blocks/DownloadCatalog',
  'booking-calendar': 'mf_content/blocks/BookingCalendar',
  // end interactive blocks
  // form block (issue 7: popups and forms): a named form from content/forms/, owned by mf-forms
  form: 'mf_forms/FormBlock',
  // media blocks (issue 7)
  slider: 'mf_content/blocks/SliderBlock',
  'review-cards': 'mf_content/blocks/ReviewCards',
  'reviews-summary': 'mf_content/blocks/ReviewsSummary',
  'video-cards': 'mf_content/blocks/VideoCards',
  // end media blocks
  // layout variants and blocks (issue 7: layouts)
  overlay: 'mf_content/blocks/Overlay',
  finance: 'mf_content/blocks/Finance',
  'kitchen-showcase': 'mf_content/blocks/KitchenShowcase',
  'media-block': 'mf_content/blocks/MediaBlock',
  'shadow-text-list': 'mf_content/blocks/ShadowTextList',
  breadcrumb: 'mf_content/blocks/Breadcrumb',
  'kitchen-visualizer': 'mf_content/blocks/KitchenVisualizer',
  // end layout variants and blocks
  // catalog listing (issue 8), owned by mf-catalog: filters, sort, pagination; /order-samples with show: samples
  'product-listing': 'mf_catalog/blocks/ProductListing',
  // site search
  'search-results': 'mf_content/blocks/SearchResults',
  // product categories (issue 8), owned by mf-catalog
  'category-handler': 'mf_catalog/blocks/CategoryHandler',
};

export function blockModuleFor(type: string): string | undefined {
  return Object.hasOwn(blockRegistry, type) ? blockRegistry[type] : undefined;
}
