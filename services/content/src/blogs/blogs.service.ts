import { Injectable, Logger } from '@nestjs/common';
import {
  BLOG_MESSAGES,
  type BlogAuthor,
  type BlogAuthorPostsResponse,
  type BlogCard,
  type BlogCategoryPostsResponse,
  type BlogCategorySummary,
  type BlogDetailResponse,
  type BlogListResponse,
  type BlogPostRecord,
} from '@storefront/contracts';
import { ContentInvalidError, ContentNotFoundError, ContentStore } from '@storefront/site-config';
import { AnswerCache, type CachedJson, CachedJson as Json, CachedJsonMemo } from '../content/cached-json.js';
import { sanitizeArticleHtml } from './article-html.js';
import { categoriesOf, matchesQuery, newestFirst, paginate, popularOf, toCard, withCategory } from './blog-lists.js';

/** Which of the spec's bad-data messages broken blog content gets (none: not blog content). */
export function blogDataProblem(error: ContentInvalidError): 'invalidBlogData' | 'invalidAuthorData' | undefined {
  if (!error.relativePath.startsWith('blogs/')) return undefined;
  return error.relativePath === 'blogs/authors.json' || error.message.includes(BLOG_MESSAGES.invalidAuthorData) ? 'invalidAuthorData' : 'invalidBlogData';
}

interface BlogIndex {
  /** newest first */
  cards: BlogCard[];
  records: Map<string, BlogPostRecord>;
  authors: Map<string, BlogAuthor>;
  categories: BlogCategorySummary[];
}

/** Blogs from content/blogs/ (read once by the store): lists of cards, a post with its article, authors, categories. */
@Injectable()
export class BlogsService {
  private readonly logger = new Logger('content');

  constructor(private readonly store: ContentStore) {}

  private async index(): Promise<BlogIndex> {
    const [posts, authorList] = await Promise.all([this.store.loadBlogPosts(), this.store.loadBlogAuthors()]);
    const authors = new Map(authorList.map((author) => [author.id, author]));
    const records = new Map<string, BlogPostRecord>();
    const cards = newestFirst(posts).map((post) => {
      const author = authors.get(post.author);
      // the content check reports this; a running service says which post is broken
      if (!author) throw new ContentInvalidError('blogs/blogs.json', `${BLOG_MESSAGES.invalidAuthorData}: ${post.blogDetailPath}`);
      records.set(post.blogDetailPath, post);
      return toCard(post, author);
    });
    return { cards, records, authors, categories: categoriesOf(cards) };
  }

  async list(page: number, pageSize?: number): Promise<BlogListResponse> {
    const [{ cards }, settings] = await Promise.all([this.index(), this.store.loadBlogSettings()]);
    return paginate(cards, page, pageSize ?? settings.pageSize);
  }

  async categories(): Promise<BlogCategorySummary[]> {
    return (await this.index()).categories;
  }

  async authors(): Promise<BlogAuthor[]> {
    return this.store.loadBlogAuthors();
  }

  async detail(blogDetailPath: string): Promise<BlogDetailResponse> {
    const [{ cards, records, authors, categories }, settings] = await Promise.all([this.index(), this.store.loadBlogSettings()]);
    const record = records.get(blogDetailPath);
    const post = cards.find((card) => card.blogDetailPath === blogDetailPath);
    const author = record && authors.get(record.author);
    if (!record || !post || !author) throw new ContentNotFoundError(`blogs/${blogDetailPath}`);
    return {
      post,
      author,
      html: await this.article(record),
      recent: cards.filter((card) => card !== post).slice(0, settings.recentCardMaxItems),
      categories,
      sidebarTitle: settings.sidebarTitle,
    };
  }

  /**
   * The article, sanitised (scripts, event handlers, javascript: URLs and iframes dropped); a missing
   * template is logged and the page says so (spec), the rest of the post still shows.
   */
  private async article(record: BlogPostRecord): Promise<string | null> {
    let html: string;
    try {
      html = await this.store.loadBlogArticle(record.contentPath);
    } catch (error) {
      this.logger.error(`The article of blog ${record.blogDetailPath} (${record.contentPath}) could not be read: ${(error as Error).message}`);
      return null;
    }
    return sanitizeArticleHtml(html);
  }

  async authorPosts(authorId: string, query: string): Promise<BlogAuthorPostsResponse> {
    const { cards, authors } = await this.index();
    const author = authors.get(authorId);
    if (!author) throw new ContentNotFoundError(`blogs/authors/${authorId}`);
    return { author, query, items: cards.filter((card) => card.author.id === authorId && matchesQuery(card, query)) };
  }

  async categoryPosts(categorySlug: string, query: string): Promise<BlogCategoryPostsResponse> {
    const [{ cards, categories }, settings] = await Promise.all([this.index(), this.store.loadBlogSettings()]);
    const category = categories.find((entry) => entry.slug === categorySlug);
    if (!category) throw new ContentNotFoundError(`blogs/category/${categorySlug}`);
    return {
      category,
      title: withCategory(settings.categoryTitleTemplate, category.name),
      description: withCategory(settings.categoryDescriptionTemplate, category.name),
      banner: settings.categoryBanner,
      query,
      items: cards.filter((card) => card.categorySlug === categorySlug && matchesQuery(card, query)),
      popular: popularOf(cards, settings.popularPostsMaxItems),
      categories,
      sidebarTitle: settings.sidebarTitle,
    };
  }

  /** What a blog page's head shows about its subject; undefined when the post/author/category does not exist. */
  async post(blogDetailPath: string): Promise<BlogCard | undefined> {
    return (await this.index()).cards.find((card) => card.blogDetailPath === blogDetailPath);
  }

  async author(authorId: string): Promise<BlogAuthor | undefined> {
    return (await this.index()).authors.get(authorId);
  }

  async category(categorySlug: string): Promise<BlogCategorySummary | undefined> {
    return (await this.index()).categories.find((entry) => entry.slug === categorySlug);
  }

  /** Every post, author and category address, for the sitemap. */
  async sitemapParams(): Promise<{ posts: string[]; authors: string[]; categories: string[] }> {
    const { cards, authors, categories } = await this.index();
    return { posts: cards.map((c) => c.blogDetailPath), authors: [...authors.keys()], categories: categories.map((c) => c.slug) };
  }
}

/**
 * The answers serialized once per content version, like the other content. Searches (a query) are
 * built per request and not kept, so free text cannot fill the memory.
 */
@Injectable()
export class CachedBlogs {
  private readonly memo: CachedJsonMemo;

  constructor(
    private readonly blogs: BlogsService,
    cache: AnswerCache,
  ) {
    this.memo = new CachedJsonMemo(cache);
  }

  list(page: number, pageSize: number | undefined): Promise<CachedJson> {
    // the site's own pages (default size, the first pages) are kept; other combinations are built per request
    if (pageSize !== undefined || page > 20) return this.blogs.list(page, pageSize).then((answer) => new Json(answer));
    return this.memo.get(`list:${page}`, () => this.blogs.list(page, undefined));
  }

  categories(): Promise<CachedJson> {
    return this.memo.get('categories', () => this.blogs.categories());
  }

  authors(): Promise<CachedJson> {
    return this.memo.get('authors', () => this.blogs.authors());
  }

  detail(blogDetailPath: string): Promise<CachedJson> {
    return this.memo.get(`post:${blogDetailPath}`, () => this.blogs.detail(blogDetailPath));
  }

  authorPosts(authorId: string, query: string): Promise<CachedJson> {
    if (query !== '') return this.blogs.authorPosts(authorId, query).then((answer) => new Json(answer));
    return this.memo.get(`author:${authorId}`, () => this.blogs.authorPosts(authorId, ''));
  }

  categoryPosts(categorySlug: string, query: string): Promise<CachedJson> {
    if (query !== '') return this.blogs.categoryPosts(categorySlug, query).then((answer) => new Json(answer));
    return this.memo.get(`category:${categorySlug}`, () => this.blogs.categoryPosts(categorySlug, ''));
  }
}
