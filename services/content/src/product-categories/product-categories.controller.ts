import { Controller, Inject, Req, Res } from '@nestjs/common';
import { CATEGORY_MESSAGES, type ParamsOf, categoryNotFoundMessage, contentRoutes } from '@storefront/contracts';
import { Route, RouteParams } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { sendCachedJson } from '../content/cached-json.js';
import { EDGE_CACHE_SECONDS, orNotFound } from '../content/content.controller.js';
import { CachedProductCategories } from './product-categories.service.js';

/**
 * Product categories: the list, and one category with its styles' cards, sample doors and
 * neighbours. Cached and revalidated like the other content answers; a missing file or category is
 * a 404 with the spec's message, a broken file stays a 500.
 */
@Controller()
export class ProductCategoriesController {
  constructor(
    private readonly categories: CachedProductCategories,
    @Inject(EDGE_CACHE_SECONDS) private readonly edgeCacheSeconds: number,
  ) {}

  @Route(contentRoutes.productCategories)
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    await sendCachedJson(req, res, await orNotFound(this.categories.list(), CATEGORY_MESSAGES.loadFailed), this.edgeCacheSeconds);
  }

  @Route(contentRoutes.productCategory)
  async detail(@RouteParams() { slug }: ParamsOf<typeof contentRoutes.productCategory>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const message = categoryNotFoundMessage(slug.slice(0, 100));
    await sendCachedJson(req, res, await orNotFound(this.categories.detail(slug), message), this.edgeCacheSeconds);
  }
}
