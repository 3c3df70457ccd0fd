import { Controller, Get, Header, Query } from '@nestjs/common';
import type { SearchResponse } from '@storefront/contracts';
import { parseSearchRequest } from './search-query.js';
import { SearchService } from './search.service.js';

/** GET /api/search?query=&page=&pageSize= (or &limit= for suggestions): see SearchService. */
@Controller('api/search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Get()
  // An answer is built per request; browsers may keep it briefly (the index changes only with a deploy).
  @Header('Cache-Control', 'public, max-age=60')
  find(@Query('query') query: unknown, @Query('page') page: unknown, @Query('pageSize') pageSize: unknown, @Query('limit') limit: unknown): Promise<SearchResponse> {
    return this.search.search(parseSearchRequest({ query, page, pageSize, limit }));
  }
}
