import DOMPurify from 'dompurify';
import { useMemo, type ElementType } from 'react';

export interface SafeHtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
}

/** Sanitises the HTML once per change, then renders it; scripts and event handlers never reach the page. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}

export function SafeHtml({ html, as: Tag = 'div', className }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={['sf-rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: clean }} />;
}
