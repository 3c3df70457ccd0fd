import { createHtmlSanitizer, type HtmlSanitizer, type WindowLike } from '@storefront/html-sanitizer';

let sanitizer: Promise<HtmlSanitizer> | undefined;

/**
 * A blog article as the browser may render it: the shared DOMPurify rules over a jsdom window.
 * Articles are files editors write (or paste from elsewhere), so the API never hands out a script
 * or an event handler, whoever renders it. The browser's SafeHtml cleans it again (defence in depth).
 *
 * jsdom is loaded on the first article, not at start-up: it is heavy, and most requests never need
 * it. Callers keep the result (CachedBlogs: once per post and content version), so this is not per request.
 */
export async function sanitizeArticleHtml(html: string): Promise<string> {
  sanitizer ??= import('jsdom').then(({ JSDOM }) => createHtmlSanitizer(new JSDOM('').window as unknown as WindowLike));
  return (await sanitizer)(html);
}
