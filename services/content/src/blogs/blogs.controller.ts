import { BadRequestException, Controller, Get, Inject, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { BLOG_MESSAGES } from '@storefront/contracts';
import { ContentNotFoundError } from '@storefront/site-config';
import type { Request, Response } from 'express';
import { type CachedJson, sendCachedJson } from '../content/cached-json.js';
import { EDGE_CACHE_SECONDS } from '../content/content.controller.js';
import { BLOG_PAGE_SIZE_MAX, CachedBlogs, normaliseQuery } from './blogs.service.js';

/** A whole number from 1 to max, or undefined when the parameter is absent; anything else is a 400. */
function positiveInteger(value: unknown, name: string, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !/^\d{1,6}$/.test(value) || Number(value) < 1 || Number(value) > max) {
    throw new BadRequestException(`${name} must be a whole number from 1 to ${max}`);
  }
  return Number(value);
}

/**
 * The blog API (content/blogs/): cards (never article bodies) in pages, one post with its article,
 * categories with counts, authors, an author's or a category's posts with an optional search.
 * Cached and revalidated like the other content answers.
 */
@Controller('api/content/blogs')
export class BlogsController {
  constructor(
    private readonly blogs: CachedBlogs,
    @Inject(EDGE_CACHE_SECONDS) private readonly edgeCacheSeconds: number,
  ) {}

  @Get()
  async list(@Query('page') page: unknown, @Query('pageSize') pageSize: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    const pageNumber = positiveInteger(page, 'page', 100_000) ?? 1;
    await this.send(req, res, this.blogs.list(pageNumber, positiveInteger(pageSize, 'pageSize', BLOG_PAGE_SIZE_MAX)));
  }

  @Get('categories')
  async categories(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.blogs.categories());
  }

  @Get('categories/:categorySlug')
  async category(@Param('categorySlug') slug: string, @Query('query') query: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.blogs.categoryPosts(slug, normaliseQuery(query)), BLOG_MESSAGES.categoryNotFound));
  }

  @Get('authors')
  async authors(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.blogs.authors());
  }

  @Get('authors/:authorId')
  async author(@Param('authorId') authorId: string, @Query('query') query: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.blogs.authorPosts(authorId, normaliseQuery(query)), BLOG_MESSAGES.authorNotFound));
  }

  @Get('posts/:blogDetailPath')
  async post(@Param('blogDetailPath') blogDetailPath: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.blogs.detail(blogDetailPath), BLOG_MESSAGES.blogNotFound));
  }

  private async send(req: Request, res: Response, answer: Promise<CachedJson>): Promise<void> {
    await sendCachedJson(req, res, await answer, this.edgeCacheSeconds);
  }
}

async function orNotFound(load: Promise<CachedJson>, message: string): Promise<CachedJson> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ContentNotFoundError) throw new NotFoundException(message);
    throw error;
  }
}
