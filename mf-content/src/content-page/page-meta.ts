import { useDocumentTitle } from '@storefront/ui';
import { useEffect } from 'react';

/** Sets the document title (complete in the page definition) and meta description of a content page. */
export function usePageMeta(meta: { title: string; description: string } | undefined) {
  const title = meta?.title;
  const description = meta?.description;
  useDocumentTitle(title, { siteName: false });
  useEffect(() => {
    if (description !== undefined) {
      let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
      if (!tag) {
        tag = document.createElement('meta');
        tag.name = 'description';
        document.head.appendChild(tag);
      }
      tag.content = description;
    }
  }, [description]);
}
