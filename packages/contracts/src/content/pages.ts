// The page and block shapes as the browser sees them: types only, so browser bundles never carry the
// content-file schemas (content-files/ is the server's side of contracts).
export type * from '../content-files/blocks/index.js';
export type * from '../content-files/pages.js';
export type { Card, CardAction, CardImage } from '../content-files/cards.js';
import type { Card, CardImage } from '../content-files/cards.js';
import type { Block, BlockBase } from '../content-files/blocks/index.js';

/**
 * Props every block component receives from the page renderer (mf-content's block registry), whichever
 * remote owns the block. `position` is the block's index on the page: the first banner loads eagerly.
 */
export interface BlockComponentProps<B extends BlockBase = Block> {
  block: B;
  position: number;
}

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
