import { Link } from 'react-router-dom';

/** Home / Blogs / ...trail; the last entry is the page itself. */
export function BlogBreadcrumb({ trail }: { trail: { label: string; path: string }[] }) {
  const items = [{ label: 'Home', path: '/' }, { label: 'Blogs', path: '/blogs' }, ...trail];
  return (
    <nav aria-label="Breadcrumb" className="blog-breadcrumb">
      <ol>
        {items.map((item, index) => (
          <li key={item.path}>
            {index === items.length - 1 ? <span aria-current="page">{item.label}</span> : <Link to={item.path}>{item.label}</Link>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
