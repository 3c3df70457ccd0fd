import '../content-page/content-page.css';
import type { BlockComponentProps, BreadcrumbBlock as BreadcrumbBlockData, PageDefinition } from '@storefront/contracts';
import { usePageData, useLocation } from '@storefront/ui';
import { Breadcrumb } from '../content-page/Breadcrumb';
import { contentPageUrl } from '@storefront/contracts';

/**
 * A breadcrumb placed by the page's content: the given items, else the page's own trail from the page
 * table. The page definition is the one ContentPage has already loaded (same URL, same store), so it is
 * not fetched again. Only the trail is drawn: BreadcrumbList JSON-LD comes with the page head.
 */
export default function BreadcrumbBlock({ block }: BlockComponentProps<BreadcrumbBlockData>) {
  const { pathname } = useLocation();
  const given = block.items && block.items.length > 0 ? block.items : undefined;
  const page = usePageData<PageDefinition>(given ? null : contentPageUrl(pathname));
  const items = given ?? page.data?.breadcrumb ?? [];
  // a trail of Home alone says nothing; while the page loads there is nothing to draw yet
  if (items.length < 2) return null;
  return <Breadcrumb items={items} />;
}
