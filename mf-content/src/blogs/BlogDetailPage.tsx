import './blogs.css';
import { BLOG_MESSAGES, type BlogDetailResponse } from '@storefront/contracts';
import { Alert, ResponsiveImage, SafeHtml, usePageData, Link, useParams } from '@storefront/ui';
import { AuthorSocials } from './AuthorSocials';
import { BlogBreadcrumb } from './BlogBreadcrumb';
import { BlogGrid } from './BlogCard';
import { BlogSidebar } from './BlogSidebar';
import { BlogAnswerScreen } from './BlogStates';
import { blogAuthorPath, blogPostPath, blogPostUrl, formatPublishDate } from './blog-api';

/** /blogs/{blogDetailPath}: the article with its author, the categories sidebar and recent articles. */
export default function BlogDetailPage() {
  const { blogDetailPath = '' } = useParams();
  const detail = usePageData<BlogDetailResponse>(blogPostUrl(blogDetailPath));

  if (detail.status !== 'ready' || !detail.data) return <BlogAnswerScreen answer={detail} loadingLabel={BLOG_MESSAGES.loadingContent} notFoundMessage={BLOG_MESSAGES.blogNotFound} />;
  const { post, author, html, recent, categories, sidebarTitle } = detail.data;

  return (
    <div className="sf-container blog-page">
      <BlogBreadcrumb trail={[{ label: post.title, path: blogPostPath(post.blogDetailPath) }]} />
      <div className="blog-layout">
        <article className="blog-article" aria-labelledby="blog-article-title">
          <header className="blog-article__header">
            <h1 id="blog-article-title" className="blog-page__title">
              {post.title}
            </h1>
            <p className="blog-article__meta">
              By <Link to={blogAuthorPath(author.id)}>{author.name}</Link>
              <span aria-hidden="true"> · </span>
              <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time>
            </p>
            <AuthorSocials author={author} />
          </header>
          <ResponsiveImage image={post.image} priority className="blog-article__cover" />
          {html === null ? (
            <Alert type="error">{BLOG_MESSAGES.contentFailed}</Alert>
          ) : (
            <SafeHtml html={html} className="blog-article__body" />
          )}
        </article>
        <BlogSidebar title={sidebarTitle} categories={categories} currentCategory={post.categorySlug} />
      </div>
      {recent.length > 0 && (
        <section className="blog-section" aria-labelledby="blog-recent-title">
          <h2 id="blog-recent-title">{BLOG_MESSAGES.recentArticles}</h2>
          <BlogGrid posts={recent} label={BLOG_MESSAGES.recentArticles} headingLevel={3} />
        </section>
      )}
    </div>
  );
}
