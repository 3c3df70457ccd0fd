import { Controller, Get, Inject, NotFoundException, Param, Req, Res } from '@nestjs/common';
import { CATEGORY_MESSAGES, categoryNotFoundMessage } from '@storefront/contracts';
import { ContentNotFoundError } from '@storefront/site-config';
import type { Request, Response } from 'express';
import { type CachedJson, sendCachedJson } from '../content/cached-json.js';
import { EDGE_CACHE_SECONDS } from '../content/content.controller.js';
import { CachedProductCategories } from './product-categories.service.js';

/** A missing file or category becomes a 404 with the spec's message; a broken file stays a 500. */
async function orNotFound(load: Promise<CachedJson>, message: string): Promise<CachedJson> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ContentNotFoundError) throw new NotFoundException(message);
    throw error;
  }
}

/**
 * Product categories (issue 8): the list, and one category with its styles' cards, sample doors and
 * neighbours. Cached and revalidated like the other content answers.
 */
@Controller('api/content/product-categories')
export class ProductCategoriesController {
  constructor(
    private readonly categories: CachedProductCategories,
    @Inject(EDGE_CACHE_SECONDS) private readonly edgeCacheSeconds: number,
  ) {}

  @Get()
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCachedJson(req, res, await orNotFound(this.categories.list(), CATEGORY_MESSAGES.loadFailed), this.edgeCacheSeconds);
  }

  @Get(':slug')
  async detail(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    const message = categoryNotFoundMessage(slug.slice(0, 100));
    await sendCachedJson(req, res, await orNotFound(this.categories.detail(slug), message), this.edgeCacheSeconds);
  }
}
