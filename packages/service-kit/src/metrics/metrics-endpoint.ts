import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { Registry } from 'prom-client';
import { requestIdOf } from '../request-context.js';
import { CREDENTIAL_FAILURES_MESSAGE, type CredentialFailureCount } from '../credential-failures.js';
import { setRouteLabel } from './http-metrics.js';
import { METRICS_TOKEN_MESSAGE, operatorAccess, scrapeFailureCount } from './metrics-token.js';

export const METRICS_PATH = '/metrics';

function sendJson(req: IncomingMessage, res: ServerResponse, statusCode: number, message: string): void {
  const requestId = requestIdOf(req);
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ success: false, statusCode, message, ...(requestId ? { requestId } : {}) }));
}

/**
 * `GET /metrics`: the Prometheus text exposition of `registries`, for the scraper only
 * (`Authorization: Bearer <METRICS_TOKEN>`, what Prometheus's `authorization` setting sends; without
 * the variable, only this machine, never in production); 401 otherwise, 429 once an address has
 * failed too often (operatorAccess). Only the exact path: the gateway forwards nothing outside /api,
 * /dev/mailbox and its site files, so a service's /metrics is never reachable through it. Middleware
 * in connect's shape; any other request goes on.
 */
export function metricsEndpoint(registries: readonly Registry[], logger: LoggerService, failures: CredentialFailureCount = scrapeFailureCount()) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = req.url ?? '';
    if (!(url === METRICS_PATH || url.startsWith(`${METRICS_PATH}?`)) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    setRouteLabel(req, METRICS_PATH);
    operatorAccess(req, process.env, failures).then(
      (access) => {
        if (access === 'limited') return sendJson(req, res, 429, CREDENTIAL_FAILURES_MESSAGE);
        if (access === 'refused') return sendJson(req, res, 401, METRICS_TOKEN_MESSAGE);
        serve(req, res, registries, logger);
      },
      (error: unknown) => {
        logger.error(`The metrics token could not be checked: ${error instanceof Error ? error.message : String(error)}`, undefined, 'metrics');
        sendJson(req, res, 500, 'Metrics could not be gathered.');
      },
    );
  };
}

function serve(req: IncomingMessage, res: ServerResponse, registries: readonly Registry[], logger: LoggerService): void {
  Promise.all(registries.map((registry) => registry.metrics())).then(
    (texts) => {
      res.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE, 'cache-control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : texts.join(''));
    },
    (error: unknown) => {
      logger.error(`Metrics could not be gathered: ${error instanceof Error ? error.message : String(error)}`, undefined, 'metrics');
      sendJson(req, res, 500, 'Metrics could not be gathered.');
    },
  );
}
