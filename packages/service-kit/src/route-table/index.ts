export { ADMIN_TOKEN_MESSAGE, ADMIN_TOKEN_VARIABLE, AdminTokenGuard } from './admin-token.guard.js';
export { INTERNAL_TOKEN_HEADER, INTERNAL_TOKEN_MESSAGE, InternalTokenGuard, internalCallAllowed, isLoopbackAddress, sameSecret } from './internal-token.guard.js';
export { ROUTE_METADATA, Route, RouteBody, RouteParams, RouteQuery, RouteValidationPipe, routeOf, type RouteInput } from './route.decorator.js';
export { compareWithRouteTable, routeTableMismatches, servedRoutes, type ServedRoute } from './served-routes.js';
