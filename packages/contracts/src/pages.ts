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

export interface BannerBlock extends BlockBase {
  type: 'banner';
  backgroundImage: ImageRef;
  title: string;
  subTitle?: string;
  description?: string;
  ratings?: { text: string; star: number };
  action?: LinkAction;
  bannerLayout?: 'single' | 'title-breadcrumb';
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
export interface ProductStyleCardsBlock extends BlockBase {
  type: 'product-style-cards';
  title?: string;
  description?: string;
}

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

export type KnownBlock =
  | BannerBlock
  | MediaContentBlock
  | ContentMediaBlock
  | AdviceBlock
  | PageTitleBlock
  | TitleDescriptionActionBlock
  | ImageCardsBlock
  | ProductStyleCardsBlock
  | InteractiveBlock
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
