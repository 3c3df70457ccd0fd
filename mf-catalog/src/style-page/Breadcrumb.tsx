import { Breadcrumb as Trail, type Crumb } from '@storefront/ui';

export type { Crumb };

/** Where the style or category sits in the catalog; the last crumb is the current page. */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return <Trail items={trail} className="sf-breadcrumb" />;
}
