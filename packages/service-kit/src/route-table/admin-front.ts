import type { IncomingMessage, ServerResponse } from 'node:http';
import { BadRequestException, type INestApplication, type LoggerService } from '@nestjs/common';
import { checkRouteInput, type QueryOf, type RouteSpec } from '@storefront/contracts';
import type { Express, Request, Response } from 'express';
import { sendFrontFailure, sendFrontJson, type FrontHandler } from '../front-handler.js';
import { setRouteLabel } from '../metrics/http-metrics.js';
import { ADMIN_CREDENTIALS, type AdminCaller, type AdminCredentials } from './admin-token.guard.js';

/** The request and response as express's app.handle makes them before its router: its prototypes and their links. */
function asExpress(expressApp: Express, req: IncomingMessage, res: ServerResponse): { request: Request; response: Response } {
  Object.setPrototypeOf(req, expressApp.request);
  Object.setPrototypeOf(res, expressApp.response);
  const request = req as Request;
  const response = res as Response;
  request.res = response;
  response.req = request;
  if (!response.locals) response.locals = Object.create(null) as Response['locals'];
  return { request, response };
}

/** A route without a query schema is refused when the handler is made, not when a request comes. */
function noQuerySchema(route: RouteSpec): never {
  throw new Error(`adminReadInFront checks the route's query; ${route.method} ${route.path} has no query schema`);
}

/**
 * An admin GET route of the route table answered in front of express and Nest (service-kit's
 * FrontHandler), running what `@Route` runs for it, in its order: Cache-Control no-store and the
 * credentials' throttle (AdminRateLimitGuard), who calls and whether their role may
 * (AdminKeyGuard), the query through the route's own schema (RouteValidationPipe's check), then
 * `answer`, which should be the controller's own method, so the two answer alike. A refusal or a
 * failure is the exception filter's answer (sendApiError).
 *
 * The request and response first get express's prototypes, as express's app.handle gives them, so
 * the credentials read the same `ip` (the app's trust proxy), headers and path, and the query is
 * parsed by the app's own query parser. What is left out is express's router, helmet (its headers
 * are set here) and Nest's pipeline: for the back office's orders list, the read staff repeat most,
 * they were a quarter of the orders service's time per call (issue 35's p95 target).
 *
 * Claims only GET on the exact path; anything else (HEAD, a trailing slash, another case) goes to
 * express and Nest as before, and is answered by the same controller.
 */
export function adminReadInFront<R extends RouteSpec>(
  app: INestApplication,
  route: R,
  answer: (query: QueryOf<R>, caller: AdminCaller) => Promise<unknown>,
  logger: LoggerService,
): FrontHandler {
  if (route.method !== 'GET' || route.access !== 'admin') throw new Error(`adminReadInFront serves admin GET routes; ${route.method} ${route.path} is not one`);
  // the query is checked here as the route's pipe would: a route without a query schema is not one this can serve
  const querySchema = route.query ?? noQuerySchema(route);
  const credentials = app.get<string, AdminCredentials>(ADMIN_CREDENTIALS, { strict: false });
  const expressApp = app.getHttpAdapter().getInstance() as Express;

  async function respond(request: Request, response: Response): Promise<void> {
    response.setHeader('Cache-Control', 'no-store');
    await credentials.throttle(request, response);
    const caller = await credentials.authenticate(request, route);
    const checked = checkRouteInput(querySchema, request.query, { part: 'query', invalidMessage: route.invalidMessage });
    if (!checked.ok) throw new BadRequestException(checked.problem);
    sendFrontJson(request, response, 200, await answer(checked.value as QueryOf<R>, caller));
  }

  return (req: IncomingMessage) => {
    if (req.method !== 'GET') return undefined;
    const url = req.url ?? '';
    const mark = url.indexOf('?');
    if ((mark === -1 ? url : url.slice(0, mark)) !== route.path) return undefined;
    return (res: ServerResponse) => {
      // counted under the route's template in /metrics, as the controller's route would be
      setRouteLabel(req, route.path);
      const { request, response } = asExpress(expressApp, req, res);
      respond(request, response).catch((error: unknown) => sendFrontFailure(request, response, error, logger));
    };
  };
}
