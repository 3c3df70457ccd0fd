import { Breadcrumb } from '@storefront/ui';

/** Home / Blogs / ...trail; the last entry is the page itself. */
export function BlogBreadcrumb({ trail }: { trail: { label: string; path: string }[] }) {
  return <Breadcrumb items={[{ label: 'Home', path: '/' }, { label: 'Blogs', path: '/blogs' }, ...trail]} className="blog-breadcrumb" />;
}
