import { truncateText as truncateAtWord } from '@storefront/ui';
/** Spec §9: abbreviations the text helpers keep uppercase whatever case they arrive in. */
export const UPPERCASE_ABBREVIATIONS = ['RTA', 'DIY', 'MDF', 'PVC'] as const;

/** Spec §9: descriptions longer than this show "Read more". */
export const READ_MORE_LIMIT = 220;

/** Spec §9: the star rating's maximum. */
export const MAX_STARS = 5;

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'but', 'by', 'for', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/**
 * Title case for headings from content ("rta kitchen cabinets" -> "RTA Kitchen Cabinets"); small words stay
 * lower case except first, and the business's abbreviations stay uppercase.
 */
export function toTitleCase(text: string): string {
  return text.replace(/[A-Za-z][A-Za-z']*/g, (word, offset: number) => {
    const upper = word.toUpperCase();
    if ((UPPERCASE_ABBREVIATIONS as readonly string[]).includes(upper)) return upper;
    const lower = word.toLowerCase();
    if (offset > 0 && SMALL_WORDS.has(lower)) return lower;
    return lower.charAt(0).toUpperCase() + lower.slice(1);
  });
}

/** Cuts text at the limit (220 unless given), at a word boundary, with "..." added: the UI kit's one cut. */
export function truncateText(text: string, limit: number = READ_MORE_LIMIT): { text: string; truncated: boolean } {
  return truncateAtWord(text, limit);
}

/** Process-step numbers are shown zero-padded to 2 digits: 1 -> "01", 12 -> "12". */
export function padStepNumber(step: number): string {
  return String(Math.max(0, Math.trunc(step))).padStart(2, '0');
}

/** A rating in half-star steps, 0 to 10 halves (4.3 -> 9, i.e. 4.5 stars). */
export function halfStarsOf(star: number): number {
  if (!Number.isFinite(star)) return 0;
  return Math.round(Math.max(0, Math.min(star, MAX_STARS)) * 2);
}

/** What a screen reader hears for a rating: "4.5 out of 5 stars". */
export function ratingLabel(star: number): string {
  return `${halfStarsOf(star) / 2} out of ${MAX_STARS} stars`;
}

/** Spec §9 title length classes: up to 20 characters short, up to 50 medium, longer long. */
export const SHORT_TITLE_MAX = 20;
export const MEDIUM_TITLE_MAX = 50;
export type TitleLength = 'short' | 'medium' | 'long';

/** Which §9 length class a title falls in (overlay and showcase headings size their type by it). */
export function titleLengthClass(title: string): TitleLength {
  const length = title.trim().length;
  if (length <= SHORT_TITLE_MAX) return 'short';
  if (length <= MEDIUM_TITLE_MAX) return 'medium';
  return 'long';
}
