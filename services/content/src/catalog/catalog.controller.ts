import { Controller, Get, Header, Inject, Query, Req, Res } from '@nestjs/common';
import type { CatalogSamplesResponse } from '@storefront/contracts';
import type { Request, Response } from 'express';
import { CATALOG_CONFIG, type CatalogConfig } from './catalog-config.js';
import { sendListing } from './catalog-front.js';
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
  // The running service answers this in front of express and Nest (catalog-front.ts, main.ts); this
  // route is the same answer for an app without that handler.
  @Get('styles')
  async styles(@Query() query: Record<string, unknown>, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendListing(req, res, await this.catalog.listSerialized(query), this.config);
  }

  @Get('samples')
  @Header('Cache-Control', 'no-cache')
  samples(@Query('style') style: unknown): Promise<CatalogSamplesResponse> {
    return this.catalog.samples(style);
  }
}
