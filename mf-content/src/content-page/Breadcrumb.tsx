import type { BreadcrumbItem } from '@storefront/contracts';
import { Breadcrumb as Trail } from '@storefront/ui';

/** A content page's trail (the page table's breadcrumb), in the page's container. */
export function Breadcrumb({ items, className = 'sf-container' }: { items: BreadcrumbItem[]; className?: string }) {
  return <Trail items={items} className={`${className} content-breadcrumb`} />;
}
