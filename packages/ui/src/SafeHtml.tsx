import DOMPurify, { type WindowLike } from 'dompurify';
import { useMemo, type ElementType } from 'react';

type Purifier = ReturnType<typeof DOMPurify>;
let serverPurifier: Purifier | null = null;

/**
 * DOMPurify needs a DOM, which Node lacks: the shell's server build hands it one (jsdom) at start-up,
 * so the server sanitises with the same library and rules as the browser.
 */
export function setServerSanitizerWindow(window: WindowLike): void {
  serverPurifier = DOMPurify(window);
}

function purifier(): Purifier {
  if (typeof window !== 'undefined') return DOMPurify;
  // Never render unsanitised HTML: without a DOM the area is left to the browser instead.
  if (!serverPurifier) throw new Error('No DOM to sanitise HTML with on the server (setServerSanitizerWindow was not called)');
  return serverPurifier;
}

export interface SafeHtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
}

/** Sanitises the HTML once per change, then renders it; scripts and event handlers never reach the page. */
export function sanitizeHtml(html: string): string {
  return purifier().sanitize(html, { USE_PROFILES: { html: true } });
}

export function SafeHtml({ html, as: Tag = 'div', className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={['sf-rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />;
}
