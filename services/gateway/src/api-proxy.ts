import { Agent, type IncomingMessage, type ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import type { ApiErrorBody } from '@storefront/contracts';
import type { FrontHandler } from '@storefront/service-kit';
import {
  type RequestHandler as ProxyHandler,
  createProxyMiddleware,
  debugProxyErrorsPlugin,
  proxyEventsPlugin,
} from 'http-proxy-middleware';
import type { GatewayConfig, ServiceName } from './config.js';
import { EdgeCache } from './edge-cache.js';
import { devToolService, isApiPath, isGatewayApiPath, serviceForPath, siteFileApiPath } from './routing.js';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service unavailable';

/**
 * How long an idle upstream connection is kept. Below Node's default server keepAliveTimeout (5 s),
 * so the gateway drops an idle connection before the service closes it and never sends a request
 * on a socket that is being closed (Node 20's agent ignores the server's Keep-Alive hint).
 */
export const UPSTREAM_IDLE_SOCKET_MS = 4000;

/** How much longer than the service a client waits before its own socket times out. */
const CLIENT_TIMEOUT_GRACE_MS = 1000;

type Proxy = ProxyHandler<IncomingMessage, ServerResponse>;

function sendJson(res: ServerResponse, body: ApiErrorBody): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(body.statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(JSON.stringify(body));
}

function requestIdOf(req: IncomingMessage): string | undefined {
  const value = req.headers['x-request-id'];
  return typeof value === 'string' ? value : undefined;
}

function errorBody(statusCode: number, message: string, req: IncomingMessage): ApiErrorBody {
  const requestId = requestIdOf(req);
  return { success: false, statusCode, message, ...(requestId ? { requestId } : {}) };
}

/** The largest answer the edge cache keeps (content answers are a few KB; the catalog ~120 KB). */
export const EDGE_CACHE_MAX_ENTRY_BYTES = 1024 * 1024;

/** GETs on their way to a service whose answer the edge cache may keep, with their cache key. */
const cacheKeys = new WeakMap<IncomingMessage, string>();

/**
 * One proxy per service over kept-alive connections: without an agent, http-proxy asks every
 * upstream for `Connection: close` and passes that on to the client, so each API call paid for two
 * new TCP connections (measured: ~375 requests/s with p97.5 of 2.3 s at 50 connections).
 */
function createServiceProxy(
  service: ServiceName,
  target: string,
  timeoutMs: number,
  logger: LoggerService,
  cache: EdgeCache,
): Proxy {
  return createProxyMiddleware<IncomingMessage, ServerResponse>({
    target,
    agent: new Agent({ keepAlive: true, timeout: UPSTREAM_IDLE_SOCKET_MS }),
    changeOrigin: true,
    xfwd: true,
    // The service must answer within this time, or the client gets a JSON 502 ...
    proxyTimeout: timeoutMs,
    // ... so the client's socket gets a little longer: with the same bound the server dropped the
    // client's socket first (a bare "socket hang up" instead of the 502).
    timeout: timeoutMs + CLIENT_TIMEOUT_GRACE_MS,
    // our own error answer instead of the default plain-text one; no console logging
    ejectPlugins: true,
    plugins: [debugProxyErrorsPlugin, proxyEventsPlugin],
    on: {
      proxyRes: (upstream, req) => {
        const key = cacheKeys.get(req);
        if (key) cache.capture(key, req, upstream);
        else delete upstream.headers['surrogate-control'];
      },
      error: (error, req, res) => {
        logger.warn(`${service} did not answer ${req.method} ${req.url}: ${(error as NodeJS.ErrnoException).code ?? error.message}`, {
          requestId: requestIdOf(req),
          upstream: service,
        });
        if ('writeHead' in res) sendJson(res, errorBody(502, SERVICE_UNAVAILABLE_MESSAGE, req));
        else res.destroy();
      },
    },
  });
}

function isRead(req: IncomingMessage): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** '/api/x?y' -> '/api/x' (express's req.path, which the front of the app does not have yet). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/**
 * Forwards /api/<segment>/... (but the gateway's own /api/openapi.json and /api/docs) unchanged (path, query, body, x-request-id) to the owning service,
 * and GET /robots.txt and /sitemap.xml to the content service's API for them, and /dev/mailbox* (the
 * local mailbox) to the orders service. Answers a service
 * marked for the edge cache (Surrogate-Control) come from memory while fresh.
 * A service that is down or too slow gives a 502 ApiErrorBody; an unknown segment a 404 one.
 * Runs in front of express (service-kit's FrontHandler): nothing of the page middleware applies.
 */
export function createApiProxy(config: GatewayConfig, logger: LoggerService): FrontHandler {
  const cache = new EdgeCache({ maxBytes: config.edgeCacheBytes, maxEntryBytes: EDGE_CACHE_MAX_ENTRY_BYTES });
  const proxies = new Map<ServiceName, Proxy>();
  for (const [service, target] of Object.entries(config.upstreams) as [ServiceName, string][]) {
    proxies.set(service, createServiceProxy(service, target, config.proxyTimeoutMs, logger, cache));
  }

  // The gateway is the edge: a client's own X-Forwarded-For is dropped so the services (which trust
  // the gateway's header) see the shopper's real address, unless a trusted proxy sits in front.
  const keepForwardedFor = process.env.GATEWAY_BEHIND_PROXY === 'true';

  const forward = (service: ServiceName, req: IncomingMessage, res: ServerResponse): void => {
    const key = cache.keyFor(req);
    if (key) {
      if (cache.answer(key, req, res)) return;
      cacheKeys.set(req, key);
    }
    if (!keepForwardedFor) delete req.headers['x-forwarded-for'];
    // hpm calls next only when it could not start proxying; the answer is then ours to give
    void proxies.get(service)!(req, res, () => sendJson(res, errorBody(502, SERVICE_UNAVAILABLE_MESSAGE, req)));
  };

  return (req) => {
    const url = req.url ?? '/';
    const path = pathOf(url);
    const siteFile = isRead(req) ? siteFileApiPath(path) : undefined;
    if (siteFile) {
      return (res) => {
        // The proxy sends req.url upstream; the request log has already taken the URL as it came.
        req.url = siteFile + url.slice(path.length);
        forward('content', req, res);
      };
    }
    const devTool = devToolService(path);
    if (devTool) return (res) => forward(devTool, req, res);
    // not API paths of a service, and the gateway's own (the API reference) are left to express and Nest
    if (!isApiPath(path) || isGatewayApiPath(path)) return undefined;
    const service = serviceForPath(path);
    if (!service) return (res) => sendJson(res, errorBody(404, `No API at ${path.slice(0, 200)}`, req));
    return (res) => forward(service, req, res);
  };
}
