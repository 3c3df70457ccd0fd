import type { INestApplication, LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { ApiExceptionFilter, sendApiError } from './api-errors.js';
import { requestContext } from './request-context.js';

export interface ServiceAppOptions {
  logger: LoggerService;
  /** JSON body limit (default "1mb"); false for no JSON parser (the gateway streams bodies through). */
  bodyLimit?: string | number | false;
  /** helmet options (the gateway sets a CSP for the shell); APIs use helmet's defaults. */
  helmet?: HelmetOptions;
  /**
   * Express middleware that runs right after request ids, before helmet and body parsing: the
   * gateway's API proxy, whose answers carry the services' own headers and must not pay for the
   * edge's page headers or compression.
   */
  edgeMiddleware?: RequestHandler[];
  /**
   * Express middleware that runs after request ids/helmet/body parsing and before Nest's routes
   * (the gateway's compression and static files).
   */
  middleware?: RequestHandler[];
}

/**
 * Parses JSON bodies up to `limit`; its errors (too large, broken JSON) are answered here as
 * ApiErrorBody, because they happen before Nest's exception filters are involved.
 */
function jsonBody(limit: string | number, logger: LoggerService): RequestHandler {
  const parse = express.json({ limit });
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (error) sendApiError(error, req, res, logger);
      else next();
    });
  };
}

/**
 * The middleware and filters every service runs with, in production and in tests alike: request
 * ids + request log, (edge middleware), helmet, JSON bodies with a limit, ApiErrorBody for every error.
 */
export function configureServiceApp(app: INestApplication, options: ServiceAppOptions): void {
  const expressApp = app as NestExpressApplication;
  expressApp.disable('x-powered-by');
  // No ETag hashed over every JSON answer (POSTs included): responses that are worth revalidating
  // set their own (the content service's strong ETags, computed once per content version).
  expressApp.set('etag', false);
  // Services sit behind the gateway: trust its X-Forwarded-For so req.ip is the shopper's address
  // (rate limits, logs). Default: proxies on loopback and private networks (docker compose).
  expressApp.set('trust proxy', process.env.TRUST_PROXY ?? 'loopback, linklocal, uniquelocal');
  expressApp.use(requestContext(options.logger));
  for (const middleware of options.edgeMiddleware ?? []) expressApp.use(middleware);
  expressApp.use(helmet(options.helmet));
  if (options.bodyLimit !== false) expressApp.use(jsonBody(options.bodyLimit ?? '1mb', options.logger));
  for (const middleware of options.middleware ?? []) expressApp.use(middleware);
  expressApp.useGlobalFilters(new ApiExceptionFilter(options.logger));
}
