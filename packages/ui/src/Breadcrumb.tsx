import { Link } from 'react-router-dom';

/** One crumb: a label, and where it links (the last crumb is the current page and never links). */
export interface Crumb {
  label: string;
  path?: string;
}

/**
 * The one breadcrumb trail of the site (content pages, banners, blogs, the catalog): a labelled
 * navigation list whose last item is the current page (`aria-current="page"`). The page's
 * BreadcrumbList JSON-LD comes from the page head, not from here. The kit draws it (sf-trail); the
 * class given places it on its page.
 */
export function Breadcrumb({ items, className }: { items: readonly Crumb[]; className: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`sf-trail ${className}`}>
      <ol>
        {items.map((item, index) => (
          <li key={`${item.label}-${index}`}>
            {item.path && index < items.length - 1 ? <Link to={item.path}>{item.label}</Link> : <span aria-current="page">{item.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
