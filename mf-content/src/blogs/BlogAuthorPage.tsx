import './blogs.css';
import { BLOG_MESSAGES, type BlogAuthorPostsResponse } from '@storefront/contracts';
import { EmptyState, ResponsiveImage, usePageData, useParams, useSearchParams } from '@storefront/ui';
import { AuthorSocials } from './AuthorSocials';
import { BlogBreadcrumb } from './BlogBreadcrumb';
import { BlogGrid } from './BlogCard';
import { BlogSearch } from './BlogSearch';
import { BlogLoadError, BlogLoading, BlogNotFound } from './BlogStates';
import { blogAuthorPath, blogAuthorUrl } from './blog-api';

/** /blogs/authors/{authorId}: the author's card and posts, searchable (?query=). */
export default function BlogAuthorPage() {
  const { authorId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('query') ?? '').trim();
  const answer = usePageData<BlogAuthorPostsResponse>(blogAuthorUrl(authorId, query));

  if (answer.status === 'loading') return <BlogLoading label="Loading articles…" />;
  if (answer.status === 'not-found') return <BlogNotFound message={BLOG_MESSAGES.authorNotFound} />;
  if (answer.status !== 'ready' || !answer.data) return <BlogLoadError onRetry={answer.reload} errorType={answer.errorType} />;
  const { author, items } = answer.data;

  return (
    <div className="sf-container blog-page">
      <BlogBreadcrumb trail={[{ label: author.name, path: blogAuthorPath(author.id) }]} />
      <section className="blog-author" aria-labelledby="blog-author-name">
        <ResponsiveImage image={author.logo} className="blog-author__logo" />
        <div>
          <h1 id="blog-author-name" className="blog-page__title">
            {author.name}
          </h1>
          <p className="blog-author__designation">{author.designation}</p>
          <p>{author.description}</p>
          <AuthorSocials author={author} />
        </div>
      </section>
      <BlogSearch label={`Search articles by ${author.name}`} />
      {items.length === 0 ? (
        <EmptyState title={BLOG_MESSAGES.noBlogs} />
      ) : (
        <BlogGrid posts={items} label={`Articles by ${author.name}`} />
      )}
    </div>
  );
}
