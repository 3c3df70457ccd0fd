import DOMPurify, { type WindowLike } from 'dompurify';

/**
 * The one set of rules for HTML that comes from content files (blog articles, rich descriptions,
 * form messages): DOMPurify's HTML profile. It keeps ordinary markup (headings, lists, links, images,
 * tables) and drops scripts, event-handler attributes, `javascript:` URLs, iframes, forms and SVG/MathML.
 */
export const HTML_SANITIZE_CONFIG = { USE_PROFILES: { html: true } } as const;

export type HtmlSanitizer = (html: string) => string;
export type { WindowLike };

/**
 * A sanitiser bound to `window`: the browser's own, or a jsdom window in Node (DOMPurify needs a DOM).
 * Create it once and reuse it; creating one costs far more than a call.
 */
export function createHtmlSanitizer(window: WindowLike): HtmlSanitizer {
  const purifier = DOMPurify(window);
  return (html) => purifier.sanitize(html, HTML_SANITIZE_CONFIG);
}
