import { mixed, type InferType } from 'yup';
import { describeValue, fields, oneOfText, sitePath, slug, text } from '../editor-rules.js';

// What every block family shares: a block's id and type, and the pieces more than one family holds
// (breadcrumb items, FAQ entries, a page's video).

export const breadcrumbItemSchema = fields({ label: text(), path: sitePath() });
export type BreadcrumbItem = InferType<typeof breadcrumbItemSchema>;

/** Every block: `id` unique within the page (the React key), `type` its registry entry. */
export const blockBase = { id: slug(), type: text() };
export interface BlockBase {
  id: string;
  type: string;
}
export const blockOf = <const T extends string>(type: T) => ({ id: slug(), type: oneOfText([type]) });

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
