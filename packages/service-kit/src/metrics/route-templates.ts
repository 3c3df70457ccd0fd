/** A route as the route table states it: `GET /api/order/view/:id`. */
export interface RouteTemplateSource {
  method: string;
  path: string;
}

/** `(method, pathname)` -> the template of the route that serves it (e.g. `/api/order/view/:id`), or undefined. */
export type RouteTemplateMatcher = (method: string, pathname: string) => string | undefined;

interface Node {
  statics: { segment: string; node: Node }[];
  param: Node | undefined;
  /** method -> template, for routes that end here */
  templates: Map<string, string>;
}

function newNode(): Node {
  return { statics: [], param: undefined, templates: new Map() };
}

const SLASH = 47;

/**
 * A matcher of request paths to route-table templates, for requests no express route sees (the
 * gateway's proxy): a tree of path segments walked by index over the path itself, so matching builds
 * no strings and no arrays. A static segment wins over a parameter (`:name` matches one non-empty
 * segment), as in express; a trailing slash is allowed; HEAD finds a GET route. A path with a query
 * must be cut before it is asked.
 */
export function routeTemplateMatcher(routes: readonly RouteTemplateSource[]): RouteTemplateMatcher {
  const root = newNode();
  for (const route of routes) {
    let node = root;
    for (const segment of route.path.split('/').filter(Boolean)) {
      if (segment.startsWith(':')) {
        node.param ??= newNode();
        node = node.param;
        continue;
      }
      let child = node.statics.find((entry) => entry.segment === segment);
      if (!child) {
        child = { segment, node: newNode() };
        node.statics.push(child);
      }
      node = child.node;
    }
    if (!node.templates.has(route.method)) node.templates.set(route.method, route.path);
  }

  const walk = (node: Node, path: string, from: number, method: string): string | undefined => {
    if (from >= path.length) return node.templates.get(method) ?? (method === 'HEAD' ? node.templates.get('GET') : undefined);
    let end = path.indexOf('/', from);
    if (end === -1) end = path.length;
    if (end === from) return undefined; // an empty segment: "//"
    const next = end < path.length ? end + 1 : end;
    const length = end - from;
    for (const entry of node.statics) {
      if (entry.segment.length === length && path.startsWith(entry.segment, from)) {
        const found = walk(entry.node, path, next, method);
        if (found) return found;
      }
    }
    return node.param ? walk(node.param, path, next, method) : undefined;
  };

  return (method, pathname) => (pathname.charCodeAt(0) === SLASH ? walk(root, pathname, 1, method) : undefined);
}
