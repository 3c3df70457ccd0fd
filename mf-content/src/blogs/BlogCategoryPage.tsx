import './blogs.css';
import { BLOG_MESSAGES, type BlogCategoryPostsResponse } from '@storefront/contracts';
import { EmptyState, ResponsiveImage, usePageData, useParams } from '@storefront/ui';
import { BlogBreadcrumb } from './BlogBreadcrumb';
import { BlogCardSlider } from './BlogCard';
import { BlogSidebar } from './BlogSidebar';
import { BlogSearch } from './BlogSearch';
import { BlogAnswerScreen, useBlogQuery } from './BlogStates';
import { blogCategoryPath, blogCategoryUrl } from './blog-api';

/** /blogs/category/{categorySlug}: banner, the category's posts (searchable), popular posts, all categories. */
export default function BlogCategoryPage() {
  const { categorySlug = '' } = useParams();
  const query = useBlogQuery();
  const answer = usePageData<BlogCategoryPostsResponse>(blogCategoryUrl(categorySlug, query));

  if (answer.status !== 'ready' || !answer.data) return <BlogAnswerScreen answer={answer} loadingLabel="Loading articles…" notFoundMessage={BLOG_MESSAGES.categoryNotFound} />;
  const { category, title, description, banner, items, popular, categories, sidebarTitle } = answer.data;

  return (
    <div className="blog-page">
      <div className="blog-banner">
        <ResponsiveImage image={banner} priority className="blog-banner__image" />
      </div>
      <div className="sf-container">
        <BlogBreadcrumb trail={[{ label: category.name, path: blogCategoryPath(category.slug) }]} />
        <h1 className="blog-page__title">{title}</h1>
        <p className="blog-page__lead">{description}</p>
        <div className="blog-layout">
          <div>
            <BlogSearch label={`Search ${category.name} articles`} />
            {items.length === 0 ? (
              <EmptyState title={query ? BLOG_MESSAGES.noCategoryMatches : BLOG_MESSAGES.noBlogs} />
            ) : (
              <BlogCardSlider posts={items} label={`${category.name} articles`} />
            )}
          </div>
          <BlogSidebar title={sidebarTitle} categories={categories} currentCategory={category.slug} popular={popular} />
        </div>
      </div>
    </div>
  );
}
