import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { LoggerService } from '@nestjs/common';
import { isAdminPath, type PageRenderRequest, type ShellServerModule } from '@storefront/contracts';
import { UpstreamCircuitOpenError, setRouteLabel, traceHeaders, withoutQuery } from '@storefront/service-kit';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { GatewayConfig } from '../config.js';
import { forwardedForOf } from '../api-proxy.js';
import { serviceForPath } from '../routing.js';
import { type GatewayUpstreams, type Replica, type ReplicaTurn, gatewayUpstreams, isConnectFailure } from '../upstreams.js';
import { cspNonceFor } from './csp-nonce.js';
import { remoteSourcesFor } from '../remotes/remote-sources.js';

/** The route label of every page the gateway renders (/metrics): pages are the shell's routes, not the route table's. */
export const PAGE_ROUTE = 'page';

/** Paths that are never pages (the API, static files, config, health, robots and sitemap). */
const NOT_A_PAGE = /^\/(api|remotes|images|config|health)(\/|$)|^\/(robots\.txt|sitemap\.xml)$/;

interface ShellBuild {
  /** modification time of the server entry: a rebuilt shell is picked up without a restart */
  version: number;
  module: ShellServerModule | null;
  template: string;
}

/**
 * Loads the shell's build: index.html (the page template) and dist/server/server.js (the renderer).
 * Reloaded when the files change. A shell without a server build still works: its pages render in
 * the browser, as before server rendering.
 */
function shellLoader(shellDist: string, logger: LoggerService): () => ShellBuild | null {
  const indexHtml = path.join(shellDist, 'index.html');
  const serverEntry = path.join(shellDist, 'server', 'server.js');
  const require = createRequire(import.meta.url);
  let current: ShellBuild | null = null;

  return () => {
    if (!existsSync(indexHtml)) return null;
    const version = Math.max(statSync(indexHtml).mtimeMs, existsSync(serverEntry) ? statSync(serverEntry).mtimeMs : 0);
    if (current?.version === version) return current;
    let module: ShellServerModule | null = null;
    if (existsSync(serverEntry)) {
      try {
        delete require.cache[serverEntry];
        module = require(serverEntry) as ShellServerModule;
      } catch (error) {
        logger.error(`The shell's server build could not be loaded; pages render in the browser: ${(error as Error).message}`);
      }
    }
    current = { version, module, template: readFileSync(indexHtml, 'utf8') };
    return current;
  };
}

/** What every page of the staff back office (/admin and under it) tells crawlers, besides its meta robots. */
export const BACK_OFFICE_ROBOTS = 'noindex, nofollow';

/** The template as the browser gets it when the server does not render: a plain title, an empty root. */
export function browserOnlyPage(template: string): string {
  return template.replace('</head>', '<title>Heartwood Cabinetry</title></head>');
}

/**
 * Where a page posted natively is sent back to: its own path on this site, never another. A path
 * that starts with several slashes or backslashes (`//evil.example/`) would be a protocol-relative
 * Location, so they are collapsed to one; the query is kept.
 */
export function samePageLocation(originalUrl: string): string {
  const query = originalUrl.search(/[?#]/);
  const pathPart = query === -1 ? originalUrl : originalUrl.slice(0, query);
  const rest = query === -1 ? '' : originalUrl.slice(query);
  return `/${pathPart.replace(/^[/\\]+/, '')}${rest}`;
}

/**
 * Calls an /api URL on the owning service directly (no loop through the proxy), in the page
 * request's trace: its x-request-id and traceparent (`trace`), and on the shopper's behalf: the
 * X-Forwarded-For the proxy would send (`forwarded`), so a service's per-address limits count the
 * shopper and not the gateway (the services trust the gateway through TRUST_PROXY). The replica is chosen as the proxy
 * chooses (in turn, past open breakers), through the same breakers; one that cannot be connected to
 * is passed for the next (these are GETs, and nothing reached the service).
 */
export function upstreamFetcher(upstreams: GatewayUpstreams, trace: Record<string, string>, forwarded: Record<string, string> = {}): PageRenderRequest['fetchApi'] {
  return (url, init) => {
    const service = serviceForPath(url.split('?')[0] ?? url);
    if (!service) return Promise.reject(new Error(`No service answers ${url}`));
    const replicas = upstreams.services[service];
    const turn: ReplicaTurn = { start: 0, passed: 0 };
    const attempt = async (replica: Replica | undefined, lastError?: unknown): Promise<globalThis.Response> => {
      // every replica refused: the last one's error, or the breakers' when none was tried
      if (!replica) throw lastError ?? new UpstreamCircuitOpenError(service);
      // the breaker's state when the call failed (undefined: refused, not called), to see whether it opened on it
      let stateBefore: string | undefined;
      try {
        return await replica.breaker.run(() =>
          fetch(`${replica.url}${url}`, { ...init, headers: { ...init.headers, ...trace, ...forwarded } }).catch((error: unknown) => {
            stateBefore = replica.breaker.state;
            throw error;
          }),
        );
      } catch (error) {
        if (stateBefore !== undefined) replica.noteFailure(stateBefore);
        if (isConnectFailure(error) && !init.signal.aborted) return attempt(replicas.next(turn), error);
        throw error;
      }
    };
    return attempt(replicas.first(turn));
  };
}

/**
 * Every GET for a page is rendered on the server by the shell's server build: status, head and the
 * page's HTML in the first response, streamed, then hydrated in the browser.
 */
export function createPageRenderer(config: GatewayConfig, logger: LoggerService): RequestHandler {
  const loadShell = shellLoader(path.join(config.webRoot, 'shell', 'dist'), logger);
  const upstreams = gatewayUpstreams(config);
  const remotes = remoteSourcesFor(config, logger);

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'POST' && !NOT_A_PAGE.test(req.path) && req.accepts('html')) {
      // A form posted natively to a page: its scripts never ran (blocked, or failed to load; before
      // hydration the head's early-events script catches a submit). The page renderer is not a form
      // handler: the body is never read, so nothing typed (card fields least of all) is kept or
      // logged, and the shopper gets the page back to try again (303: the browser GETs it).
      setRouteLabel(req, PAGE_ROUTE);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(303, samePageLocation(req.originalUrl));
      return;
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || NOT_A_PAGE.test(req.path) || !req.accepts('html')) return next();
    setRouteLabel(req, PAGE_ROUTE);
    // The back office is for staff: kept out of search engines by header too, whatever answers below
    // (rendered, browser-only or failed), and out of every cache by the renderer (cacheControlFor).
    if (isAdminPath(req.path)) res.setHeader('X-Robots-Tag', BACK_OFFICE_ROBOTS);
    const shell = loadShell();
    if (!shell) {
      res.status(503).type('text/plain').send('The shell is not built yet: run `npm run build`.');
      return;
    }
    if (!shell.module) {
      res.status(200).type('html').setHeader('Cache-Control', 'no-cache');
      res.send(browserOnlyPage(shell.template));
      return;
    }
    const requestId = typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined;
    const request: PageRenderRequest = {
      url: req.originalUrl,
      cookieHeader: typeof req.headers.cookie === 'string' ? req.headers.cookie : '',
      template: shell.template,
      nonce: cspNonceFor(res),
      fetchApi: upstreamFetcher(upstreams, traceHeaders(), { 'x-forwarded-for': forwardedForOf(req, config.behindProxy) }),
      remotes: remotes.browserEntries(),
      serverRemotes: remotes.serverRemotes(),
      internalOrigin: config.pages.internalOrigin,
      dataTimeoutMs: config.pages.dataTimeoutMs,
      renderTimeoutMs: config.pages.renderTimeoutMs,
      manifestTtlMs: config.pages.manifestTtlMs,
      streamAfterMs: config.pages.streamAfterMs,
      log: (level, message, details) => logger[level === 'info' ? 'log' : level](message, { requestId, ...details }),
    };
    shell.module.renderPage(request, res).catch((error: unknown) => {
      logger.error(`Rendering ${withoutQuery(req.originalUrl)} failed: ${(error as Error).message}`, { requestId });
      if (!res.headersSent) {
        res.status(200).type('html').setHeader('Cache-Control', 'no-store');
        res.send(browserOnlyPage(shell.template));
      } else {
        res.end();
      }
    });
  };
}
