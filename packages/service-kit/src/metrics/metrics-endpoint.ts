import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { Registry } from 'prom-client';
import { requestIdOf } from '../request-context.js';
import { INTERNAL_TOKEN_MESSAGE, internalCallAllowed } from '../route-table/internal-token.guard.js';
import { setRouteLabel } from './http-metrics.js';

export const METRICS_PATH = '/metrics';

/** X-Internal-Token, or the same secret as a bearer token (what Prometheus's `authorization` setting sends). */
function tokenOf(req: IncomingMessage): string | undefined {
  const header = req.headers['x-internal-token'];
  if (typeof header === 'string') return header;
  const authorization = req.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : undefined;
}

function sendJson(req: IncomingMessage, res: ServerResponse, statusCode: number, message: string): void {
  const requestId = requestIdOf(req);
  res.writeHead(statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ success: false, statusCode, message, ...(requestId ? { requestId } : {}) }));
}

/**
 * `GET /metrics`: the Prometheus text exposition of `registries`, for internal callers only, by
 * InternalTokenGuard's rule (INTERNAL_API_TOKEN as X-Internal-Token or a bearer token; without the
 * variable, only this machine, never in production); 401 otherwise. Only the exact path: the
 * gateway forwards nothing outside /api, /dev/mailbox and its site files, so a service's /metrics is
 * never reachable through it. Middleware in connect's shape; any other request goes on.
 */
export function metricsEndpoint(registries: readonly Registry[], logger: LoggerService) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void): void => {
    const url = req.url ?? '';
    if (!(url === METRICS_PATH || url.startsWith(`${METRICS_PATH}?`)) || (req.method !== 'GET' && req.method !== 'HEAD')) return next();
    setRouteLabel(req, METRICS_PATH);
    if (!internalCallAllowed(req, tokenOf(req))) return sendJson(req, res, 401, INTERNAL_TOKEN_MESSAGE);
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
  };
}
