import type { InferType } from 'yup';
import { fields, flag, imagePath, isoDate, listOf, numberIn, oneOfText, rule, text } from './editor-rules.js';
import { imageRefFields } from './site.js';

// Spec §3 Card entity (coverage-cf row 1032): the image cards' card with the fields the
// spec lists. Still strict: an unknown key is refused as a likely typo. Fields with nothing to show on our
// cards are accepted and documented as unused, so content written to the spec passes the check.

/**
 * A content class name for one card: a short lower-case token. It is never put on the page as it is: the
 * card gets `content-cards__card--<name>`, so content can pick a style the stylesheet offers for cards
 * but cannot reach layout classes (sf-container, sf-visually-hidden...) or inject several classes.
 */
export const cardClassName = () => text({ pattern: /^[a-z][a-z0-9-]{0,31}$/, patternText: 'a lower-case class token (letters, digits, hyphens; up to 32)' });

/** The card picture (spec §3 card images). */
export const cardImageSchema = fields({
  ...imageRefFields,
  /** shown instead of `src` while the card is hovered or focused (with hoverEffect swap, the default when set) */
  hoverSrc: imagePath().optional(),
  /** how a hover shows: swap to hoverSrc (default when hoverSrc is set), zoom the picture, or nothing */
  hoverEffect: oneOfText(['swap', 'zoom', 'none']).optional(),
  /** how the picture fills its frame: cover (default, cropped) or contain (whole picture) */
  objectFit: oneOfText(['cover', 'contain']).optional(),
  /** a tooltip for the picture */
  title: text().optional(),
  /** accepted, unused: our cards draw no icon set (the design has no icon font); named here so content written to the spec passes */
  iconName: text().optional(),
  /** accepted, unused (see iconName) */
  hoverIconName: text().optional(),
  /** accepted, unused: pictures are centred in the card */
  align: oneOfText(['left', 'center', 'right']).optional(),
  /** accepted, unused: pictures keep their width/height ratio, so automatic sizes change nothing */
  heightAuto: flag().optional(),
  widthAuto: flag().optional(),
  /** accepted, unused: image cards open no lightbox (the masonry gallery does) */
  thumbnail: imagePath().optional(),
  fullSize: imagePath().optional(),
});
export type CardImage = InferType<typeof cardImageSchema>;

/** A card's action (spec §3 card action). */
export const cardActionSchema = fields({
  text: text(),
  url: text({ pattern: /^(\/|https:\/\/)\S*$/, patternText: 'a site path or an https:// address' }),
  title: text().optional(),
  /** button | link */
  type: oneOfText(['button', 'link']).optional(),
  /** _blank opens a new tab (with rel="noopener noreferrer" and a "(opens in a new tab)" note for screen readers) */
  target: oneOfText(['_self', '_blank']).optional(),
  /** draw an arrow after the text */
  showIcon: flag().optional(),
});
export type CardAction = InferType<typeof cardActionSchema>;

/** Spec §3 Card (image cards). */
export const cardSchema = fields({
  title: text(),
  /** plain text; longer than 220 characters gets Read more / Show less */
  description: text(),
  /** the card picture */
  image: cardImageSchema.optional(),
  /** the spec's list form: the card shows the first (a card has one picture frame) */
  images: listOf(cardImageSchema, { min: 1 }).optional(),
  action: cardActionSchema.optional(),
  /** see cardClassName: drawn as content-cards__card--<className> */
  className: cardClassName().optional(),
  /** shown under the title: "By <author>" */
  author: text().optional(),
  /** shown under the title as a date */
  publishDate: isoDate().optional(),
  /** shown zero-padded to 2 digits (v3) */
  stepNumber: numberIn({ min: 1, max: 99, integer: true }).optional(),
  hideStepNumber: flag().optional(),
}).test(
  rule<{ image?: unknown; images?: unknown }>('one-picture-field', (card) =>
    card.image !== undefined && card.images !== undefined ? [['images', 'cannot be given with image (use one of the two)']] : [],
  ),
);
export type Card = InferType<typeof cardSchema>;
