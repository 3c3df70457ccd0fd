import { EventEmitter } from 'node:events';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { LoggerService } from '@nestjs/common';
import { API_ROUTES, type ApiErrorBody } from '@storefront/contracts';
import { type FrontHandler, routeTemplateMatcher, setRouteLabel, withoutQuery } from '@storefront/service-kit';
import type { Dispatcher } from 'undici';
import type { GatewayConfig, ServiceName } from './config.js';
import { EdgeCache } from './edge-cache.js';
import { devToolService, isApiPath, isGatewayApiPath, serviceForPath, siteFileApiPath } from './routing.js';
import {
  type Replica,
  type ReplicaTurn,
  type ServiceReplicas,
  UPSTREAM_IDLE_SOCKET_MS,
  errorCode,
  gatewayUpstreams,
  isConnectFailure,
  mayRetryElsewhere,
} from './upstreams.js';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service unavailable';

export { UPSTREAM_IDLE_SOCKET_MS };

/** How much longer than the service a client waits before its own socket times out. */
const CLIENT_TIMEOUT_GRACE_MS = 1000;

function sendJson(res: ServerResponse, body: ApiErrorBody, headers?: Record<string, string>): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(body.statusCode, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    ...headers,
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

/**
 * Headers that belong to one connection, never forwarded (RFC 9110 §7.6.1), plus Expect (Node
 * answers 100-continue itself). Each side of the gateway has its own connection and framing:
 * Node's server and undici set Connection, Keep-Alive and Transfer-Encoding for theirs.
 */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'expect']);

/** `headers` without the hop-by-hop ones, nor those the Connection header names. */
export function endToEndHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = headers.connection?.toLowerCase().split(',').map((name) => name.trim());
  const kept: IncomingHttpHeaders = {};
  for (const name in headers) {
    if (!HOP_BY_HOP.has(name) && !named?.includes(name) && headers[name] !== undefined) kept[name] = headers[name];
  }
  return kept;
}

/**
 * What a service is sent: the client's end-to-end headers, Host set to the service's own
 * (http-proxy's changeOrigin), and the X-Forwarded-For/-Port/-Proto/-Host it added (its xfwd): the
 * address, port and scheme the shopper used, appended to any the client sent and the gateway kept.
 */
/**
 * The X-Forwarded-For a service is sent for this request: the address the gateway saw, after the
 * chain a trusted proxy in front wrote (`behindProxy`, GATEWAY_BEHIND_PROXY); a client's own chain is
 * dropped when the gateway is the edge. The proxy and the page renderer's data calls send the same.
 */
export function forwardedForOf(req: IncomingMessage, behindProxy: boolean): string {
  const seen = req.socket.remoteAddress ?? '';
  const chain = behindProxy ? req.headers['x-forwarded-for'] : undefined;
  return chain ? `${String(chain)},${seen}` : seen;
}

export function upstreamHeaders(req: IncomingMessage, host: string): IncomingHttpHeaders {
  const headers = endToEndHeaders(req.headers);
  const encrypted = Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const port = /:(\d+)/.exec(req.headers.host ?? '')?.[1] ?? (encrypted ? '443' : '80');
  const values = { for: req.socket.remoteAddress ?? '', port, proto: encrypted ? 'https' : 'http' };
  for (const [name, value] of Object.entries(values)) {
    const existing = req.headers[`x-forwarded-${name}`];
    headers[`x-forwarded-${name}`] = existing ? `${String(existing)},${value}` : value;
  }
  headers['x-forwarded-host'] = req.headers['x-forwarded-host'] || req.headers.host || '';
  headers.host = host;
  return headers;
}

/**
 * Bodies up to this size (a known Content-Length) are read whole before the service is asked, and
 * sent with the request's headers in one write; larger or chunked ones stream through as they come.
 * API bodies are a few hundred bytes; a streamed one cost the service an extra read (measured).
 */
export const BUFFERED_BODY_MAX_BYTES = 64 * 1024;

/** Calls `then` with the body: a Buffer when small and of known length, else the request to stream. */
function withBody(req: IncomingMessage, then: (body: Buffer | IncomingMessage | null) => void): void {
  const length = req.headers['content-length'];
  const chunked = req.headers['transfer-encoding'] !== undefined;
  if (!chunked && (length === undefined || length === '0')) return then(null);
  const size = Number(length);
  if (chunked || !(size <= BUFFERED_BODY_MAX_BYTES)) return then(req);
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  // a client that stops mid-body is cut by its socket timeout (set before this); 'close' without 'end' ends here
  req.once('end', () => then(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
}

type Forward = (req: IncomingMessage, res: ServerResponse, cacheKey: string | undefined) => void;

/**
 * Forwards to one service's replicas through undici Pools (one per URL, in GatewayUpstreams),
 * dispatched to with a handler that writes the answer straight into the client's response (no
 * response stream or pipeline per request): kept-alive connections and undici's llhttp parser. It
 * replaced http-proxy(-middleware), whose node:http client and streams cost about as much CPU per
 * proxied request as the service answering it (profiled at 50 connections on POST
 * /api/order/cart-summary; see docs/architecture.md).
 *
 * Each request goes to the next replica in turn whose circuit breaker lets calls through (no sticky
 * sessions). One that could not connect (nothing of it was written) goes on to the next replica when
 * its body can be sent again (read whole, or none); a timeout or a cut after it was sent is a 502,
 * never retried (the service may have acted on it). No replica reachable: a 503 with Retry-After.
 */
function createServiceProxy(service: ServiceReplicas, timeoutMs: number, logger: LoggerService, cache: EdgeCache): Forward {
  const name = service.service;
  const failed = (replica: Replica, error: Error, req: IncomingMessage, res: ServerResponse): void => {
    logger.warn(`${name} did not answer ${req.method} ${withoutQuery(req.url)}: ${errorCode(error) ?? error.message}`, {
      requestId: requestIdOf(req),
      upstream: name,
      replica: replica.origin,
    });
    sendJson(res, errorBody(502, SERVICE_UNAVAILABLE_MESSAGE, req));
  };
  const unavailable = (req: IncomingMessage, res: ServerResponse, lastError: unknown): void => {
    const retryAfter = service.retryAfterSeconds();
    logger.warn(`no replica of ${name} could take ${req.method} ${withoutQuery(req.url)}: ${errorCode(lastError) ?? 'every circuit open'}`, {
      requestId: requestIdOf(req),
      upstream: name,
    });
    sendJson(res, errorBody(503, SERVICE_UNAVAILABLE_MESSAGE, req), { 'retry-after': String(retryAfter) });
  };

  const dispatch = (req: IncomingMessage, res: ServerResponse, cacheKey: string | undefined, body: Buffer | IncomingMessage | null): void => {
    // the attempt under way, once undici writes it
    let controller: Dispatcher.DispatchController | undefined;
    let clientGone = false;
    // a client that goes away (or whose socket times out) before its answer ends the service's request too
    res.once('close', () => {
      if (res.writableFinished) return;
      clientGone = true;
      controller?.abort(new Error('the client went away'));
    });
    const turn: ReplicaTurn = { start: 0, passed: 0 };

    const attempt = (replica: Replica | undefined, lastError: unknown): void => {
      if (clientGone) return;
      if (!replica) return unavailable(req, res, lastError);
      controller = undefined;
      let invoked = false;
      let resolve: () => void;
      let reject: (error: Error) => void;
      // the breaker's state when this attempt's failure was reported, to see whether it opened on it
      let stateBefore = 'closed';
      // the answer as the edge cache watches it (its 'data' and 'end'), for a GET whose answer it may keep
      let capture: EventEmitter | undefined;
      const handler: Dispatcher.DispatchHandler = {
        onRequestStart(started) {
          // undici writes the request now: from here a failure is not retried elsewhere
          controller = started;
          if (clientGone) started.abort(new Error('the client went away'));
        },
        onResponseStart(started, statusCode, headers, statusMessage) {
          if (statusCode < 200) return; // 1xx: the client's own server answers 100-continue
          if (cacheKey) {
            capture = new EventEmitter();
            // 'end' comes only after the whole body: undici reports a cut one as an error instead
            cache.capture(cacheKey, req, Object.assign(capture, { statusCode, headers, complete: true }));
          } else {
            delete headers['surrogate-control'];
          }
          if (statusMessage) res.statusMessage = statusMessage;
          // The service answered before the client's streamed body was all read (a 413, a 415, a
          // refused session): the rest is abandoned with the upstream request, which takes the
          // client's connection down. Close it after this answer, so the client sends its next
          // request on a new one; a reused one read ECONNRESET (reliability fuzz).
          if (body === req && !req.complete) res.setHeader('connection', 'close');
          res.writeHead(statusCode, endToEndHeaders(headers));
        },
        onResponseData(started, chunk) {
          capture?.emit('data', chunk);
          // the client reads slower than the service answers: wait for it
          if (!res.write(chunk)) {
            started.pause();
            res.once('drain', () => started.resume());
          }
        },
        onResponseEnd() {
          capture?.emit('end');
          res.end();
          // any answer, a 5xx included, is the service answering: a success for its breaker
          resolve();
        },
        onResponseError(_controller, error) {
          // the client left: nothing to say about the service
          if (clientGone) return resolve();
          stateBefore = replica.breaker.state;
          reject(error);
          if (mayRetryElsewhere(error, controller !== undefined, body)) {
            logger.warn(`${name} at ${replica.origin} refused ${req.method} ${withoutQuery(req.url)} (${errorCode(error)}): trying the next replica`, {
              requestId: requestIdOf(req),
              upstream: name,
              replica: replica.origin,
            });
            attempt(service.next(turn), error);
          } else if (controller === undefined && isConnectFailure(error)) {
            unavailable(req, res, error); // never reached a service, but its streamed body cannot be sent again
          } else {
            failed(replica, error, req, res);
          }
        },
      };
      replica.breaker
        .run(
          () =>
            new Promise<void>((resolveCall, rejectCall) => {
              invoked = true;
              resolve = resolveCall;
              reject = rejectCall;
              replica.pool.dispatch(
                { origin: replica.origin, method: req.method ?? 'GET', path: req.url ?? '/', headers: upstreamHeaders(req, replica.host), body },
                handler,
              );
            }),
        )
        .then(undefined, (error: unknown) => {
          if (invoked) replica.noteFailure(stateBefore);
          // refused without being called (a half-open breaker whose one trial is under way): nothing was sent or read
          else attempt(service.next(turn), error);
        });
    };
    attempt(service.first(turn), undefined);
  };

  return (req, res, cacheKey) => {
    // ... so the client's socket gets a little longer: with the same bound the server dropped the
    // client's socket first (a bare "socket hang up" instead of the 502).
    req.socket.setTimeout(timeoutMs + CLIENT_TIMEOUT_GRACE_MS);
    withBody(req, (body) => dispatch(req, res, cacheKey, body));
  };
}

function isRead(req: IncomingMessage): boolean {
  return req.method === 'GET' || req.method === 'HEAD';
}

/** '/api/x?y' -> '/api/x' (express's req.path, which the front of the app does not have yet). */
function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** The route-table template of a forwarded path, for /metrics (a path no route serves stays `unmatched`). */
const templateOf = routeTemplateMatcher(API_ROUTES);

function labelRoute(req: IncomingMessage, path: string): void {
  const template = templateOf(req.method ?? 'GET', path);
  if (template) setRouteLabel(req, template);
}

/**
 * Forwards /api/<segment>/... (but the gateway's own /api/openapi.json and /api/docs) unchanged (path, query, body, x-request-id) to the owning service,
 * and GET /robots.txt and /sitemap.xml to the content service's API for them, and /dev/mailbox* (the
 * local mailbox) to the orders service. Answers a service
 * marked for the edge cache (Surrogate-Control) come from memory while fresh.
 * A service none of whose replicas can be reached gives a 503 ApiErrorBody with Retry-After; one
 * that was reached but failed to answer in time a 502; an unknown segment a 404.
 * Runs in front of express (service-kit's FrontHandler): nothing of the page middleware applies.
 */
export function createApiProxy(config: GatewayConfig, logger: LoggerService): FrontHandler {
  const cache = new EdgeCache({ maxBytes: config.edgeCacheBytes, maxEntryBytes: EDGE_CACHE_MAX_ENTRY_BYTES });
  const proxies = new Map<ServiceName, Forward>();
  for (const [service, replicas] of Object.entries(gatewayUpstreams(config).services) as [ServiceName, ServiceReplicas][]) {
    proxies.set(service, createServiceProxy(replicas, config.proxyTimeoutMs, logger, cache));
  }

  // The gateway is the edge: a client's own X-Forwarded-For is dropped so the services (which trust
  // the gateway's header) see the shopper's real address, unless a trusted proxy sits in front.
  const keepForwardedFor = config.behindProxy;

  const forward = (service: ServiceName, req: IncomingMessage, res: ServerResponse): void => {
    const key = cache.keyFor(req);
    if (key && cache.answer(key, req, res)) return;
    if (!keepForwardedFor) delete req.headers['x-forwarded-for'];
    proxies.get(service)!(req, res, key);
  };

  return (req) => {
    const url = req.url ?? '/';
    const path = pathOf(url);
    const siteFile = isRead(req) ? siteFileApiPath(path) : undefined;
    if (siteFile) {
      return (res) => {
        setRouteLabel(req, path); // /robots.txt or /sitemap.xml
        // The proxy sends req.url upstream; the request log has already taken the URL as it came.
        req.url = siteFile + url.slice(path.length);
        forward('content', req, res);
      };
    }
    const devTool = devToolService(path);
    if (devTool) {
      return (res) => {
        labelRoute(req, path);
        forward(devTool, req, res);
      };
    }
    // not API paths of a service, and the gateway's own (the API reference) are left to express and Nest
    if (!isApiPath(path) || isGatewayApiPath(path)) return undefined;
    const service = serviceForPath(path);
    if (!service) return (res) => sendJson(res, errorBody(404, `No API at ${path.slice(0, 200)}`, req));
    return (res) => {
      labelRoute(req, path);
      forward(service, req, res);
    };
  };
}
