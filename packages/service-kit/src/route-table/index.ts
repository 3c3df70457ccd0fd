export { ADMIN_TOKEN_MESSAGE, ADMIN_TOKEN_VARIABLE, AdminTokenGuard } from './admin-token.guard.js';
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
export { ROUTE_METADATA, Route, RouteBody, RouteParams, RouteQuery, RouteValidationPipe, routeOf, type RouteInput } from './route.decorator.js';
export { compareWithRouteTable, routeTableMismatches, servedRoutes, type ServedRoute } from './served-routes.js';
