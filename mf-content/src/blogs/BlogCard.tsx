import type { BlogCard as BlogCardData } from '@storefront/contracts';
import { ResponsiveImage, Link } from '@storefront/ui';
import { Slider } from '@storefront/ui/slider';
import { blogAuthorPath, blogCategoryPath, blogPostPath, formatPublishDate } from './blog-api';

/** One post as a card: cover, category, title (the link), description, author and date. */
export function BlogCard({ post, headingLevel = 2 }: { post: BlogCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="blog-card">
      <Link to={blogPostPath(post.blogDetailPath)} className="blog-card__image" tabIndex={-1} aria-hidden="true">
        <ResponsiveImage image={post.image} />
      </Link>
      <div className="blog-card__body">
        <Link to={blogCategoryPath(post.categorySlug)} className="blog-card__category">
          {post.blogCategory}
        </Link>
        <Heading className="blog-card__title">
          <Link to={blogPostPath(post.blogDetailPath)}>{post.title}</Link>
        </Heading>
        <p className="blog-card__description">{post.description}</p>
        <p className="blog-card__meta">
          <Link to={blogAuthorPath(post.author.id)}>{post.author.name}</Link>
          <span aria-hidden="true"> · </span>
          <time dateTime={post.publishDate}>{formatPublishDate(post.publishDate)}</time>
        </p>
      </div>
    </article>
  );
}

/** Cards in the 3-column grid (2 on tablets, 1 on phones). */
export function BlogGrid({ posts, label, headingLevel }: { posts: BlogCardData[]; label: string; headingLevel?: 2 | 3 }) {
  return (
    <ul className="blog-grid" aria-label={label}>
      {posts.map((post) => (
        <li key={post.blogDetailPath}>
          <BlogCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

/**
 * A category's cards (spec §2, §9): the 3-column grid from 768 px (2 columns on tablets), below it the
 * site's slider, one card at a time, with arrows down to 480 px and dots below 480 px. One set of
 * cards in the HTML (no second copy for phones); CSS picks grid or slider, so nothing moves on hydration.
 */
export function BlogCardSlider({ posts, label }: { posts: BlogCardData[]; label: string }) {
  return (
    <Slider
      className="blog-slider"
      label={label}
      slides={posts.map((post) => ({ key: post.blogDetailPath, label: post.title, content: <BlogCard post={post} /> }))}
      slidesToShow={{ mobile: 1, tablet: 2, desktop: 3 }}
      dotsBelow={480}
      gridFrom={768}
    />
  );
}
