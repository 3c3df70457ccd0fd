import type { AccordionBlock, AdviceBlock, BannerBlock, BannerLayout, Block, BlockBase, BookingCalendarBlock, BreadcrumbBlock, BreadcrumbItem, CatalogDownload, ContactItem, ContactListBlock, ContentMediaBlock, DownloadCatalogBlock, FaqEntry, FinanceBlock, FinanceOption, FormBlock, GalleryItem, ImageCardsBlock, InteractiveBlock, KitchenShowcaseBlock, KitchenVisualizerBlock, KnownBlock, LayoutVariantBlock, ListingPaginationType, MasonryGalleryBlock, MediaBlock, MediaBlockBlock, MediaContentBlock, NewsletterChoiceText, NewsletterSubscriptionBlock, OverlayBlock, OverlayPosition, OverlayTheme, PageContent, PageDefinition, PageRoute, PageRouteAlias, PageSchemas, PageTable, PageTitleBlock, PageTitleVariant, PageVideo, ProductListingBlock, ReviewCardsBlock, ReviewsSummaryBlock, SearchResultsBlock, ShadowTextItem, ShadowTextListBlock, SliderBlock, SliderItem, TitleDescriptionActionBlock, VideoCard, VideoCardsBlock } from './content-files/pages.js';
import type { Card, CardAction, CardImage } from './content-files/cards.js';
export type { Card, CardAction, CardImage };
export type { AccordionBlock, AdviceBlock, BannerBlock, BannerLayout, Block, BlockBase, BookingCalendarBlock, BreadcrumbBlock, BreadcrumbItem, CatalogDownload, ContactItem, ContactListBlock, ContentMediaBlock, DownloadCatalogBlock, FaqEntry, FinanceBlock, FinanceOption, FormBlock, GalleryItem, ImageCardsBlock, InteractiveBlock, KitchenShowcaseBlock, KitchenVisualizerBlock, KnownBlock, LayoutVariantBlock, ListingPaginationType, MasonryGalleryBlock, MediaBlock, MediaBlockBlock, MediaContentBlock, NewsletterChoiceText, NewsletterSubscriptionBlock, OverlayBlock, OverlayPosition, OverlayTheme, PageContent, PageDefinition, PageRoute, PageRouteAlias, PageSchemas, PageTable, PageTitleBlock, PageTitleVariant, PageVideo, ProductListingBlock, ReviewCardsBlock, ReviewsSummaryBlock, SearchResultsBlock, ShadowTextItem, ShadowTextListBlock, SliderBlock, SliderItem, TitleDescriptionActionBlock, VideoCard, VideoCardsBlock };

// --- layout blocks (content-media, advice, page title, title-description-action, image cards, style cards) ---

/** The catalog's door styles as cards, each linking to its style page (data: GET /api/content/product-styles). */

// --- interactive blocks: masonry gallery, accordion, contact list, download catalog ---

// --- end interactive blocks ---

// --- form block (popups and forms) ---
// --- end form block ---
// --- media blocks (slider, review cards, reviews summary, video cards) ---

// --- end media blocks ---
// --- layout variants and blocks: overlay, finance, kitchen showcase, media block, shadow-text list,
// breadcrumb, kitchen visualizer ---
//
// The spec's "overlay variants", "finance variants" and "kitchen variant" are block types of their own, not a
// `variant` field on banner, image-cards or media-content: each has its own shape (one image under a text
// panel; a list of payment options with rate and term; a scene with a caption and a feature list), and a
// variant field would leave fields that mean something for one look only, which neither TypeScript nor the
// content checker could then require. A block's `variant`/`position`/`theme` only switches between looks of
// one shape.

// BreadcrumbBlock has no title either, so like NewsletterSubscriptionBlock it stays out of KnownBlock and
// parses as a Block through the open member.
// --- end layout variants and blocks ---

// --- site search ---

// --- catalog listing ---

// --- end catalog listing ---

// NewsletterSubscriptionBlock has no title of its own, so it stays out of KnownBlock (code reading
// `block.title` across blocks keeps compiling); as a Block it parses through the open member below.

/**
 * Props every block component receives from the page renderer (mf-content's block registry), whichever
 * remote owns the block. `position` is the block's index on the page: the first banner loads eagerly.
 */
export interface BlockComponentProps<B extends BlockBase = Block> {
  block: B;
  position: number;
}

// --- reviews (media blocks) ---

// Review and ReviewSummary (the reviews API's answers) are in reviews.ts, with their schemas.

/** Spec §5: review text longer than this shows "Show More" / "Show Less". */
export const REVIEW_TEXT_LIMIT = 150;
/** Spec §5: a video card's description is cut at 250 characters at a word boundary with "...". */
export const VIDEO_DESCRIPTION_LIMIT = 250;

/**
 * An accordion item's answer as one piece of HTML: a list-valued answer (spec §3: "description (string
 * or list, may contain HTML)") becomes a bulleted list. The page sanitises it as any content HTML; the
 * FAQPage structured data carries the same HTML.
 */
export function faqAnswerHtml(answer: string | readonly string[]): string {
  return typeof answer === 'string' ? answer : `<ul>${answer.map((item) => `<li>${item}</li>`).join('')}</ul>`;
}

/** The picture a card shows: `image`, else the first of `images` (spec §3 lists images; a card has one frame). */
export function cardPicture(card: Pick<Card, 'image' | 'images'>): CardImage | undefined {
  return card.image ?? card.images?.[0];
}
