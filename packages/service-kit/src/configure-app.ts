import type { INestApplication, LoggerService } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';
import { ApiExceptionFilter, sendApiError } from './api-errors.js';
import { answerInFront, type FrontHandler } from './front-handler.js';
import { requestContext } from './request-context.js';
import { readEnvConfig } from './env-config.js';
import { installServiceMetrics } from './metrics/service-metrics.js';
import { trustProxy } from './production-safety.js';

export interface ServiceAppOptions {
  logger: LoggerService;
  /** The service's name: labels its metrics (GET /metrics, METRICS_ENABLED); without one, no metrics. */
  name?: string;
  /** JSON body limit (default "1mb"); false for no JSON parser (the gateway streams bodies through). */
  bodyLimit?: string | number | false;
  /** helmet options (the gateway sets a CSP for the shell); APIs use API_HELMET_OPTIONS. */
  helmet?: HelmetOptions;
  /**
   * Requests answered before express and Nest (after request ids): the gateway's API proxy, whose
   * answers carry the services' own headers and pay for nothing else.
   */
  front?: FrontHandler;
  /**
   * A front handler made from the app's own providers (`app.get(...)`, available once Nest has
   * created the app): a service's hottest read answered without express and Nest in the way.
   */
  frontFromApp?: (app: INestApplication) => FrontHandler;
  /**
   * Express middleware that runs after request ids/helmet/body parsing and before Nest's routes
   * (the gateway's compression and static files).
   */
  middleware?: RequestHandler[];
}

/**
 * Security headers for JSON answers: a CSP that allows nothing (a JSON URL opened as a page runs
 * nothing and cannot be framed), no MIME sniffing, no framing, no cross-origin embedding. helmet's
 * other defaults are for HTML documents (COOP, Origin-Agent-Cluster, Referrer-Policy, DNS prefetch,
 * X-Download-Options, X-Permitted-Cross-Domain-Policies, X-XSS-Protection) and did nothing for JSON
 * but cost on every answer (measured: 12 headers made a response twice as costly to write); HSTS is
 * the edge's decision (the gateway), not a service's.
 */
export const API_HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] } },
  crossOriginOpenerPolicy: false,
  crossOriginResourcePolicy: { policy: 'same-origin' },
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xContentTypeOptions: true,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: { action: 'deny' },
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/**
 * Bodies kept as received too (`req.rawBody`): a provider's webhook signature and an internal
 * call's signature are over the exact bytes.
 */
const SIGNED_BODY_PATH = /\/webhooks\/|^\/internal\//;

/**
 * Parses JSON bodies up to `limit`; its errors (too large, broken JSON) are answered here as
 * ApiErrorBody, because they happen before Nest's exception filters are involved.
 */
function jsonBody(limit: string | number, logger: LoggerService): RequestHandler {
  const parse = express.json({
    limit,
    verify: (req, _res, buf) => {
      if (SIGNED_BODY_PATH.test((req as Request).originalUrl ?? '')) (req as Request & { rawBody?: Buffer }).rawBody = Buffer.from(buf);
    },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    parse(req, res, (error?: unknown) => {
      if (error) sendApiError(error, req, res, logger);
      else next();
    });
  };
}

/**
 * The middleware and filters every service runs with, in production and in tests alike: request
 * ids + request log, helmet, JSON bodies with a limit, ApiErrorBody for every error; a front
 * handler, when given, answers its requests with request ids + request log only.
 */
export function configureServiceApp(app: INestApplication, options: ServiceAppOptions): void {
  const expressApp = app as NestExpressApplication;
  expressApp.disable('x-powered-by');
  // No ETag hashed over every JSON answer (POSTs included): responses that are worth revalidating
  // set their own (the content service's strong ETags, computed once per content version).
  expressApp.set('etag', false);
  // Services sit behind the gateway: trust its X-Forwarded-For so req.ip is the shopper's address
  // (rate limits, logs). TRUST_PROXY names the proxies (production requires it); unset, loopback
  // and private networks (npm start, docker compose).
  expressApp.set('trust proxy', readEnvConfig({ trust: trustProxy() }).trust);
  // Prometheus metrics (metrics/): requests counted and timed where their line is logged; GET /metrics
  const metrics = installServiceMetrics(app, options);
  const context = requestContext(options.logger, undefined, metrics?.http);
  const front = options.front ?? options.frontFromApp?.(app);
  if (front) answerInFront(expressApp.getHttpServer(), front, context, options.logger);
  expressApp.use(context);
  if (metrics) expressApp.use(metrics.endpoint);
  expressApp.use(helmet(options.helmet ?? API_HELMET_OPTIONS));
  if (options.bodyLimit !== false) expressApp.use(jsonBody(options.bodyLimit ?? '1mb', options.logger));
  for (const middleware of options.middleware ?? []) expressApp.use(middleware);
  expressApp.useGlobalFilters(new ApiExceptionFilter(options.logger));
}
