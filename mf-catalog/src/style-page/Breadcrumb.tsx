import { Link } from 'react-router-dom';

export interface Crumb {
  label: string;
  to?: string;
}

/** Where the style sits in the catalog; the last crumb is the current page. */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="sf-breadcrumb" aria-label="Breadcrumb">
      <ol>
        {trail.map((crumb, index) => (
          <li key={`${crumb.label}-${index}`}>
            {crumb.to && index < trail.length - 1 ? <Link to={crumb.to}>{crumb.label}</Link> : <span aria-current="page">{crumb.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
