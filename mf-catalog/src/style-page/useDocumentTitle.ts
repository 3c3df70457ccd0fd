import { useEffect } from 'react';
import type { SiteData } from '@storefront/contracts';
import { useJson } from '@storefront/ui';

/** "<page> | <site name>"; the page part alone until the site data has arrived (or if it fails). */
export function useDocumentTitle(pageTitle: string | null): void {
  const site = useJson<SiteData>(pageTitle ? '/api/content/site' : null);
  const siteName = site.data?.site.name;
  useEffect(() => {
    if (pageTitle) document.title = siteName ? `${pageTitle} | ${siteName}` : pageTitle;
  }, [pageTitle, siteName]);
}
