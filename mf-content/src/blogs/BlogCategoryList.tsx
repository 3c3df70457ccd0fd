import { Link } from '@storefront/ui';
import { BLOG_MESSAGES, type BlogCategorySummary } from '@storefront/contracts';
import { useId } from 'react';
import { blogCategoryPath } from './blog-api';

/** The sidebar's categories with their post counts, each linking to its category page. */
export function BlogCategoryList({ title, categories, current }: { title: string; categories: BlogCategorySummary[]; current?: string }) {
  const headingId = useId();
  return (
    <nav className="blog-sidebar__section" aria-labelledby={headingId}>
      <h2 id={headingId} className="blog-sidebar__title">
        {title || 'Categories'}
      </h2>
      {categories.length === 0 ? (
        <p>{BLOG_MESSAGES.noCategories}</p>
      ) : (
        <ul className="blog-categories">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link to={blogCategoryPath(category.slug)} aria-current={category.slug === current ? 'page' : undefined}>
                <span>{category.name}</span>
                <span className="blog-categories__count" aria-label={`${category.count} ${category.count === 1 ? 'article' : 'articles'}`}>
                  {category.count}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
