import { Link } from '@storefront/ui';
import type { BlogCard, BlogCategorySummary } from '@storefront/contracts';
import { useId } from 'react';
import { BlogCategoryList } from './BlogCategoryList';
import { blogPostPath, formatPublishDate } from './blog-api';

export interface BlogSidebarProps {
  /** the categories section's heading (the blog settings' sidebarTitle) */
  title: string;
  categories: BlogCategorySummary[];
  /** the category being shown, marked as the current page */
  currentCategory?: string;
  /** popular posts, listed above the categories when there are any */
  popular?: BlogCard[];
}

/** The blog pages' sidebar: popular posts (when given) and the categories with their counts. */
export function BlogSidebar({ title, categories, currentCategory, popular = [] }: BlogSidebarProps) {
  const popularId = useId();
  return (
    <aside className="blog-sidebar" aria-label="More from the blog">
      {popular.length > 0 && (
        <section className="blog-sidebar__section" aria-labelledby={popularId}>
          <h2 id={popularId} className="blog-sidebar__title">
            Popular Posts
          </h2>
          <ul className="blog-popular">
            {popular.map((post) => (
              <li key={post.blogDetailPath}>
                <Link to={blogPostPath(post.blogDetailPath)}>{post.title}</Link>
                <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time>
              </li>
            ))}
          </ul>
        </section>
      )}
      <BlogCategoryList title={title} categories={categories} current={currentCategory} />
    </aside>
  );
}
