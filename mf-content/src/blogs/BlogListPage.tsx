import './blogs.css';
import { BLOG_MESSAGES, type BlogListResponse } from '@storefront/contracts';
import { EmptyState, PageNumberNav, usePageData, Link, useSearchParams } from '@storefront/ui';
import { BlogBreadcrumb } from './BlogBreadcrumb';
import { BlogGrid } from './BlogCard';
import { BlogAnswerScreen } from './BlogStates';
import { blogListUrl, pageFromSearch } from './blog-api';

/** /blogs: every post as a card, newest first, a page at a time (?page=). */
export default function BlogListPage() {
  const [searchParams] = useSearchParams();
  const page = pageFromSearch(searchParams.get('page'));
  const list = usePageData<BlogListResponse>(blogListUrl(page));

  if (list.status !== 'ready' || !list.data) return <BlogAnswerScreen answer={list} loadingLabel="Loading articles…" />;
  const { items, totalPages } = list.data;

  return (
    <div className="sf-container blog-page">
      <BlogBreadcrumb trail={[]} />
      <h1 className="blog-page__title">Kitchen &amp; Bath Blog</h1>
      {items.length === 0 ? (
        <EmptyState title={BLOG_MESSAGES.noBlogs} action={page > 1 ? <Link to="/blogs">Back to the first page</Link> : undefined} />
      ) : (
        <BlogGrid posts={items} label="Articles" />
      )}
      <PageNumberNav page={page} totalPages={totalPages} hrefForPage={(n) => (n > 1 ? `/blogs?page=${n}` : '/blogs')} label="Blog pages" />
    </div>
  );
}
