import { Controller, Header, Inject, Req, Res } from '@nestjs/common';
import { type CatalogSamplesResponse, type QueryOf, catalogRoutes } from '@storefront/contracts';
import { Route, RouteQuery } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { CATALOG_CONFIG, type CatalogConfig } from './catalog-config.js';
import { sendListing } from './catalog-front.js';
import { CatalogService } from './catalog.service.js';

/**
 * The catalog API (gateway prefix /api/catalog). Bad input never fails a listing: the route's
 * schema (catalogListingQuerySchema) corrects it, and the answer says which page, sort and filters
 * it used.
 */
@Controller()
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
  @Route(catalogRoutes.styles)
  async styles(@RouteQuery() query: QueryOf<typeof catalogRoutes.styles>, @Req() req: Request, @Res() res: Response): Promise<void> {
    sendListing(req, res, await this.catalog.listSerialized(query), this.config);
  }

  @Route(catalogRoutes.samples)
  @Header('Cache-Control', 'no-cache')
  samples(@RouteQuery() { style }: QueryOf<typeof catalogRoutes.samples>): Promise<CatalogSamplesResponse> {
    return this.catalog.samples(style);
  }
}
