import { Controller, Inject, NotFoundException, Req, Res } from '@nestjs/common';
import { type ParamsOf, type QueryOf, contentRoutes } from '@storefront/contracts';
import { Route, RouteParams, RouteQuery } from '@storefront/service-kit';
import { ContentNotFoundError } from '@storefront/site-config';
import type { Request, Response } from 'express';
import { type CachedJson, sendCachedJson } from './cached-json.js';
import { CachedSiteContent } from './site-content.service.js';

/** How long the gateway may answer a content GET from its memory (CONTENT_EDGE_CACHE_SECONDS). */
export const EDGE_CACHE_SECONDS = Symbol('EDGE_CACHE_SECONDS');

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product data not found or invalid format';

/** A missing content file becomes a 404 with `message`; anything else (a broken file) stays a 500. */
export async function orNotFound<T>(load: Promise<T>, message: string): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (error instanceof ContentNotFoundError) throw new NotFoundException(message);
    throw error;
  }
}

/**
 * The content API (SiteData, PageDefinition, ProductStyleSummary[], ProductStyle, FormDefinition,
 * EstimatorBundle). Answers come from memory with a strong ETag per content version and no-cache,
 * so browsers revalidate every time and get a 304 while content is unchanged.
 */
@Controller()
export class ContentController {
  constructor(
    private readonly content: CachedSiteContent,
    @Inject(EDGE_CACHE_SECONDS) private readonly edgeCacheSeconds: number,
  ) {}

  @Route(contentRoutes.site)
  async site(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.content.site());
  }

  @Route(contentRoutes.page)
  async page(@RouteQuery() { path }: QueryOf<typeof contentRoutes.page>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.content.page(path), `Page not found: ${path.slice(0, 200)}`));
  }

  @Route(contentRoutes.productStyles)
  async productStyles(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.content.productStyles());
  }

  @Route(contentRoutes.productStyle)
  async productStyle(@RouteParams() { styleName }: ParamsOf<typeof contentRoutes.productStyle>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.content.productStyle(styleName), PRODUCT_NOT_FOUND_MESSAGE));
  }

  @Route(contentRoutes.form)
  async form(@RouteParams() { formName }: ParamsOf<typeof contentRoutes.form>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.content.form(formName), 'Form not found'));
  }

  @Route(contentRoutes.estimator)
  async estimator(@RouteParams() { name }: ParamsOf<typeof contentRoutes.estimator>, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.content.estimator(name), 'Estimator not found'));
  }

  @Route(contentRoutes.checkoutPages)
  async checkoutPages(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.content.checkoutPages());
  }

  private async send(req: Request, res: Response, answer: Promise<CachedJson>): Promise<void> {
    await sendCachedJson(req, res, await answer, this.edgeCacheSeconds);
  }
}
