import type { BreadcrumbItem } from '@storefront/contracts';
import { Link } from 'react-router-dom';

export function Breadcrumb({ items, className = 'sf-container' }: { items: BreadcrumbItem[]; className?: string }) {
  return (
    <nav aria-label="Breadcrumb" className={`${className} content-breadcrumb`}>
      <ol>
        {items.map((item, index) => (
          <li key={item.path}>
            {index === items.length - 1 ? (
              <span aria-current="page">{item.label}</span>
            ) : (
              <Link to={item.path}>{item.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
