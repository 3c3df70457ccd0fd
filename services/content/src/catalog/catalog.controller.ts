import { Controller, Get, Header, Inject, Query, Req, Res } from '@nestjs/common';
import type { CatalogSamplesResponse } from '@storefront/contracts';
import type { Request, Response } from 'express';
import { CATALOG_CONFIG, type CatalogConfig } from './catalog-config.js';
import { CatalogService } from './catalog.service.js';

/**
 * The catalog API (gateway prefix /api/catalog). Bad input never fails a listing: it is read under
 * the listing rules (see parseListingQuery) and the answer says which page, sort and filters it used.
 */
@Controller('api/catalog')
export class CatalogController {
  constructor(
    private readonly catalog: CatalogService,
    @Inject(CATALOG_CONFIG) private readonly config: CatalogConfig,
  ) {}

  /**
   * CatalogListingResponse, like other content answers: a strong ETag (304 to If-None-Match),
   * no-cache for browsers, and Surrogate-Control so the gateway answers a repeated listing from its
   * memory for CONTENT_EDGE_CACHE_SECONDS (the catalog changes only with a deploy).
   */
  @Get('styles')
  async styles(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    const { body, etag } = await this.catalog.listSerialized(query);
    res.setHeader('Cache-Control', 'no-cache');
    if (this.config.edgeCacheSeconds > 0) res.setHeader('Surrogate-Control', `max-age=${this.config.edgeCacheSeconds}`);
    res.setHeader('ETag', etag);
    // express's req.fresh compares If-None-Match with the ETag just set
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', body.length);
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  }

  @Get('samples')
  @Header('Cache-Control', 'no-cache')
  samples(@Query('style') style: unknown): Promise<CatalogSamplesResponse> {
    return this.catalog.samples(style);
  }
}
