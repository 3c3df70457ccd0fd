import { Controller, Req, Res } from '@nestjs/common';
import { type ParamsOf, type QueryOf, contentRoutes } from '@storefront/contracts';
import { Route, RouteParams, RouteQuery } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { ContentAnswers, orNotFound } from './content-answers.js';
import { CachedSiteContent } from './site-content.service.js';

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product data not found or invalid format';

/**
 * The content API (SiteData, PageDefinition, ProductStyleSummary[], ProductStyle, FormDefinition,
 * EstimatorBundle). Answers come from memory with a strong ETag per content version and no-cache,
 * so browsers revalidate every time and get a 304 while content is unchanged.
 */
@Controller()
export class ContentController {
  constructor(
    private readonly content: CachedSiteContent,
    private readonly answers: ContentAnswers,
  ) {}

  @Route(contentRoutes.site)
  async site(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, this.content.site());
  }

  @Route(contentRoutes.page)
  async page(@RouteQuery() { path }: QueryOf<typeof contentRoutes.page>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, orNotFound(this.content.page(path), `Page not found: ${path.slice(0, 200)}`));
  }

  @Route(contentRoutes.productStyles)
  async productStyles(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, this.content.productStyles());
  }

  @Route(contentRoutes.productStyle)
  async productStyle(@RouteParams() { styleName }: ParamsOf<typeof contentRoutes.productStyle>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, orNotFound(this.content.productStyle(styleName), PRODUCT_NOT_FOUND_MESSAGE));
  }

  @Route(contentRoutes.form)
  async form(@RouteParams() { formName }: ParamsOf<typeof contentRoutes.form>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, orNotFound(this.content.form(formName), 'Form not found'));
  }

  @Route(contentRoutes.estimator)
  async estimator(@RouteParams() { name }: ParamsOf<typeof contentRoutes.estimator>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, orNotFound(this.content.estimator(name), 'Estimator not found'));
  }

  @Route(contentRoutes.checkoutPages)
  async checkoutPages(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.answers.send(req, res, this.content.checkoutPages());
  }
}
