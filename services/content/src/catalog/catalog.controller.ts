import { Controller, Get, Header, Query } from '@nestjs/common';
import type { CatalogListingResponse, CatalogSamplesResponse } from '@storefront/contracts';
import { CatalogService } from './catalog.service.js';

/**
 * The catalog API (gateway prefix /api/catalog). Bad input never fails a listing: it is read under
 * the listing rules (see parseListingQuery) and the answer says which page, sort and filters it used.
 */
@Controller('api/catalog')
export class CatalogController {
  constructor(private readonly catalog: CatalogService) {}

  @Get('styles')
  @Header('Cache-Control', 'no-cache')
  styles(@Query() query: Record<string, unknown>): Promise<CatalogListingResponse> {
    return this.catalog.list(query);
  }

  @Get('samples')
  @Header('Cache-Control', 'no-cache')
  samples(@Query('style') style: unknown): Promise<CatalogSamplesResponse> {
    return this.catalog.samples(style);
  }
}
