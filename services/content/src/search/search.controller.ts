import { Controller, Header } from '@nestjs/common';
import { type QueryOf, type ResponseOf, contentRoutes } from '@storefront/contracts';
import { Route, RouteQuery } from '@storefront/service-kit';
import { SearchService } from './search.service.js';

/** GET /api/search?query=&page=&pageSize= (or &limit= for suggestions): see SearchService. */
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Route(contentRoutes.search)
  // An answer is built per request; browsers may keep it briefly (the index changes only with a deploy).
  @Header('Cache-Control', 'public, max-age=60')
  find(@RouteQuery() { query, page, pageSize, limit }: QueryOf<typeof contentRoutes.search>): Promise<ResponseOf<typeof contentRoutes.search>> {
    // limit is the header's suggestions' page size (the schema then leaves pageSize at its default)
    return this.search.search({ query, page, pageSize: limit ?? pageSize });
  }
}
