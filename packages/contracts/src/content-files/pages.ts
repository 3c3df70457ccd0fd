import { mixed, type InferType, type ISchema } from 'yup';
import type { BlockType } from '../blocks.js';
import {
  describeValue,
  fields,
  flag,
  imagePath,
  listOf,
  numberIn,
  oneOfText,
  openFields,
  rule,
  shapeBy,
  sitePath,
  slug,
  text,
} from './editor-rules.js';
import { imageRefSchema as imageRef, linkActionSchema as linkAction } from './site.js';
import { EMAIL_ADDRESS_PATTERN } from '../rules/field-rules.js';
import type { VideoAvailability } from '../videos.js';
import { cardSchema } from './cards.js';

// content/pages/*.json (a page's blocks) and content/site/page-table.json (every route's head).
// Each block type is one schema here (BLOCK_SCHEMAS) and one module of the remote that draws it
// (BLOCK_MODULES in ../blocks.ts).

export const breadcrumbItemSchema = fields({ label: text(), path: sitePath() });
export type BreadcrumbItem = InferType<typeof breadcrumbItemSchema>;

/** Which structured-data schemas apply to a page. */
export const pageSchemasSchema = fields({
  localBusiness: flag().optional(),
  organization: flag().optional(),
  faq: flag().optional(),
  breadcrumb: flag().optional(),
  video: flag().optional(),
  product: flag().optional(),
  /** BlogPosting for a blog post page */
  article: flag().optional(),
});
export type PageSchemas = InferType<typeof pageSchemasSchema>;

/** Every block: `id` unique within the page (the React key), `type` its registry entry. */
const blockBase = { id: slug(), type: text() };
export interface BlockBase {
  id: string;
  type: string;
}
const blockOf = <const T extends string>(type: T) => ({ id: slug(), type: oneOfText([type]) });

/**
 * One question of a page's FAQ data: a block carrying `faqs` feeds the page's FAQPage structured data.
 * Spec §3 accordion item: the description (`answer`) is HTML, or a list of HTML items shown as a list.
 */
export const faqEntrySchema = fields({
  question: text(),
  /** HTML from content/, or a list of HTML items (drawn as a bulleted list) */
  answer: mixed<string | string[]>()
    .defined('is required')
    .test('text-or-list', function textOrList(value) {
      if (typeof value === 'string' && value.trim() !== '') return true;
      if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string' && item.trim() !== '')) return true;
      return this.createError({ message: `must be HTML text or a list of HTML texts, none empty (got ${describeValue(value)})` });
    }),
});
export type FaqEntry = InferType<typeof faqEntrySchema>;

/**
 * A media block's video as the page shows it. Its facts (upload date, duration) are not written here:
 * the page's VideoObject structured data comes from content/data/videos.json, for a video listed there.
 */
export const pageVideoSchema = fields({
  name: text(),
  description: text(),
  /** an /images/ path or an absolute URL */
  thumbnailUrl: text({ pattern: /^(\/images\/|https:\/\/)\S+$/, patternText: 'an /images/ path or an https:// address' }),
  /** the video file, or the player page (at least one of the two) */
  contentUrl: text({ pattern: /^(\/|https:\/\/)\S+$/, patternText: 'a site path or an https:// address' }).optional(),
  embedUrl: text({ pattern: /^https:\/\/\S+$/, patternText: 'an https:// address' }).optional(),
});
export type PageVideo = InferType<typeof pageVideoSchema>;

/**
 * Banner layouts: `single` an image behind the text; `slider` the text over several images in the Slider
 * (`images`, the first loads with high priority); `title-breadcrumb` a shorter banner (1920x712) with the
 * title and a breadcrumb (`breadcrumb`, else the page's from the page table); `card-v1` the text in a card
 * over the image; `card-v2` the image beside a coloured card.
 */
const bannerLayout = oneOfText(['single', 'slider', 'title-breadcrumb', 'card-v1', 'card-v2']);
export type BannerLayout = InferType<typeof bannerLayout>;

export const bannerBlockSchema = fields({
  ...blockOf('banner'),
  backgroundImage: imageRef,
  title: text(),
  subTitle: text().optional(),
  description: text().optional(),
  ratings: fields({ text: text(), star: numberIn({ min: 0, max: 5 }) }).optional(),
  action: linkAction.optional(),
  bannerLayout: bannerLayout.optional(),
  /** slider: the images after `backgroundImage`, in order (each `label` names its slide) */
  images: listOf(imageRef, { min: 1 }).optional(),
  /** title-breadcrumb: the trail to show instead of the page's */
  breadcrumb: listOf(breadcrumbItemSchema, { min: 1 }).optional(),
  /** the first banner of a page loads with high priority */
  priority: flag().optional(),
});
export type BannerBlock = InferType<typeof bannerBlockSchema>;

const mediaTextFields = {
  title: text(),
  /** HTML from content/, sanitised before rendering */
  description: text(),
  image: imageRef,
  action: linkAction.optional(),
  /** media-content puts the image left; content-media puts it right */
  mediaPosition: oneOfText(['left', 'right']).optional(),
};
export const mediaContentBlockSchema = fields({ ...blockOf('media-content'), ...mediaTextFields });
export type MediaContentBlock = InferType<typeof mediaContentBlockSchema>;

// --- layout blocks (content-media, advice, page title, title-description-action, image cards) ---

/** content-media: media-content mirrored, the image on the right (left when mediaPosition says so). */
export const contentMediaBlockSchema = fields({ ...blockOf('content-media'), ...mediaTextFields });
export type ContentMediaBlock = InferType<typeof contentMediaBlockSchema>;

/** Advice from a designer with a chat button (chat is not live yet: the button says so). */
export const adviceBlockSchema = fields({
  ...blockOf('advice'),
  title: text(),
  /** HTML from content/, sanitised before rendering */
  description: text(),
  image: imageRef.optional(),
  /** the chat button's text; "Chat With a Designer" when absent */
  chatLabel: text().optional(),
  action: linkAction.optional(),
});
export type AdviceBlock = InferType<typeof adviceBlockSchema>;

const pageTitleVariant = oneOfText(['plain', 'one-column', 'two-column', 'shadow-text']);
export type PageTitleVariant = InferType<typeof pageTitleVariant>;

/** A page's title area. As the page's first block it carries the page heading (h1). */
export const pageTitleBlockSchema = fields({
  ...blockOf('page-title'),
  variant: pageTitleVariant,
  title: text(),
  subTitle: text().optional(),
  /** plain text; longer than 220 characters gets Read more / Show less */
  description: text().optional(),
  /** two-column: HTML shown beside the title */
  aside: text().optional(),
  /** shadow-text: the large faint word behind the title */
  shadowText: text().optional(),
});
export type PageTitleBlock = InferType<typeof pageTitleBlockSchema>;

/** A short call to action: title, text and one action. */
export const titleDescriptionActionBlockSchema = fields({
  ...blockOf('title-description-action'),
  title: text(),
  /** plain text; longer than 220 characters gets Read more / Show less */
  description: text(),
  action: linkAction.optional(),
});
export type TitleDescriptionActionBlock = InferType<typeof titleDescriptionActionBlockSchema>;

// Spec §3 Card: its schema is in ./cards.ts.

/**
 * Image cards: v1 image above text in a grid, v2 image beside text in a list, v3 numbered process steps
 * (look 'steps': a grid; look 'timeline': a vertical timeline).
 */
export const imageCardsBlockSchema = fields({
  ...blockOf('image-cards'),
  version: oneOfText(['v1', 'v2', 'v3']),
  look: oneOfText(['steps', 'timeline']).optional(),
  title: text().optional(),
  description: text().optional(),
  /** show every card's whole text, no Read more (policy sections must not hide terms) */
  fullText: flag().optional(),
  cards: listOf(cardSchema),
});
export type ImageCardsBlock = InferType<typeof imageCardsBlockSchema>;

/** One side of the newsletter toggle; texts from content (HTML sanitised before rendering). */
export const newsletterChoiceTextSchema = fields({
  title: text(),
  /** HTML */
  description: text(),
  buttonText: text(),
  /** HTML: the alert shown after the button is pressed */
  alert: text(),
});
export type NewsletterChoiceText = InferType<typeof newsletterChoiceTextSchema>;

/**
 * The newsletter unsubscribe page's toggle between Unsubscribe and Subscribe. It switches locally and
 * stores nothing (there is no subscription API yet), so its alerts say how the choice reaches the team.
 */
export const newsletterSubscriptionBlockSchema = fields({
  ...blockOf('newsletter-subscription'),
  unsubscribe: newsletterChoiceTextSchema,
  subscribe: newsletterChoiceTextSchema,
});
export type NewsletterSubscriptionBlock = InferType<typeof newsletterSubscriptionBlockSchema>;

// --- interactive blocks: masonry gallery, accordion, contact list, download catalog, booking calendar ---

/** One picture of a masonry gallery: opens the zoom lightbox, or links to a page when `url` is set. */
export const galleryItemSchema = fields({
  image: imageRef,
  caption: text().optional(),
  /** a site path: the item is a link (e.g. to a gallery entry) instead of opening the lightbox */
  url: sitePath().optional(),
});
export type GalleryItem = InferType<typeof galleryItemSchema>;

export const masonryGalleryBlockSchema = fields({
  ...blockOf('masonry-gallery'),
  title: text().optional(),
  /** HTML from content/, sanitised before rendering */
  description: text().optional(),
  items: listOf(galleryItemSchema, { min: 1 }),
  /** the most the lightbox enlarges a picture; 2 when absent */
  maxZoomRatio: numberIn({ min: 1, max: 5 }).optional(),
});
export type MasonryGalleryBlock = InferType<typeof masonryGalleryBlockSchema>;

/** Questions and answers, one open at a time; `faqs` also feed the page's FAQPage structured data. */
export const accordionBlockSchema = fields({ ...blockOf('accordion'), title: text().optional(), faqs: listOf(faqEntrySchema, { min: 1 }) });
export type AccordionBlock = InferType<typeof accordionBlockSchema>;

const contactText = <const T extends string>(types: readonly T[]) => fields({ type: oneOfText(types), title: text().optional(), text: text() });
const contactItemTypes = {
  address: fields({
    type: oneOfText(['address']),
    title: text().optional(),
    text: text(),
    enableMapLink: flag().optional(),
    mapLink: text({ pattern: /^https:\/\//, patternText: 'an https:// address' }).optional(),
  }),
  phone: contactText(['phone']),
  sms: contactText(['sms']),
  // the site's address is usually given as {{site.email}}, resolved by the content service
  email: fields({
    type: oneOfText(['email']),
    title: text().optional(),
    text: text({
      pattern: new RegExp(`^(\\{\\{\\s*[\\w.]+\\s*\\}\\}|${EMAIL_ADDRESS_PATTERN.source.slice(1, -1)})$`),
      patternText: 'an e-mail address or a {{site.email}} placeholder',
    }),
  }),
  /** without `items`, the site's opening hours (content/site/site.json), so they are kept in one place */
  hours: fields({ type: oneOfText(['hours']), title: text().optional(), items: listOf(fields({ days: text(), time: text() }), { min: 1 }).optional() }),
  'icon-link': fields({ type: oneOfText(['icon-link']), title: text().optional(), text: text(), url: text(), iconName: text().optional() }),
  link: fields({ type: oneOfText(['link']), title: text().optional(), text: text(), url: text(), iconName: text().optional() }),
  image: fields({ type: oneOfText(['image']), title: text().optional(), image: imageRef }),
};
export type ContactItem = InferType<(typeof contactItemTypes)[keyof typeof contactItemTypes]>;
const contactItemSchema = shapeBy<ContactItem>(
  (value) => contactItemTypes[value.type as keyof typeof contactItemTypes],
  openFields({ type: oneOfText(Object.keys(contactItemTypes), { quoted: false }) }),
);

export const contactListBlockSchema = fields({
  ...blockOf('contact-list'),
  title: text().optional(),
  subTitle: text().optional(),
  /** default: a plain list; here-to-help: a highlighted panel with the items as cards */
  layout: oneOfText(['default', 'here-to-help']).optional(),
  items: listOf(contactItemSchema, { min: 1 }),
});
export type ContactListBlock = InferType<typeof contactListBlockSchema>;

export const catalogDownloadSchema = fields({
  text: text(),
  /** a PDF under /images/ or /catalogs/, or an absolute URL */
  url: text({ pattern: /^(\/|https:\/\/)\S+\.pdf$/, patternText: 'a .pdf path or https:// address' }),
});
export type CatalogDownload = InferType<typeof catalogDownloadSchema>;

/** One catalog renders a plain link; several render a dropdown. */
export const downloadCatalogBlockSchema = fields({
  ...blockOf('download-catalog'),
  /** an optional heading above the link */
  title: text().optional(),
  label: text(),
  catalogs: listOf(catalogDownloadSchema, { min: 1 }),
});
export type DownloadCatalogBlock = InferType<typeof downloadCatalogBlockSchema>;

/**
 * The calendar booking widget: the free slots of a booking form (its config.booking says how long a slot
 * is and how many days can be booked), then name, e-mail and phone, stored through POST /api/forms/<formName>.
 */
export const bookingCalendarBlockSchema = fields({
  ...blockOf('booking-calendar'),
  /** "Select a Date & Time" when absent */
  title: text().optional(),
  description: text().optional(),
  /** a form definition in content/forms/ with config.booking and the fields name, email, phone, date and slot */
  formName: slug(),
  submitText: text().optional(),
});
export type BookingCalendarBlock = InferType<typeof bookingCalendarBlockSchema>;

export type InteractiveBlock = MasonryGalleryBlock | AccordionBlock | ContactListBlock | DownloadCatalogBlock | BookingCalendarBlock;

/** A form from content/forms/ embedded in a page, drawn by mf_forms/FormBlock (the popups use the same module). */
export const formBlockSchema = fields({
  ...blockOf('form'),
  /** a form definition in content/forms/ */
  formName: slug(),
  title: text().optional(),
  description: text().optional(),
});
export type FormBlock = InferType<typeof formBlockSchema>;

// --- media blocks: slider, review cards, reviews summary, video cards ---

/** One picture of a slider block: its label names the slide (and shows beside the counter). */
export const sliderItemSchema = fields({ image: imageRef, label: text().optional(), caption: text().optional() });
export type SliderItem = InferType<typeof sliderItemSchema>;

/** Pictures in the Slider with a "2 / 5" counter and the current slide's label. */
export const sliderBlockSchema = fields({
  ...blockOf('slider'),
  title: text().optional(),
  description: text().optional(),
  slides: listOf(sliderItemSchema, { min: 1 }),
  /** slides in view on desktop (1); tablets show at most 2, phones 1 */
  slidesToShow: numberIn({ min: 1, max: 4, integer: true }).optional(),
  /** true when absent */
  showCounter: flag().optional(),
  /** true when absent */
  showLabels: flag().optional(),
});
export type SliderBlock = InferType<typeof sliderBlockSchema>;

/** Customer reviews (GET /api/reviews/birdeye) as cards in the Slider. */
export const reviewCardsBlockSchema = fields({ ...blockOf('review-cards'), title: text().optional(), description: text().optional() });
export type ReviewCardsBlock = InferType<typeof reviewCardsBlockSchema>;

/** The reviews' average and count (GET /api/reviews/summary); nothing shows when it cannot be loaded. */
export const reviewsSummaryBlockSchema = fields({ ...blockOf('reviews-summary'), title: text().optional() });
export type ReviewsSummaryBlock = InferType<typeof reviewsSummaryBlockSchema>;

const YOUTUBE_ADDRESS = /^https:\/\/(www\.)?(youtube\.com\/(watch\?v=|embed\/|shorts\/)|youtu\.be\/)[\w-]{11}/;
const VIDEO_FILE = /^(\/images\/[a-z0-9/_.-]+|https:\/\/\S+)\.(mp4|webm)$/;

/** Spec §3 video card. `videoUrl` is a YouTube address (videoType youtube) or a video file (video). */
/** The content service's mark on a video the registry does not confirm (VideoAvailability): only ever `true`. */
export function unconfirmedMark() {
  return mixed<true>((value): value is true => value === true)
    .optional()
    .typeError('must be true when present');
}

const videoCardFields = {
  videoType: oneOfText(['youtube', 'video']),
  videoUrl: text().test('video-address', function videoAddress(value) {
    if (value === undefined) return true;
    const file = (this.parent as { videoType?: unknown }).videoType === 'video';
    if (file ? VIDEO_FILE.test(value) : YOUTUBE_ADDRESS.test(value)) return true;
    const wanted = file ? 'an /images/ or https:// .mp4 or .webm file' : 'a YouTube video address';
    return this.createError({ message: `must be ${wanted} (got ${JSON.stringify(value)})` });
  }),
  title: text(),
  /** plain text, cut at 250 characters at a word boundary */
  description: text().optional(),
  /** absent for YouTube: the host's own thumbnail sizes are tried */
  thumbnail: imageRef.optional(),
  /** the player's least height per device class, in px */
  minHeights: fields({
    desktop: numberIn({ min: 1, integer: true }).optional(),
    tablet: numberIn({ min: 1, integer: true }).optional(),
    mobile: numberIn({ min: 1, integer: true }).optional(),
  }).optional(),
  // No uploadDate or duration: a video's facts are kept once, in content/data/videos.json.
};
export const videoCardSchema = fields(videoCardFields);
/** As the content API serves it: content files never carry `unconfirmed` (their schema refuses it), answers may. */
export const servedVideoCardSchema = fields({ ...videoCardFields, unconfirmed: unconfirmedMark() });
/** A video card as content writes it, and as the content API serves it (which may add `unconfirmed`). */
export type VideoCard = InferType<typeof videoCardSchema> & VideoAvailability;

export const videoCardsBlockSchema = fields({
  ...blockOf('video-cards'),
  title: text().optional(),
  description: text().optional(),
  videos: listOf(videoCardSchema, { min: 1 }),
});
/** videos as the content API serves them (each may be marked `unconfirmed`) */
export type VideoCardsBlock = Omit<InferType<typeof videoCardsBlockSchema>, 'videos'> & { videos: VideoCard[] };

export type MediaBlock = SliderBlock | ReviewCardsBlock | ReviewsSummaryBlock | VideoCardsBlock;

// --- layout variants and blocks: overlay, finance, kitchen showcase, media block, shadow-text list,
// breadcrumb, kitchen visualizer ---
//
// The spec's "overlay variants", "finance variants" and "kitchen variant" are block types of their own, not a
// `variant` field on banner, image-cards or media-content: each has its own shape (one image under a text
// panel; a list of payment options with rate and term; a scene with a caption and a feature list), and a
// variant field would leave fields that mean something for one look only, which neither TypeScript nor the
// content checker could then require. A block's `variant`/`position`/`theme` only switches between looks of
// one shape.

const overlayPosition = oneOfText(['left', 'center', 'right']);
const overlayTheme = oneOfText(['light', 'dark']);
/** Where the overlay's text panel sits over the image, and its colours (light: white panel, dark: dark panel). */
export type OverlayPosition = InferType<typeof overlayPosition>;
export type OverlayTheme = InferType<typeof overlayTheme>;

/** A text panel over a full-bleed image. */
export const overlayBlockSchema = fields({
  ...blockOf('overlay'),
  image: imageRef,
  title: text(),
  subTitle: text().optional(),
  /** HTML from content/, sanitised before rendering */
  description: text().optional(),
  action: linkAction.optional(),
  /** 'left' when absent */
  position: overlayPosition.optional(),
  /** 'light' when absent */
  theme: overlayTheme.optional(),
});
export type OverlayBlock = InferType<typeof overlayBlockSchema>;

/** One way to pay: v1 shows its image (500 px wide by default, spec §9) beside the text; v2 its rate, term and action on a card. */
export const financeOptionSchema = fields({
  title: text(),
  /** plain text */
  description: text(),
  image: imageRef.optional(),
  /** e.g. "0% interest" */
  rate: text().optional(),
  /** e.g. "4 payments over 6 weeks" */
  term: text().optional(),
  /** a short badge, e.g. "Most popular" */
  highlight: text().optional(),
  action: linkAction.optional(),
});
export type FinanceOption = InferType<typeof financeOptionSchema>;

/** Finance options: v1 image and text rows, v2 comparison cards with rate, term and a call to action. */
export const financeBlockSchema = fields({
  ...blockOf('finance'),
  variant: oneOfText(['v1', 'v2']),
  title: text().optional(),
  description: text().optional(),
  options: listOf(financeOptionSchema, { min: 1 }),
  /** small print under the options (plain text) */
  disclaimer: text().optional(),
});
export type FinanceBlock = InferType<typeof financeBlockSchema>;

/** A kitchen showcase: a large scene image with a caption panel and the kitchen's features. */
export const kitchenShowcaseBlockSchema = fields({
  ...blockOf('kitchen-showcase'),
  image: imageRef,
  title: text(),
  /** plain text */
  caption: text().optional(),
  features: listOf(text()),
  action: linkAction.optional(),
});
export type KitchenShowcaseBlock = InferType<typeof kitchenShowcaseBlockSchema>;

/**
 * A single image or video with a caption and an optional link. A `video` also feeds the page's
 * VideoObject structured data; it plays here when `contentUrl` is one of our files, else its thumbnail
 * links to the player page (`embedUrl`), as other sites' players are outside the page's CSP.
 */
export const mediaBlockBlockSchema = fields({
  ...blockOf('media-block'),
  title: text().optional(),
  image: imageRef.optional(),
  video: pageVideoSchema.optional(),
  caption: text().optional(),
  link: linkAction.optional(),
}).test(
  rule<{ image?: unknown; video?: { contentUrl?: unknown; embedUrl?: unknown } }>('image-or-video', (block) => {
    const found: [string, string][] = [];
    if (!block.image && !block.video) found.push(['', 'needs an image or a video']);
    if (block.video && typeof block.video === 'object' && !block.video.contentUrl && !block.video.embedUrl) found.push(['video', 'needs a contentUrl or an embedUrl']);
    return found;
  }),
);
export type MediaBlockBlock = InferType<typeof mediaBlockBlockSchema>;

/** One item of a shadow-text list: a large faint word or number behind its title. */
export const shadowTextItemSchema = fields({
  shadowText: text(),
  title: text(),
  /** plain text */
  text: text(),
});
export type ShadowTextItem = InferType<typeof shadowTextItemSchema>;

export const shadowTextListBlockSchema = fields({
  ...blockOf('shadow-text-list'),
  title: text().optional(),
  description: text().optional(),
  items: listOf(shadowTextItemSchema, { min: 1 }),
});
export type ShadowTextListBlock = InferType<typeof shadowTextListBlockSchema>;

/** A breadcrumb trail: the given items, else the page's own trail from the page table. */
export const breadcrumbBlockSchema = fields({ ...blockOf('breadcrumb'), items: listOf(breadcrumbItemSchema, { min: 1 }).optional() });
export type BreadcrumbBlock = InferType<typeof breadcrumbBlockSchema>;

/** The kitchen visualizer: pick a style and a finish, and a drawn kitchen shows its doors in that colour. */
export const kitchenVisualizerBlockSchema = fields({ ...blockOf('kitchen-visualizer'), title: text().optional(), description: text().optional() });
export type KitchenVisualizerBlock = InferType<typeof kitchenVisualizerBlockSchema>;

export type LayoutVariantBlock = OverlayBlock | FinanceBlock | KitchenShowcaseBlock | MediaBlockBlock | ShadowTextListBlock | KitchenVisualizerBlock;

// --- site search ---

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

// --- catalog blocks (drawn by mf-catalog) ---

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

/**
 * Every block type's schema. `satisfies` holds its keys to BLOCK_MODULES (blocks.ts: the module that
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

// A page file holds blocks only; its head comes from the page table, so the old head fields are named as moved.
const movedToPageTable = () =>
  text({ allowEmpty: true })
    .optional()
    .test('moved', "belongs in site/page-table.json (the one source of a page's title, description, breadcrumb and schemas)", (value) => value === undefined);
const movedField = () =>
  openFields({})
    .optional()
    .test('moved', "belongs in site/page-table.json (the one source of a page's title, description, breadcrumb and schemas)", (value) => value === undefined);

/** What a content/pages/*.json file holds: the blocks. Its head (title, description, ...) is in the page table. */
export const pageContentSchema = fields({
  slug: slug(),
  path: sitePath(),
  blocks: listOf(blockSchema, { min: 1 }),
});
/** The page file as the content check reads it: also names head fields that moved to the page table. */
export const pageFileSchema = fields({
  slug: slug(),
  path: sitePath(),
  blocks: listOf(blockSchema, { min: 1 }),
  title: movedToPageTable(),
  description: movedToPageTable(),
  breadcrumb: movedField(),
  schemas: movedField(),
});
export type PageContent = InferType<typeof pageContentSchema>;

/**
 * GET /api/content/page?path=/ : the page file merged with its route of the page table
 * (content/site/page-table.json), placeholders resolved.
 */
export const pageDefinitionSchema = fields({
  slug: slug(),
  path: sitePath(),
  blocks: listOf(blockSchema, { min: 1 }),
  title: text(),
  description: text(),
  breadcrumb: listOf(breadcrumbItemSchema),
  schemas: pageSchemasSchema,
});
export type PageDefinition = InferType<typeof pageDefinitionSchema>;

/** GET /api/content/page as served: a video-cards block's videos may be marked `unconfirmed`. */
const SERVED_BLOCK_SCHEMAS: Partial<Record<BlockType, ISchema<unknown>>> = {
  'video-cards': fields({ ...videoCardsBlockSchema.fields, videos: listOf(servedVideoCardSchema, { min: 1 }) }),
};
const servedBlockSchema = shapeBy<Block>(
  (value) => SERVED_BLOCK_SCHEMAS[value.type as BlockType] ?? (Object.hasOwn(BLOCK_SCHEMAS, value.type as string) ? BLOCK_SCHEMAS[value.type as BlockType] : undefined),
  openFields(blockBase),
);
export const servedPageDefinitionSchema = fields({ ...pageDefinitionSchema.fields, blocks: listOf(servedBlockSchema, { min: 1 }) });

/** A route path of the page table: lower-case segments, a parameter in braces. */
const routePath = () =>
  text({
    pattern: /^\/$|^(\/([a-z0-9]+(-[a-z0-9]+)*|\{[a-z][A-Za-z]*\}))+$/,
    patternText: 'a lower-case site path like /about-us (a parameter in braces: /unsubscribe/{unsubscribeToken})',
  });

/**
 * One route of the page table. `path` is a site path; a segment in braces is a parameter
 * (`/unsubscribe/{unsubscribeToken}`), and `{styleCode}` must name a style of the catalog.
 * Text fields may use {{site.*}} placeholders, and a `{styleCode}` route {{style.*}} ones.
 */
export const pageRouteSchema = fields({
  path: routePath(),
  /** 'content' when mf-content renders it from a content/pages file; else the remote module that does, e.g. 'mf_forms/ContactPage' */
  screen: text({ pattern: /^(content|mf_[a-z]+\/[A-Z][A-Za-z]+)$/, patternText: '"content" or the remote module that renders the route, like mf_forms/ContactPage' }),
  /** false until the route's screen exists: a disabled route is a 404 page */
  enabled: flag(),
  /** false keeps search engines out (noindex, not in the sitemap); true when absent */
  indexable: flag().optional(),
  /** the complete <title> */
  title: text(),
  description: text(),
  /** from Home to this page */
  breadcrumb: listOf(fields({ label: text(), path: routePath() }), { min: 1 }),
  schemas: pageSchemasSchema,
  /** the share image (an /images/ path) */
  image: imagePath().optional(),
});
export type PageRoute = InferType<typeof pageRouteSchema>;

/** A second address of a route (/aboutus for /about-us): same page, canonical URL of the target. */
export const pageRouteAliasSchema = fields({ path: routePath(), aliasOf: routePath() });
export type PageRouteAlias = InferType<typeof pageRouteAliasSchema>;

/** content/site/page-table.json: the one source of every route's title, description, breadcrumb and schemas. */
export const pageTableSchema = fields({
  /** the Organization's logo in structured data (an /images/ path) */
  logo: imagePath(),
  /** the head of a path that is no page */
  notFound: fields({ title: text(), description: text() }),
  routes: listOf(
    shapeBy<PageRoute | PageRouteAlias>((value) => ('aliasOf' in value ? pageRouteAliasSchema : pageRouteSchema), pageRouteSchema),
    { min: 1 },
  ),
});
export type PageTable = InferType<typeof pageTableSchema>;

