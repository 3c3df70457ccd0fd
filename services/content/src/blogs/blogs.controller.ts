import { Controller, InternalServerErrorException, Logger, Req, Res } from '@nestjs/common';
import { BLOG_MESSAGES, type ParamsOf, type QueryOf, contentRoutes } from '@storefront/contracts';
import { Route, RouteParams, RouteQuery } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import type { CachedJson } from '../content/cached-json.js';
import { ContentAnswers, orNotFound } from '../content/content-answers.js';
import { ContentInvalidError } from '@storefront/site-config';
import { CachedBlogs, blogDataProblem } from './blogs.service.js';

/**
 * The blog API (content/blogs/): cards (never article bodies) in pages, one post with its article,
 * categories with counts, authors, an author's or a category's posts with an optional search.
 * Cached and revalidated like the other content answers.
 */
@Controller()
export class BlogsController {
  private readonly logger = new Logger('content');

  constructor(
    private readonly blogs: CachedBlogs,
    private readonly answers: ContentAnswers,
  ) {}

  @Route(contentRoutes.blogList)
  async list(@RouteQuery() { page, pageSize }: QueryOf<typeof contentRoutes.blogList>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.blogs.list(page, pageSize));
  }

  @Route(contentRoutes.blogCategories)
  async categories(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.blogs.categories());
  }

  @Route(contentRoutes.blogCategoryPosts)
  async category(
    @RouteParams() { categorySlug }: ParamsOf<typeof contentRoutes.blogCategoryPosts>,
    @RouteQuery() { query }: QueryOf<typeof contentRoutes.blogCategoryPosts>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.send(req, res, orNotFound(this.blogs.categoryPosts(categorySlug, query), BLOG_MESSAGES.categoryNotFound));
  }

  @Route(contentRoutes.blogAuthors)
  async authors(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.blogs.authors());
  }

  @Route(contentRoutes.blogAuthorPosts)
  async author(
    @RouteParams() { authorId }: ParamsOf<typeof contentRoutes.blogAuthorPosts>,
    @RouteQuery() { query }: QueryOf<typeof contentRoutes.blogAuthorPosts>,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.send(req, res, orNotFound(this.blogs.authorPosts(authorId, query), BLOG_MESSAGES.authorNotFound));
  }

  @Route(contentRoutes.blogPost)
  async post(@RouteParams() { blogDetailPath }: ParamsOf<typeof contentRoutes.blogPost>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.blogs.detail(blogDetailPath), BLOG_MESSAGES.blogNotFound));
  }

  /**
   * Broken blog content (a file the strict content check refuses, a post naming an unknown author)
   * stays a 500, but says which of the spec's two messages applies, so the page can show it (spec §2
   * "Bad data"); the details are only in the log.
   */
  private async send(req: Request, res: Response, answer: Promise<CachedJson>): Promise<void> {
    await this.answers.send(req, res, this.withBlogDataProblem(answer));
  }

  private async withBlogDataProblem(answer: Promise<CachedJson>): Promise<CachedJson> {
    try {
      return await answer;
    } catch (error) {
      if (!(error instanceof ContentInvalidError)) throw error;
      const problem = blogDataProblem(error);
      if (!problem) throw error;
      this.logger.error(error.message);
      throw new InternalServerErrorException({ message: BLOG_MESSAGES[problem], errorType: problem });
    }
  }
}
