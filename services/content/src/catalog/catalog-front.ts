import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequestException, Logger, type INestApplication, type LoggerService } from '@nestjs/common';
import { catalogRoutes, checkRouteInput } from '@storefront/contracts';
import { type FrontHandler, sendFrontFailure, setApiSecurityHeaders, setRouteLabel } from '@storefront/service-kit';
import { CATALOG_CONFIG, type CatalogConfig } from './catalog-config.js';
import { CatalogService, type SerializedListing } from './catalog.service.js';

export const CATALOG_STYLES_PATH = catalogRoutes.styles.path;

/** The query string as express's simple parser gives it to a controller: repeated names become lists. */
export function queryRecord(search: string): Record<string, string | string[]> {
  const record: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(search)) {
    const before = record[name];
    record[name] = before === undefined ? value : Array.isArray(before) ? [...before, value] : [before, value];
  }
  return record;
}

/** If-None-Match holds this strong ETag (one value, a list, or *). */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((candidate) => candidate.trim() === etag);
}

/**
 * A listing answer, the one way it is written (the controller and the front handler both call it):
 * the serialized listing, strong ETag with 304, no-cache for browsers, Surrogate-Control so the
 * gateway answers a repeated listing from memory for CONTENT_EDGE_CACHE_SECONDS, the API security
 * headers (set here too: helmet never sees a front handler's answers).
 */
export function sendListing(req: IncomingMessage, res: ServerResponse, { body, etag }: SerializedListing, config: CatalogConfig): void {
  setApiSecurityHeaders(res);
  res.setHeader('Cache-Control', 'no-cache');
  if (config.edgeCacheSeconds > 0) res.setHeader('Surrogate-Control', `max-age=${config.edgeCacheSeconds}`);
  res.setHeader('ETag', etag);
  if (matches(req.headers['if-none-match'], etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * GET /api/catalog/styles answered in front of express and Nest (service-kit's FrontHandler). The
 * listing is the catalog's hottest read and, with the listing index, the service's own work is
 * ~40 µs of it: express's router, helmet and Nest's pipeline were most of what was left per request.
 * The query goes through the route's own schema (checkRouteInput, what the Nest pipe runs), so
 * this answer and the controller's read a query the same way.
 */
export function catalogListingFront(catalog: CatalogService, config: CatalogConfig, logger: LoggerService): FrontHandler {
  return (req: IncomingMessage) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    if ((mark === -1 ? url : url.slice(0, mark)) !== CATALOG_STYLES_PATH) return undefined;
    const route = catalogRoutes.styles;
    const checked = checkRouteInput(route.query, queryRecord(mark === -1 ? '' : url.slice(mark + 1)), { part: 'query' });
    return (res: ServerResponse) => {
      // counted under the route's template in /metrics, as the controller's route would be
      setRouteLabel(req, CATALOG_STYLES_PATH);
      // the listing's schema corrects rather than refuses; a refusal would still be the pipe's 400
      if (!checked.ok) {
        sendFrontFailure(req, res, new BadRequestException({ message: checked.problem.message, errors: checked.problem.errors }), logger);
        return;
      }
      catalog.listSerialized(checked.value).then(
        (listing) => sendListing(req, res, listing, config),
        (error: unknown) => sendFrontFailure(req, res, error, logger),
      );
    };
  };
}

/** The front handler from a created content app's own providers (bootstrapService's frontFromApp). */
export function catalogListingFrontOf(app: INestApplication): FrontHandler {
  return catalogListingFront(app.get(CatalogService), app.get(CATALOG_CONFIG), new Logger('catalog'));
}
