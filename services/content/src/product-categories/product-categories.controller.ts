import { Controller, Req, Res } from '@nestjs/common';
import { CATEGORY_MESSAGES, type ParamsOf, categoryNotFoundMessage, contentRoutes } from '@storefront/contracts';
import { Route, RouteParams } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { ContentAnswers, orNotFound } from '../content/content-answers.js';
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
    private readonly answers: ContentAnswers,
  ) {}

  @Route(contentRoutes.productCategories)
  async list(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, orNotFound(this.categories.list(), CATEGORY_MESSAGES.loadFailed));
  }

  @Route(contentRoutes.productCategory)
  async detail(@RouteParams() { slug }: ParamsOf<typeof contentRoutes.productCategory>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const message = categoryNotFoundMessage(slug.slice(0, 100));
    await this.answers.send(req, res, orNotFound(this.categories.detail(slug), message));
  }
}
