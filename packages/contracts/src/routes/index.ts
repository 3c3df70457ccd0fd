import { accountRoutes } from '../accounts/routes.js';
import { adminRoutes } from '../admin/routes.js';
import type { RouteOwner, RouteSpec } from '../http/route.js';
import { catalogRoutes } from '../catalog/routes.js';
import { contentRoutes } from '../content/routes.js';
import { formRoutes } from '../forms/routes.js';
import { jobRoutes } from '../jobs/routes.js';
import { orderRoutes } from '../orders/routes.js';
import { paymentRoutes } from '../payments/routes.js';
import { quoteRoutes } from '../quotes/routes.js';
import { gatewayRoutes } from '../http/gateway-routes.js';

/**
 * The route table: every endpoint the services serve, once. A new endpoint is one `defineRoute`
 * entry in the file of the area it belongs to plus its schemas; the service serves it with
 * `@Route(entry)`, the browser calls it with `call(entry, ...)`, and /api/openapi.json lists it.
 * A test in each service holds its controllers to this table both ways.
 */
export { accountRoutes, catalogRoutes, contentRoutes, formRoutes, jobRoutes, orderRoutes, paymentRoutes, quoteRoutes, adminRoutes, gatewayRoutes };
export { accountApi, adminApi, catalogApi, contentApi, formApi, gatewayApi, jobApi, orderApi, paymentApi, quoteApi } from './route-refs.js';
export { deadLetterRoutesOf } from '../jobs/routes.js';

export const API_ROUTES: readonly RouteSpec[] = Object.freeze(
  [catalogRoutes, contentRoutes, formRoutes, orderRoutes, quoteRoutes, accountRoutes, adminRoutes, paymentRoutes, gatewayRoutes, jobRoutes].flatMap((group) => Object.values(group) as RouteSpec[]),
);

/**
 * The routes one service serves. An endpoint several services serve (the job dead letters) has an
 * entry per service, alike but for `service`.
 */
export function routesOf(service: RouteOwner): RouteSpec[] {
  return API_ROUTES.filter((route) => route.service === service);
}
