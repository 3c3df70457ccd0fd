import type { InferType } from 'yup';
import { fields, listOf, oneOfText, rule, text } from '../editor-rules.js';
import { imageRefSchema as imageRef, linkActionSchema as linkAction } from '../site.js';
import { breadcrumbItemSchema, blockOf, pageVideoSchema } from './base.js';

// layout variants and blocks: overlay, finance, kitchen showcase, media block, shadow-text list,
// breadcrumb, kitchen visualizer
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
