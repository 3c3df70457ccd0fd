import type { SiteData } from '@storefront/contracts';
import { useEffect, useRef } from 'react';
import { usePageData } from './page-data/index.js';

export const SITE_DATA_URL = '/api/content/site';

export interface DocumentTitleOptions {
  /**
   * The site name after " | ". Left out: read from /api/content/site. A string: that name (the caller
   * already has the site data; '' while it is not known yet). `false`: the title is complete as given.
   */
  siteName?: string | false;
  /**
   * A placeholder title for this address (the shell's, while a remote loads): once something else has
   * changed the title at the same address, it is left alone even when the site name arrives later.
   */
  provisionalFor?: string;
}

/** "<page> | <site name>"; the page part alone until the site name is known. Nothing while `pageTitle` is empty. */
export function useDocumentTitle(pageTitle: string | null | undefined, options: DocumentTitleOptions = {}): void {
  const { siteName, provisionalFor } = options;
  const site = usePageData<SiteData>(pageTitle && siteName === undefined ? SITE_DATA_URL : null);
  const name = siteName === undefined ? site.data?.site.name : siteName;
  const text = pageTitle ? (name ? `${pageTitle} | ${name}` : pageTitle) : null;

  const lastSet = useRef<{ key: string | undefined; text: string } | null>(null);
  useEffect(() => {
    if (!text) return;
    const previous = lastSet.current;
    const changedByOthers = previous !== null && previous.key === provisionalFor && document.title !== previous.text;
    if (provisionalFor !== undefined && changedByOthers) return;
    document.title = text;
    lastSet.current = { key: provisionalFor, text };
  }, [text, provisionalFor]);
}
