import type { InferType } from 'yup';
import { cardSchema } from '../cards.js';
import { fields, flag, listOf, numberIn, oneOfText, text } from '../editor-rules.js';
import { imageRefSchema as imageRef, linkActionSchema as linkAction } from '../site.js';
import { breadcrumbItemSchema, blockOf } from './base.js';

// Layout blocks: banner, media-content, content-media, advice, page title, title-description-action,
// image cards, newsletter subscription.

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

// layout blocks (content-media, advice, page title, title-description-action, image cards)

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
