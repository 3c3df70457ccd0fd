import { pageHeadUrl, type PageHead } from '@storefront/contracts';
import { usePageData } from '@storefront/ui';
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

function setMeta(doc: Document, selector: string, create: () => HTMLElement, attribute: string, value: string | undefined): void {
  let element = doc.head.querySelector<HTMLElement>(selector);
  if (!value) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    doc.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

/** Brings the document's title and meta tags in line with `head` (after a navigation in the browser). */
export function applyHead(doc: Document, head: PageHead): void {
  doc.title = head.title;
  const meta = (key: string, by: 'name' | 'property') => () => {
    const element = doc.createElement('meta');
    element.setAttribute(by, key);
    return element;
  };
  setMeta(doc, 'meta[name="description"]', meta('description', 'name'), 'content', head.description);
  setMeta(doc, 'meta[name="robots"]', meta('robots', 'name'), 'content', head.robots);
  setMeta(doc, 'link[rel="canonical"]', () => Object.assign(doc.createElement('link'), { rel: 'canonical' }), 'href', head.canonical);
  for (const [key, value] of Object.entries({
    'og:type': head.openGraph.type,
    'og:title': head.openGraph.title,
    'og:description': head.openGraph.description,
    'og:url': head.openGraph.url,
    'og:image': head.openGraph.image,
  })) {
    setMeta(doc, `meta[property="${key}"]`, meta(key, 'property'), 'content', value);
  }
}

/**
 * The page table is the one source of every route's title and meta tags. The server writes them into
 * the first HTML; after a navigation in the browser this component applies the new route's head (on
 * hydration the store already has it from the server, so nothing is fetched).
 */
export function DocumentHead() {
  const { pathname } = useLocation();
  const head = usePageData<PageHead>(pageHeadUrl(pathname));
  // A 404 still carries the not-found head.
  const data = head.data;
  useEffect(() => {
    if (data && typeof data.title === 'string') applyHead(document, data);
  }, [data]);
  return null;
}
