import type { ImageRef, LinkAction } from './site.js';

export interface BreadcrumbItem {
  label: string;
  path: string;
}

/** Which structured-data schemas apply to a page. */
export interface PageSchemas {
  localBusiness?: boolean;
  organization?: boolean;
  faq?: boolean;
  breadcrumb?: boolean;
  video?: boolean;
  product?: boolean;
  /** BlogPosting for a blog post page */
  article?: boolean;
}

export interface BlockBase {
  /** unique within the page; the React key */
  id: string;
  type: string;
}

/**
 * Banner layouts: `single` an image behind the text; `slider` the text over several images in the Slider
 * (`images`, the first loads with high priority); `title-breadcrumb` a shorter banner (1920x712) with the
 * title and a breadcrumb (`breadcrumb`, else the page's from the page table); `card-v1` the text in a card
 * over the image; `card-v2` the image beside a coloured card.
 */
export type BannerLayout = 'single' | 'slider' | 'title-breadcrumb' | 'card-v1' | 'card-v2';

export interface BannerBlock extends BlockBase {
  type: 'banner';
  backgroundImage: ImageRef;
  title: string;
  subTitle?: string;
  description?: string;
  ratings?: { text: string; star: number };
  action?: LinkAction;
  bannerLayout?: BannerLayout;
  /** slider: the images after `backgroundImage`, in order (each `label` names its slide) */
  images?: ImageRef[];
  /** title-breadcrumb: the trail to show instead of the page's */
  breadcrumb?: BreadcrumbItem[];
  /** the first banner of a page loads with high priority */
  priority?: boolean;
}

export interface MediaContentBlock extends BlockBase {
  type: 'media-content';
  title: string;
  /** HTML from content/, sanitised before rendering */
  description: string;
  image: ImageRef;
  action?: LinkAction;
  /** media-content puts the image left; content-media puts it right */
  mediaPosition?: 'left' | 'right';
}

// --- layout blocks (content-media, advice, page title, title-description-action, image cards, style cards) ---

/** content-media: media-content mirrored, the image on the right (left when mediaPosition says so). */
export interface ContentMediaBlock extends Omit<MediaContentBlock, 'type'> {
  type: 'content-media';
}

/** Advice from a designer with a chat button (chat is not live yet: the button says so). */
export interface AdviceBlock extends BlockBase {
  type: 'advice';
  title: string;
  /** HTML from content/, sanitised before rendering */
  description: string;
  image?: ImageRef;
  /** the chat button's text; "Chat With a Designer" when absent */
  chatLabel?: string;
  action?: LinkAction;
}

export type PageTitleVariant = 'plain' | 'one-column' | 'two-column' | 'shadow-text';

/** A page's title area. As the page's first block it carries the page heading (h1). */
export interface PageTitleBlock extends BlockBase {
  type: 'page-title';
  variant: PageTitleVariant;
  title: string;
  subTitle?: string;
  /** plain text; longer than 220 characters gets Read more / Show less */
  description?: string;
  /** two-column: HTML shown beside the title */
  aside?: string;
  /** shadow-text: the large faint word behind the title */
  shadowText?: string;
}

/** A short call to action: title, text and one action. */
export interface TitleDescriptionActionBlock extends BlockBase {
  type: 'title-description-action';
  title: string;
  /** plain text; longer than 220 characters gets Read more / Show less */
  description: string;
  action?: LinkAction;
}

/** Spec §3 Card (the fields the image cards use). */
export interface Card {
  title: string;
  /** plain text; longer than 220 characters gets Read more / Show less */
  description: string;
  image?: ImageRef;
  action?: LinkAction;
  /** shown zero-padded to 2 digits (v3) */
  stepNumber?: number;
  hideStepNumber?: boolean;
}

/**
 * Image cards: v1 image above text in a grid, v2 image beside text in a list, v3 numbered process steps
 * (look 'steps': a grid; look 'timeline': a vertical timeline).
 */
export interface ImageCardsBlock extends BlockBase {
  type: 'image-cards';
  version: 'v1' | 'v2' | 'v3';
  look?: 'steps' | 'timeline';
  title?: string;
  description?: string;
  /** show every card's whole text, no Read more (policy sections must not hide terms) */
  fullText?: boolean;
  cards: Card[];
}

/** The catalog's door styles as cards, each linking to its style page (data: GET /api/content/product-styles). */

/** One side of the newsletter toggle; texts from content (HTML sanitised before rendering). */
export interface NewsletterChoiceText {
  title: string;
  /** HTML */
  description: string;
  buttonText: string;
  /** HTML: the alert shown after the button is pressed */
  alert: string;
}

/**
 * The newsletter unsubscribe page's toggle between Unsubscribe and Subscribe. It switches locally and
 * stores nothing (there is no subscription API yet), so its alerts say how the choice reaches the team.
 */
export interface NewsletterSubscriptionBlock extends BlockBase {
  type: 'newsletter-subscription';
  unsubscribe: NewsletterChoiceText;
  subscribe: NewsletterChoiceText;
}

// --- interactive blocks: masonry gallery, accordion, contact list, download catalog ---

/** One picture of a masonry gallery: opens the zoom lightbox, or links to a page when `url` is set. */
export interface GalleryItem {
  image: ImageRef;
  caption?: string;
  /** a site path: the item is a link (e.g. to a gallery entry) instead of opening the lightbox */
  url?: string;
}

export interface MasonryGalleryBlock extends BlockBase {
  type: 'masonry-gallery';
  title?: string;
  /** HTML from content/, sanitised before rendering */
  description?: string;
  items: GalleryItem[];
  /** the most the lightbox enlarges a picture; 2 when absent */
  maxZoomRatio?: number;
}

/** Questions and answers, one open at a time; `faqs` also feed the page's FAQPage structured data. */
export interface AccordionBlock extends BlockBase {
  type: 'accordion';
  title?: string;
  faqs: FaqEntry[];
}

export type ContactItem =
  | { type: 'address'; title?: string; text: string; enableMapLink?: boolean; mapLink?: string }
  | { type: 'phone' | 'sms' | 'email'; title?: string; text: string }
  /** without `items`, the site's opening hours (content/site/site.json), so they are kept in one place */
  | { type: 'hours'; title?: string; items?: { days: string; time: string }[] }
  | { type: 'icon-link' | 'link'; title?: string; text: string; url: string; iconName?: string }
  | { type: 'image'; title?: string; image: ImageRef };

export interface ContactListBlock extends BlockBase {
  type: 'contact-list';
  title?: string;
  subTitle?: string;
  /** default: a plain list; here-to-help: a highlighted panel with the items as cards */
  layout?: 'default' | 'here-to-help';
  items: ContactItem[];
}

export interface CatalogDownload {
  text: string;
  /** a PDF under /images/ or /catalogs/, or an absolute URL */
  url: string;
}

/** One catalog renders a plain link; several render a dropdown. */
export interface DownloadCatalogBlock extends BlockBase {
  type: 'download-catalog';
  /** an optional heading above the link */
  title?: string;
  label: string;
  catalogs: CatalogDownload[];
}

/**
 * The calendar booking widget: a date in the next `daysAhead` days (closed days from the site's hours),
 * an hourly slot, then name, e-mail and phone, stored through POST /api/forms/<formName>.
 */
export interface BookingCalendarBlock extends BlockBase {
  type: 'booking-calendar';
  /** "Select a Date & Time" when absent */
  title?: string;
  description?: string;
  /** a form definition in content/forms/ with the fields name, email, phone, date and slot */
  formName: string;
  /** 30 when absent */
  daysAhead?: number;
  /** 60 when absent */
  slotMinutes?: number;
  submitText?: string;
}

export type InteractiveBlock = MasonryGalleryBlock | AccordionBlock | ContactListBlock | DownloadCatalogBlock | BookingCalendarBlock;
// --- end interactive blocks ---

// --- form block (issue 7: popups and forms) ---
/** A form from content/forms/ embedded in a page, drawn by mf_forms/FormBlock (the popups use the same module). */
export interface FormBlock extends BlockBase {
  type: 'form';
  /** a form definition in content/forms/ */
  formName: string;
  title?: string;
  description?: string;
}
// --- end form block ---
// --- media blocks (issue 7: slider, review cards, reviews summary, video cards) ---

/** One picture of a slider block: its label names the slide (and shows beside the counter). */
export interface SliderItem {
  image: ImageRef;
  label?: string;
  caption?: string;
}

/** Pictures in the Slider with a "2 / 5" counter and the current slide's label. */
export interface SliderBlock extends BlockBase {
  type: 'slider';
  title?: string;
  description?: string;
  slides: SliderItem[];
  /** slides in view on desktop (1); tablets show at most 2, phones 1 */
  slidesToShow?: number;
  /** true when absent */
  showCounter?: boolean;
  /** true when absent */
  showLabels?: boolean;
}

/** Customer reviews (GET /api/reviews/birdeye) as cards in the Slider. */
export interface ReviewCardsBlock extends BlockBase {
  type: 'review-cards';
  title?: string;
  description?: string;
}

/** The reviews' average and count (GET /api/reviews/summary); nothing shows when it cannot be loaded. */
export interface ReviewsSummaryBlock extends BlockBase {
  type: 'reviews-summary';
  title?: string;
}

/** Spec §3 video card. `videoUrl` is a YouTube address (videoType youtube) or a video file (video). */
export interface VideoCard {
  videoUrl: string;
  videoType: 'youtube' | 'video';
  title: string;
  /** plain text, cut at 250 characters at a word boundary */
  description?: string;
  /** absent for YouTube: the host's own thumbnail sizes are tried */
  thumbnail?: ImageRef;
  /** the player's least height per device class, in px */
  minHeights?: { desktop?: number; tablet?: number; mobile?: number };
  /** ISO 8601 date: with it the page's VideoObject structured data lists the video */
  uploadDate?: string;
  /** ISO 8601 duration, e.g. PT2M10S */
  duration?: string;
}

export interface VideoCardsBlock extends BlockBase {
  type: 'video-cards';
  title?: string;
  description?: string;
  videos: VideoCard[];
}

export type MediaBlock = SliderBlock | ReviewCardsBlock | ReviewsSummaryBlock | VideoCardsBlock;
// --- end media blocks ---
// --- layout variants and blocks (issue 7): overlay, finance, kitchen showcase, media block, shadow-text list,
// breadcrumb, kitchen visualizer ---
//
// The spec's "overlay variants", "finance variants" and "kitchen variant" are block types of their own, not a
// `variant` field on banner, image-cards or media-content: each has its own shape (one image under a text
// panel; a list of payment options with rate and term; a scene with a caption and a feature list), and a
// variant field would leave fields that mean something for one look only, which neither TypeScript nor the
// content checker could then require. A block's `variant`/`position`/`theme` only switches between looks of
// one shape.

/** Where the overlay's text panel sits over the image, and its colours (light: white panel, dark: dark panel). */
export type OverlayPosition = 'left' | 'center' | 'right';
export type OverlayTheme = 'light' | 'dark';

/** A text panel over a full-bleed image. */
export interface OverlayBlock extends BlockBase {
  type: 'overlay';
  image: ImageRef;
  title: string;
  subTitle?: string;
  /** HTML from content/, sanitised before rendering */
  description?: string;
  action?: LinkAction;
  /** 'left' when absent */
  position?: OverlayPosition;
  /** 'light' when absent */
  theme?: OverlayTheme;
}

/** One way to pay: v1 shows its image (500 px wide by default, spec §9) beside the text; v2 its rate, term and action on a card. */
export interface FinanceOption {
  title: string;
  /** plain text */
  description: string;
  image?: ImageRef;
  /** e.g. "0% interest" */
  rate?: string;
  /** e.g. "4 payments over 6 weeks" */
  term?: string;
  /** a short badge, e.g. "Most popular" */
  highlight?: string;
  action?: LinkAction;
}

/** Finance options: v1 image and text rows, v2 comparison cards with rate, term and a call to action. */
export interface FinanceBlock extends BlockBase {
  type: 'finance';
  variant: 'v1' | 'v2';
  title?: string;
  description?: string;
  options: FinanceOption[];
  /** small print under the options (plain text) */
  disclaimer?: string;
}

/** A kitchen showcase: a large scene image with a caption panel and the kitchen's features. */
export interface KitchenShowcaseBlock extends BlockBase {
  type: 'kitchen-showcase';
  image: ImageRef;
  title: string;
  /** plain text */
  caption?: string;
  features: string[];
  action?: LinkAction;
}

/**
 * A single image or video with a caption and an optional link. A `video` also feeds the page's
 * VideoObject structured data; it plays here when `contentUrl` is one of our files, else its thumbnail
 * links to the player page (`embedUrl`), as other sites' players are outside the page's CSP.
 */
export interface MediaBlockBlock extends BlockBase {
  type: 'media-block';
  title?: string;
  image?: ImageRef;
  video?: PageVideo;
  caption?: string;
  link?: LinkAction;
}

/** One item of a shadow-text list: a large faint word or number behind its title. */
export interface ShadowTextItem {
  shadowText: string;
  title: string;
  /** plain text */
  text: string;
}

export interface ShadowTextListBlock extends BlockBase {
  type: 'shadow-text-list';
  title?: string;
  description?: string;
  items: ShadowTextItem[];
}

/** A breadcrumb trail: the given items, else the page's own trail from the page table. */
export interface BreadcrumbBlock extends BlockBase {
  type: 'breadcrumb';
  items?: BreadcrumbItem[];
}

/** The kitchen visualizer: pick a style and a finish, and a drawn kitchen shows its doors in that colour. */
export interface KitchenVisualizerBlock extends BlockBase {
  type: 'kitchen-visualizer';
  title?: string;
  description?: string;
}

export type LayoutVariantBlock =
  | OverlayBlock
  | FinanceBlock
  | KitchenShowcaseBlock
  | MediaBlockBlock
  | ShadowTextListBlock
  | KitchenVisualizerBlock;
// BreadcrumbBlock has no title either, so like NewsletterSubscriptionBlock it stays out of KnownBlock and
// parses as a Block through the open member.
// --- end layout variants and blocks ---

// --- site search ---

/**
 * The search results page's body (/search): a search box and the results of GET /api/search for the
 * address's `query` and `page`, with paging.
 */
export interface SearchResultsBlock extends BlockBase {
  type: 'search-results';
  /** a heading over the results (the page's h1 comes from a page-title block before it) */
  title?: string;
  /** the search box's placeholder */
  placeholder?: string;
  /** what the page says before anything is searched */
  prompt?: string;
  /** results per page (default 10, at most 48) */
  pageSize?: number;
}

// --- catalog listing (issue 8) ---

/** Spec §9: how a listing pages through its items (page-numbers is the default). */
export type ListingPaginationType = 'page-numbers' | 'load-more' | 'infinite-scroll';

/**
 * A product listing over GET /api/catalog/styles, owned by mf-catalog: filters, sort and pagination,
 * all kept in the address (page, sort, one repeated parameter per filter).
 */
export interface ProductListingBlock extends BlockBase {
  type: 'product-listing';
  title?: string;
  description?: string;
  /** filters as a row of menus over the list (top) or a column beside it (sidebar, the default); on phones always a slide-in panel */
  filterLayout?: 'top' | 'sidebar';
  paginationType?: ListingPaginationType;
  /** cards per page (default 12, at most 48) */
  pageSize?: number;
  /** the load-more button's text (default "Load More") */
  loadMoreLabel?: string;
  /** cards: product-style cards (default); samples: each style with its sample doors to order (/order-samples) */
  show?: 'cards' | 'samples';
}
// --- end catalog listing ---

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
  // form block (issue 7: popups and forms)
  | FormBlock
  // media blocks (issue 7)
  | MediaBlock
  // layout variants and blocks (issue 7: overlay, finance, kitchen showcase, media block, shadow-text list, breadcrumb, kitchen visualizer)
  | LayoutVariantBlock
  // site search
  | SearchResultsBlock;
// NewsletterSubscriptionBlock has no title of its own, so it stays out of KnownBlock (code reading
// `block.title` across blocks keeps compiling); as a Block it parses through the open member below.

/** A block whose type is not (yet) in the registry still parses; the renderer skips it with a log. */
export type Block = KnownBlock | (BlockBase & Record<string, unknown>);

/** One question of a page's FAQ data: a block carrying `faqs` feeds the page's FAQPage structured data. */
export interface FaqEntry {
  question: string;
  /** HTML from content/ */
  answer: string;
}

/** A page's video data: a block carrying `video` feeds the page's VideoObject structured data. */
export interface PageVideo {
  name: string;
  description: string;
  /** an /images/ path or an absolute URL */
  thumbnailUrl: string;
  /** ISO 8601 date, e.g. 2026-03-01 */
  uploadDate: string;
  /** the video file, or the player page (at least one of the two) */
  contentUrl?: string;
  embedUrl?: string;
  /** ISO 8601 duration, e.g. PT4M12S */
  duration?: string;
}

/** What a content/pages/*.json file holds: the blocks. Its head (title, description, ...) is in the page table. */
export interface PageContent {
  slug: string;
  path: string;
  blocks: Block[];
}

/**
 * GET /api/content/page?path=/ : the page file merged with its route of the page table
 * (content/site/page-table.json), placeholders resolved.
 */
export interface PageDefinition extends PageContent {
  title: string;
  description: string;
  breadcrumb: BreadcrumbItem[];
  schemas: PageSchemas;
}

/**
 * One route of the page table. `path` is a site path; a segment in braces is a parameter
 * (`/unsubscribe/{unsubscribeToken}`), and `{styleCode}` must name a style of the catalog.
 * Text fields may use {{site.*}} placeholders, and a `{styleCode}` route {{style.*}} ones.
 */
export interface PageRoute {
  path: string;
  /** 'content' when mf-content renders it from a content/pages file; else the remote module that does, e.g. 'mf_forms/ContactPage' */
  screen: string;
  /** false until the route's screen exists: a disabled route is a 404 page */
  enabled: boolean;
  /** false keeps search engines out (noindex, not in the sitemap); true when absent */
  indexable?: boolean;
  /** the complete <title> */
  title: string;
  description: string;
  /** from Home to this page */
  breadcrumb: BreadcrumbItem[];
  schemas: PageSchemas;
  /** the share image (an /images/ path) */
  image?: string;
}

/** A second address of a route (/aboutus for /about-us): same page, canonical URL of the target. */
export interface PageRouteAlias {
  path: string;
  aliasOf: string;
}

/** content/site/page-table.json: the one source of every route's title, description, breadcrumb and schemas. */
export interface PageTable {
  /** the Organization's logo in structured data (an /images/ path) */
  logo: string;
  /** the head of a path that is no page */
  notFound: { title: string; description: string };
  routes: (PageRoute | PageRouteAlias)[];
}

/**
 * Props every block component receives from the page renderer (mf-content's block registry), whichever
 * remote owns the block. `position` is the block's index on the page: the first banner loads eagerly.
 */
export interface BlockComponentProps<B extends BlockBase = Block> {
  block: B;
  position: number;
}

// --- reviews (issue 7 media blocks) ---

// Review and ReviewSummary (the reviews API's answers) are in reviews.ts, with their schemas.

/** Spec §5: review text longer than this shows "Show More" / "Show Less". */
export const REVIEW_TEXT_LIMIT = 150;
/** Spec §5: a video card's description is cut at 250 characters at a word boundary with "...". */
export const VIDEO_DESCRIPTION_LIMIT = 250;

/** The 11-character id of a YouTube address (watch, youtu.be, embed, shorts, live) or of a bare id; else null. */
export function youtubeIdOf(url: string): string | null {
  const id = /^[\w-]{11}$/;
  if (id.test(url)) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const host = parsed.hostname.replace(/^(www\.|m\.)/, '');
  let candidate: string | null | undefined;
  if (host === 'youtu.be') candidate = parsed.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    candidate = parsed.pathname === '/watch' ? parsed.searchParams.get('v') : /^\/(embed|shorts|live)\/([^/]+)/.exec(parsed.pathname)?.[2];
  }
  return candidate && id.test(candidate) ? candidate : null;
}
