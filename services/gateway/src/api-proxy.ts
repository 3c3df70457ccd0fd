import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { ApiErrorBody } from '@storefront/contracts';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import {
  type RequestHandler as ProxyHandler,
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  proxyEventsPlugin,
} from 'http-proxy-middleware';
import type { GatewayConfig, ServiceName } from './config.js';
import { isApiPath, serviceForPath } from './routing.js';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service unavailable';

function sendJson(res: ServerResponse, body: ApiErrorBody): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(body.statusCode, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function requestIdOf(req: IncomingMessage): string | undefined {
  const value = req.headers['x-request-id'];
  return typeof value === 'string' ? value : undefined;
}

/**
 * Forwards /api/<segment>/... unchanged (path, query, body, x-request-id) to the owning service.
 * A service that is down or too slow gives a 502 ApiErrorBody; an unknown segment a 404 one.
 */
export function createApiProxy(config: GatewayConfig, logger: LoggerService): RequestHandler {
  const proxies = new Map<ServiceName, ProxyHandler<IncomingMessage, ServerResponse>>();
  for (const [service, target] of Object.entries(config.upstreams) as [ServiceName, string][]) {
    proxies.set(
      service,
      createProxyMiddleware<IncomingMessage, ServerResponse>({
        target,
        changeOrigin: true,
        xfwd: true,
        // upstream must answer within this time; the client's socket gets the same bound
        proxyTimeout: config.proxyTimeoutMs,
        timeout: config.proxyTimeoutMs,
        // our own error answer instead of the default plain-text one; no console logging
        ejectPlugins: true,
        plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
        on: {
          error: (error, req, res) => {
            const requestId = requestIdOf(req);
            logger.warn(`${service} did not answer ${req.method} ${req.url}: ${(error as NodeJS.ErrnoException).code ?? error.message}`, {
              requestId,
              upstream: service,
            });
            if ('writeHead' in res) {
              sendJson(res, {
                success: false,
                statusCode: 502,
                message: SERVICE_UNAVAILABLE_MESSAGE,
                ...(requestId ? { requestId } : {}),
              });
            } else {
              res.destroy();
            }
          },
        },
      }),
    );
  }

  // The gateway is the edge: a client's own X-Forwarded-For is dropped so the services (which trust
  // the gateway's header) see the shopper's real address, unless a trusted proxy sits in front.
  const keepForwardedFor = process.env.GATEWAY_BEHIND_PROXY === 'true';

  return (req: Request, res: Response, next: NextFunction) => {
    if (!isApiPath(req.path)) return next();
    if (!keepForwardedFor) delete req.headers['x-forwarded-for'];
    const service = serviceForPath(req.path);
    const proxy = service ? proxies.get(service) : undefined;
    if (!proxy) {
      const requestId = requestIdOf(req);
      sendJson(res, {
        success: false,
        statusCode: 404,
        message: `No API at ${req.path.slice(0, 200)}`,
        ...(requestId ? { requestId } : {}),
      });
      return;
    }
    void proxy(req, res, next);
  };
}
