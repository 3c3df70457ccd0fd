import { API_PATH_PREFIX, contentRoutes, gatewayRoutes, routesOf } from '@storefront/contracts';
import { serviceForApiSegment } from '@storefront/topology';
import type { ServiceName } from './config.js';

/** The first path segment after /api decides which service answers (architecture.md). */

/** '/api/content/site?x' -> 'content'; undefined for non-API paths and unknown segments. */
export function serviceForPath(pathname: string): ServiceName | undefined {
  const match = /^\/api\/([^/?#]+)/.exec(pathname);
  if (!match?.[1]) return undefined;
  return serviceForApiSegment(match[1]);
}

export function isApiPath(pathname: string): boolean {
  return pathname === API_PATH_PREFIX || pathname.startsWith(`${API_PATH_PREFIX}/`);
}

/** A route-table path as a matcher of request paths (`:name` is one segment). */
function pathMatcher(path: string): RegExp {
  const pattern = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, '[^/]+');
  return new RegExp(`^${pattern}/?$`);
}

/** The gateway's own routes under /api (the API reference), and the reference page's files under /api/docs/. */
const OWN_API_PATHS = routesOf('gateway')
  .filter((route) => isApiPath(route.path))
  .map((route) => pathMatcher(route.path));
const OWN_API_FOLDERS = [`${gatewayRoutes.docs.path}/`];

/** '/api/openapi.json', '/api/docs', '/api/docs/swagger-ui.css': answered by the gateway itself, never forwarded. */
export function isGatewayApiPath(pathname: string): boolean {
  return OWN_API_PATHS.some((matcher) => matcher.test(pathname)) || OWN_API_FOLDERS.some((folder) => pathname.startsWith(folder));
}

/**
 * Files crawlers fetch at the site's root, answered by the content service (which knows the pages):
 * root path -> the content API path that serves it.
 */
const SITE_FILES: Record<string, string> = {
  '/robots.txt': contentRoutes.robotsTxt.path,
  '/sitemap.xml': contentRoutes.sitemapXml.path,
};

/** '/robots.txt' -> '/api/content/robots.txt'; undefined for any other path. */
export function siteFileApiPath(pathname: string): string | undefined {
  return Object.prototype.hasOwnProperty.call(SITE_FILES, pathname) ? SITE_FILES[pathname] : undefined;
}

/**
 * Pages of the local mailbox (orders service), where order e-mails land when no SMTP server is
 * configured. The orders service answers 404 for them once SMTP_URL is set, so the gateway can
 * forward them unconditionally.
 */
export function devToolService(pathname: string): ServiceName | undefined {
  return pathname === '/dev/mailbox' || pathname.startsWith('/dev/mailbox/') ? 'orders' : undefined;
}
