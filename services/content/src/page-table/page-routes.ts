import type { BreadcrumbItem, PageRoute, PageRouteAlias, PageTable } from '@storefront/contracts';
import { normaliseSitePath } from '@storefront/site-config';

/** The screen value of a route that mf-content renders from a content/pages file. */
export const CONTENT_SCREEN = 'content';

/** The route parameter that names a product style; it matches only the catalog's style codes. */
export const STYLE_CODE_PARAM = 'styleCode';

/** Blog route parameters: each must name an existing post, author or category, else the page is a 404. */
export const BLOG_POST_PARAM = 'blogDetailPath';
export const BLOG_AUTHOR_PARAM = 'authorId';
export const BLOG_CATEGORY_PARAM = 'categorySlug';

/** The category showcase's parameter: it must name a product category (a door-style family), else the page is a 404. */
export const PRODUCT_CATEGORY_PARAM = 'productCategorySlug';

/** A pathname matched against the page table. */
export interface RouteMatch {
  /** the route that describes the page (an alias already followed to its target) */
  route: PageRoute;
  /** the pathname as the route spells it, parameters as asked (an alias keeps its own path) */
  path: string;
  /** the page's own address: `path`, or an alias's target */
  canonicalPath: string;
  /** values of the route's {parameters}, e.g. { styleCode: 'ssw' } */
  params: Record<string, string>;
}

interface CompiledRoute {
  route: PageRoute | PageRouteAlias;
  /** lower-case static segments; a parameter is { param: name } */
  segments: (string | { param: string })[];
}

interface CompiledTable {
  /** lower-case path -> route, for routes without parameters */
  exact: Map<string, PageRoute | PageRouteAlias>;
  withParams: CompiledRoute[];
}

const PARAM_SEGMENT = /^\{([A-Za-z][A-Za-z0-9]*)\}$/;

export function isAlias(route: PageRoute | PageRouteAlias): route is PageRouteAlias {
  return typeof (route as PageRouteAlias).aliasOf === 'string';
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter(Boolean);
}

// The store hands out the same parsed table until the file changes, so compiling once per table
// object keeps a lookup to one Map get (or a short scan of the few routes with parameters).
const compiledTables = new WeakMap<PageTable, CompiledTable>();

function compile(table: PageTable): CompiledTable {
  const cached = compiledTables.get(table);
  if (cached) return cached;
  const compiled: CompiledTable = { exact: new Map(), withParams: [] };
  for (const route of table.routes) {
    if (typeof route?.path !== 'string') continue;
    const segments = segmentsOf(route.path).map((segment) => {
      const param = PARAM_SEGMENT.exec(segment)?.[1];
      return param ? { param } : segment.toLowerCase();
    });
    if (segments.some((segment) => typeof segment !== 'string')) compiled.withParams.push({ route, segments });
    // the first route of a path wins, as the content check reports the second one
    else if (!compiled.exact.has(route.path.toLowerCase())) compiled.exact.set(route.path.toLowerCase(), route);
  }
  compiledTables.set(table, compiled);
  return compiled;
}

function matchSegments(segments: CompiledRoute['segments'], asked: string[]): Record<string, string> | undefined {
  if (segments.length !== asked.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, segment] of segments.entries()) {
    const value = asked[index] as string;
    if (typeof segment === 'string') {
      if (segment !== value.toLowerCase()) return undefined;
    } else params[segment.param] = value;
  }
  return params;
}

/** A route path with its {parameters} filled in. */
export function fillParams(path: string, params: Record<string, string>): string {
  return path.replace(/\{([A-Za-z][A-Za-z0-9]*)\}/g, (placeholder, name: string) => params[name] ?? placeholder);
}

/**
 * The route of the page table a pathname belongs to, or undefined when it is no route. Static segments
 * match in any case (as the browser's router does); parameter values keep their case. A route without
 * parameters wins over one with, whatever their order in the table.
 */
export function matchPageRoute(table: PageTable, pathname: string): RouteMatch | undefined {
  const normalised = normaliseSitePath(pathname);
  if (normalised === null) return undefined;
  const compiled = compile(table);

  const exact = compiled.exact.get(normalised.toLowerCase());
  if (exact) {
    if (!isAlias(exact)) return { route: exact, path: exact.path, canonicalPath: exact.path, params: {} };
    const target = compiled.exact.get(exact.aliasOf.toLowerCase());
    if (!target || isAlias(target)) return undefined;
    return { route: target, path: exact.path, canonicalPath: target.path, params: {} };
  }

  const asked = segmentsOf(normalised);
  for (const candidate of compiled.withParams) {
    const params = matchSegments(candidate.segments, asked);
    if (!params || isAlias(candidate.route)) continue;
    const path = fillParams(candidate.route.path, params);
    return { route: candidate.route, path, canonicalPath: path, params };
  }
  return undefined;
}

/** The route's breadcrumb with parameters filled in (labels are resolved with the other placeholders). */
export function breadcrumbOf(match: RouteMatch): BreadcrumbItem[] {
  return match.route.breadcrumb.map((item) => ({ label: item.label, path: fillParams(item.path, match.params) }));
}
