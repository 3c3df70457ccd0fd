import './blogs.css';
import { BLOG_MESSAGES, type BlogAuthorPostsResponse } from '@storefront/contracts';
import { EmptyState, ResponsiveImage, usePageData, useParams } from '@storefront/ui';
import { AuthorSocials } from './AuthorSocials';
import { BlogBreadcrumb } from './BlogBreadcrumb';
import { BlogGrid } from './BlogCard';
import { BlogSearch } from './BlogSearch';
import { BlogAnswerScreen, useBlogQuery } from './BlogStates';
import { blogAuthorPath, blogAuthorUrl } from './blog-api';

/** /blogs/authors/{authorId}: the author's card and posts, searchable (?query=). */
export default function BlogAuthorPage() {
  const { authorId = '' } = useParams();
  const query = useBlogQuery();
  const answer = usePageData<BlogAuthorPostsResponse>(blogAuthorUrl(authorId, query));

  if (answer.status !== 'ready' || !answer.data) return <BlogAnswerScreen answer={answer} loadingLabel="Loading articles…" notFoundMessage={BLOG_MESSAGES.authorNotFound} />;
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
