import { API_PATH_PREFIX, type PageRoute, type PageTable } from '@storefront/contracts';
import { CONTENT_SCREEN, fillParams, isAlias } from '../page-table/page-routes.js';
import { absoluteUrl } from './structured-data.js';

/** Paths crawlers never need: the API answers JSON to the site's own screens. */
const ALWAYS_DISALLOWED = [`${API_PATH_PREFIX}/`];

const PARAM = /\{([A-Za-z][A-Za-z0-9]*)\}/;

function isPublished(route: PageRoute | undefined): route is PageRoute {
  return route !== undefined && route.enabled === true;
}

function routesOf(table: PageTable): PageRoute[] {
  return table.routes.filter((route): route is PageRoute => !isAlias(route));
}

/**
 * Every address that search engines should list: enabled, indexable routes (a content route only
 * when its page file exists), a one-parameter route once per known value of its parameter (style
 * codes, blog posts, authors, categories: `knownValues`). Other parameters (tokens) name no
 * enumerable pages, and aliases are not listed (their target is).
 */
export function indexablePaths(
  table: PageTable,
  knownValues: Readonly<Record<string, readonly string[]>>,
  contentPagePaths: ReadonlySet<string>,
): string[] {
  const paths: string[] = [];
  for (const route of routesOf(table)) {
    if (!isPublished(route) || route.indexable === false) continue;
    const params = [...route.path.matchAll(new RegExp(PARAM, 'g'))].map(([, name]) => name);
    if (params.length === 0) {
      if (route.screen !== CONTENT_SCREEN || contentPagePaths.has(route.path.toLowerCase())) paths.push(route.path);
    } else if (params.length === 1 && params[0] !== undefined) {
      const name = params[0];
      for (const value of knownValues[name] ?? []) paths.push(fillParams(route.path, { [name]: value }));
    }
  }
  return paths;
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A sitemaps.org urlset of absolute URLs. */
export function sitemapXml(paths: string[], siteUrl: string): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(absoluteUrl(siteUrl, path))}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/**
 * robots.txt: everything may be crawled except the API and the published pages that are not for
 * search results (a route with a parameter by its fixed prefix). Rules are path prefixes, as the
 * robots.txt standard reads them.
 */
export function robotsTxt(table: PageTable, siteUrl: string): string {
  const privatePaths = routesOf(table)
    .filter((route) => isPublished(route) && route.indexable === false)
    .map((route) => {
      const param = PARAM.exec(route.path);
      return param ? route.path.slice(0, param.index) : route.path;
    });
  const disallowed = [...new Set([...ALWAYS_DISALLOWED, ...privatePaths])];
  return [
    'User-agent: *',
    'Allow: /',
    ...disallowed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
