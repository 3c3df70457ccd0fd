import { defineRoute } from '../http/route.js';
import { catalogListingQuerySchema, catalogListingResponseSchema, catalogSamplesQuerySchema, catalogSamplesResponseSchema } from './listing.js';

/** Catalog listing and samples (content service). */
export const catalogRoutes = {
  styles: defineRoute({
    method: 'GET',
    path: '/api/catalog/styles',
    service: 'content',
    access: 'public',
    summary: 'The catalog listing: one page of style cards, filtered and sorted, with the filters and their counts (CatalogListingResponse)',
    description:
      'Bad input never fails a listing, it is corrected (the answer says which page, sort and filters it used). Strong ETag (304), no-cache for browsers, kept briefly by the gateway.',
    query: catalogListingQuerySchema,
    response: catalogListingResponseSchema,
  }),
  samples: defineRoute({
    method: 'GET',
    path: '/api/catalog/samples',
    service: 'content',
    access: 'public',
    summary: "Sample doors grouped by style, in catalog order (CatalogSamplesResponse)",
    description: "404 'Product data not found or invalid format' when a style asked for is unknown.",
    query: catalogSamplesQuerySchema,
    response: catalogSamplesResponseSchema,
  }),
} as const;
