export { adminReadInFront } from './admin-front.js';
export { ADMIN_CREDENTIALS, AdminActor, AdminKeyGuard, AdminRateLimitGuard, adminCallerOf, type AdminCaller, type AdminCredentials } from './admin-token.guard.js';
export { INTERNAL_CALL_MESSAGE, InternalTokenGuard, internalCallAllowed, isLoopbackAddress, sameSecret } from './internal-token.guard.js';
export {
  INTERNAL_SECRET_VARIABLES,
  SIGNATURE_TOLERANCE_SECONDS,
  internalSecretOf,
  isInternalCaller,
  signInternalRequest,
  validInternalSignature,
  type InternalRequest,
  type ReceivedInternalRequest,
} from './internal-signature.js';
export { ROUTE_METADATA, Route, RouteBody, RouteParams, RouteQuery, RouteValidationPipe, routeOf, type RouteInput, type RouteOptions } from './route.decorator.js';
export { DevelopmentOnlyGuard, SERVED_IN_PRODUCTION_METADATA, type ServedInProduction } from './development-only.guard.js';
export { compareWithRouteTable, routeTableMismatches, servedRoutes, type ServedRoute } from './served-routes.js';
