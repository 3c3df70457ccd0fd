import { BadRequestException, Controller, Get, Inject, NotFoundException, Param, Query, Req, Res } from '@nestjs/common';
import { ContentNotFoundError } from '@storefront/site-config';
import type { Request, Response } from 'express';
import { type CachedJson, sendCachedJson } from './cached-json.js';
import { CachedSiteContent } from './site-content.service.js';

/** How long the gateway may answer a content GET from its memory (CONTENT_EDGE_CACHE_SECONDS). */
export const EDGE_CACHE_SECONDS = Symbol('EDGE_CACHE_SECONDS');

export const PRODUCT_NOT_FOUND_MESSAGE = 'Product data not found or invalid format';

/** A missing content file becomes a 404 with `message`; anything else (a broken file) stays a 500. */
async function orNotFound<T>(load: Promise<T>, message: string): Promise<T> {
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
@Controller('api/content')
export class ContentController {
  constructor(
    private readonly content: CachedSiteContent,
    @Inject(EDGE_CACHE_SECONDS) private readonly edgeCacheSeconds: number,
  ) {}

  @Get('site')
  async site(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.content.site());
  }

  @Get('page')
  async page(@Query('path') path: unknown, @Req() req: Request, @Res() res: Response): Promise<void> {
    if (typeof path !== 'string' || path.trim() === '') {
      throw new BadRequestException('The path query parameter is required, e.g. ?path=/');
    }
    await this.send(req, res, orNotFound(this.content.page(path), `Page not found: ${path.slice(0, 200)}`));
  }

  @Get('product-styles')
  async productStyles(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.content.productStyles());
  }

  @Get('product-styles/:styleName')
  async productStyle(@Param('styleName') styleName: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.content.productStyle(styleName), PRODUCT_NOT_FOUND_MESSAGE));
  }

  @Get('forms/:formName')
  async form(@Param('formName') formName: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.content.form(formName), 'Form not found'));
  }

  @Get('estimator/:name')
  async estimator(@Param('name') name: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, orNotFound(this.content.estimator(name), 'Estimator not found'));
  }

  @Get('checkout-pages')
  async checkoutPages(@Req() req: Request, @Res() res: Response): Promise<void> {
    await this.send(req, res, this.content.checkoutPages());
  }

  private async send(req: Request, res: Response, answer: Promise<CachedJson>): Promise<void> {
    await sendCachedJson(req, res, await answer, this.edgeCacheSeconds);
  }
}
