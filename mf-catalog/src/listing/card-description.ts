import { truncateText } from '@storefront/ui';

/** Spec §5: a product card shows up to 6 list items of the short description, then "Read more...". */
export const CARD_LIST_ITEMS_MAX = 6;
/** Spec §5: without a list, the text is cut at 350 characters at a word boundary with "...". */
export const CARD_TEXT_LIMIT = 350;
export const CARD_READ_MORE_TEXT = 'Read more...';

export type CardDescription =
  | { kind: 'list'; items: string[]; more: boolean }
  | { kind: 'text'; text: string; truncated: boolean };

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", apos: "'", nbsp: ' ' };

/** Text of an HTML fragment: tags dropped, the common entities decoded, white space collapsed. */
export function htmlToText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_, name: string) => ENTITIES[name]!)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * What a card shows of a style's short description (HTML, already sanitised by the catalog and again
 * by SafeHtml when shown): its list items as text, at most six, or its text cut at 350 characters.
 * Items are plain text so a card never carries a description's links or markup into its own link.
 */
export function cardDescription(html: string): CardDescription {
  const items = [...html.matchAll(/<li\b[^>]*>([\s\S]*?)<\/li>/gi)].map((match) => htmlToText(match[1]!)).filter(Boolean);
  if (items.length > 0) return { kind: 'list', items: items.slice(0, CARD_LIST_ITEMS_MAX), more: items.length > CARD_LIST_ITEMS_MAX };
  return { kind: 'text', ...truncateText(htmlToText(html), CARD_TEXT_LIMIT) };
}
