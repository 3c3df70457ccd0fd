import { useEffect, useState, useSyncExternalStore, type ElementType } from 'react';
import { loadBrowserSanitizer, readySanitizer } from './sanitizers.js';

export interface SafeHtmlProps {
  html: string;
  as?: ElementType;
  className?: string;
}

const subscribeToNothing = () => () => undefined;

/**
 * Sanitises the HTML, then renders it; scripts and event handlers never reach the page. HTML the
 * content service already cleaned (blog articles) is cleaned again here: defence in depth.
 *
 * Hydration keeps the server's HTML: the server sanitised it with the same DOMPurify and rules, and
 * React leaves a hydrated element's inner HTML as the server wrote it. So only HTML that first appears
 * in the browser (a page reached by a client-side navigation, a changed `html`) waits for the browser's
 * sanitiser, which is loaded then; until it is there the element is empty, never unsanitised.
 */
export function SafeHtml({ html, as: Tag = 'div', className }: SafeHtmlProps) {
  // true on the server and while this element hydrates (the server snapshot), false after
  const fromServer = useSyncExternalStore(subscribeToNothing, () => false, () => true);
  const [hydratedHtml] = useState(() => (fromServer && typeof window !== 'undefined' ? html : null));
  const [sanitize, setSanitize] = useState(readySanitizer);
  const keepsServerHtml = hydratedHtml === html;

  useEffect(() => {
    if (keepsServerHtml || sanitize) return;
    let current = true;
    void loadBrowserSanitizer().then((loaded) => {
      if (current) setSanitize(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [keepsServerHtml, sanitize]);

  // While the server's HTML is kept, the prop stays the same empty string, so React never rewrites
  // the element (a hydration that failed and rendered afresh would show it empty, never unsanitised).
  const clean = keepsServerHtml ? '' : sanitize ? sanitize(html) : '';
  return (
    <Tag
      className={['sf-rich-text', className].filter(Boolean).join(' ')}
      dangerouslySetInnerHTML={{ __html: clean }}
      suppressHydrationWarning={keepsServerHtml}
    />
  );
}
