import { createHtmlSanitizer, type HtmlSanitizer, type WindowLike } from '@storefront/html-sanitizer';
import { useMemo, type ElementType } from 'react';

let browserSanitizer: HtmlSanitizer | null = null;
let serverSanitizer: HtmlSanitizer | null = null;

/**
 * DOMPurify needs a DOM, which Node lacks: the shell's server build hands it one (jsdom) at start-up,
 * so the server sanitises with the same library and rules (@storefront/html-sanitizer) as the browser.
 */
export function setServerSanitizerWindow(window: WindowLike): void {
  serverSanitizer = createHtmlSanitizer(window);
}

function sanitizer(): HtmlSanitizer {
  if (typeof window !== 'undefined') return (browserSanitizer ??= createHtmlSanitizer(window));
  // Never render unsanitised HTML: without a DOM the area is left to the browser instead.
  if (!serverSanitizer) throw new Error('No DOM to sanitise HTML with on the server (setServerSanitizerWindow was not called)');
  return serverSanitizer;
}

export interface SafeHtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
}

/**
 * Sanitises the HTML, then renders it; scripts and event handlers never reach the page. HTML the
 * content service already cleaned (blog articles) is cleaned again here: defence in depth.
 */
export function sanitizeHtml(html: string): string {
  return sanitizer()(html);
}

export function SafeHtml({ html, as: Tag = 'div', className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={['sf-rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />;
}
