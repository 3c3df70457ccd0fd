import { MODULE_METADATA, PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { RequestMethod, type Type } from '@nestjs/common';
import { routesOf, type RouteOwner, type RouteSpec } from '@storefront/contracts';
import { ROUTE_METADATA } from './route-metadata.js';

/** One route a controller serves, as Nest will mount it. */
export interface ServedRoute {
  method: string;
  path: string;
  controller: string;
  handler: string;
  /** the route-table entry its `@Route` names; undefined for a handler mapped by hand (@Get, @Post) */
  route: RouteSpec | undefined;
}

type ModuleLike = Type<unknown> | { module: Type<unknown>; controllers?: Type<unknown>[]; imports?: unknown[] } | Promise<unknown> | undefined;

function joinPath(prefix: string, path: string): string {
  const joined = `/${[prefix, path].map((part) => part.replace(/^\/+|\/+$/g, '')).filter(Boolean).join('/')}`;
  return joined;
}

function controllersOf(root: ModuleLike, seen = new Set<unknown>()): Type<unknown>[] {
  if (!root || root instanceof Promise || seen.has(root)) return [];
  seen.add(root);
  const moduleClass = typeof root === 'function' ? root : root.module;
  const dynamic: { controllers?: Type<unknown>[]; imports?: unknown[] } = typeof root === 'function' ? {} : root;
  const controllers = [
    ...((Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) as Type<unknown>[] | undefined) ?? []),
    ...(dynamic.controllers ?? []),
  ];
  const imports = [...((Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) as ModuleLike[] | undefined) ?? []), ...((dynamic.imports as ModuleLike[] | undefined) ?? [])];
  return [...controllers, ...imports.flatMap((imported) => controllersOf(imported, seen))];
}

/**
 * Every route the controllers of `root` (and the modules it imports) serve, read from Nest's own
 * decorator metadata, so a test can hold a service to the route table without starting it.
 */
export function servedRoutes(root: Type<unknown>): ServedRoute[] {
  const served: ServedRoute[] = [];
  for (const controller of new Set(controllersOf(root))) {
    const prefixes = ([] as string[]).concat((Reflect.getMetadata(PATH_METADATA, controller) as string | string[] | undefined) ?? '');
    const prototype = controller.prototype as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(prototype)) {
      const handler = prototype[name];
      if (name === 'constructor' || typeof handler !== 'function') continue;
      const paths = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (paths === undefined || method === undefined) continue;
      for (const prefix of prefixes) {
        for (const path of ([] as string[]).concat(paths)) {
          served.push({
            method: RequestMethod[method],
            path: joinPath(prefix, path),
            controller: controller.name,
            handler: name,
            route: Reflect.getMetadata(ROUTE_METADATA, handler) as RouteSpec | undefined,
          });
        }
      }
    }
  }
  return served;
}

/**
 * How a service's controllers and the route table disagree: a handler without `@Route` (mapped by
 * hand), a served route the table lacks, and a table entry of this service that nobody serves.
 * Empty lists mean they agree. Used by each service's route-table test.
 */
export function compareWithRouteTable(root: Type<unknown>, table: readonly RouteSpec[]): { unmapped: string[]; notInTable: string[]; notServed: string[] } {
  const key = (method: string, path: string): string => `${method} ${path}`;
  const served = servedRoutes(root);
  const tableKeys = new Set(table.map((route) => key(route.method, route.path)));
  const servedKeys = new Set(served.map((route) => key(route.method, route.path)));
  return {
    unmapped: served.filter((route) => !route.route).map((route) => `${key(route.method, route.path)} (${route.controller}.${route.handler})`),
    notInTable: served.filter((route) => !tableKeys.has(key(route.method, route.path))).map((route) => `${key(route.method, route.path)} (${route.controller}.${route.handler})`),
    notServed: [...tableKeys].filter((entry) => !servedKeys.has(entry)),
  };
}

/** The kit's own GET /health, /health/live and /health/ready (HealthModule): every service serves them, outside the route table. */
const HEALTH_ROUTE = /^GET \/health(\/live|\/ready)? \(/;

/**
 * `compareWithRouteTable` for one service against its entries of the route table, the kit's
 * /health routes left aside: all three lists empty means the service serves exactly its entries.
 */
export function routeTableMismatches(root: Type<unknown>, service: RouteOwner): { unmapped: string[]; notInTable: string[]; notServed: string[] } {
  const { unmapped, notInTable, notServed } = compareWithRouteTable(root, routesOf(service));
  const notHealth = (entry: string) => !HEALTH_ROUTE.test(entry);
  return { unmapped: unmapped.filter(notHealth), notInTable: notInTable.filter(notHealth), notServed };
}
