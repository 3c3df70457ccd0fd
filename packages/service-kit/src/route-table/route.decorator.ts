import {
  applyDecorators,
  BadRequestException,
  createParamDecorator,
  type ExecutionContext,
  HttpCode,
  Injectable,
  type PipeTransform,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { checkRouteInput, type RouteInputPart, type RouteSpec } from '@storefront/contracts';
import type { Request } from 'express';
import { AdminKeyGuard, AdminRateLimitGuard } from './admin-token.guard.js';
import { DevelopmentOnlyGuard, SERVED_IN_PRODUCTION_METADATA, type ServedInProduction } from './development-only.guard.js';
import { InternalTokenGuard } from './internal-token.guard.js';
import { ROUTE_METADATA } from './route-metadata.js';

const REQUEST_METHODS: Record<RouteSpec['method'], RequestMethod> = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
};

export { ROUTE_METADATA };

/**
 * Serves one route-table entry: its method and path, its success status, the guard its access
 * needs (internal routes check X-Internal-Token, admin routes their address's limits, then an API key,
 * development routes answer 404 in production), and the entry itself for the validation pipe.
 * Controllers are `@Controller()` with no prefix: the table's path is the whole path.
 *
 *   @Route(orderRoutes.tax)
 *   tax(@RouteBody() body: RouteBody<typeof orderRoutes.tax>) { ... }
 */
export interface RouteOptions {
  /**
   * A development route served in production after all when this says so (read per request): the
   * payments sandbox's pages with PAYMENTS_SANDBOX=allow. Without it, a development route is 404 in
   * production.
   */
  servedInProduction?: ServedInProduction;
}

export function Route(route: RouteSpec, options: RouteOptions = {}): MethodDecorator {
  const decorators: (MethodDecorator | ClassDecorator)[] = [
    RequestMapping({ path: route.path, method: REQUEST_METHODS[route.method] }),
    SetMetadata(ROUTE_METADATA, route),
  ];
  if (route.status !== undefined) decorators.push(HttpCode(route.status));
  else if (route.method === 'POST') decorators.push(HttpCode(200)); // Nest's default for POST is 201; the table says when a route creates
  if (route.access === 'internal') decorators.push(UseGuards(InternalTokenGuard));
  if (route.access === 'admin') decorators.push(UseGuards(AdminRateLimitGuard, AdminKeyGuard)); // in this order: throttled before the key is checked
  // the one place 'development' is enforced: every development route (mailbox, sandbox pages) is 404 in production
  if (route.access === 'development') {
    decorators.push(UseGuards(DevelopmentOnlyGuard));
    if (options.servedInProduction) decorators.push(SetMetadata(SERVED_IN_PRODUCTION_METADATA, options.servedInProduction));
  }
  return applyDecorators(...decorators) as MethodDecorator;
}

/** The route-table entry of the handler being run. */
export function routeOf(context: ExecutionContext): RouteSpec | undefined {
  return Reflect.getMetadata(ROUTE_METADATA, context.getHandler()) as RouteSpec | undefined;
}

/** What the param decorators hand to the pipe: which route, which part, and the raw value. */
export interface RouteInput {
  route: RouteSpec | undefined;
  part: RouteInputPart;
  value: unknown;
  handler: string;
}

/**
 * The one validation pipe: checks a request part against the route's schema and hands the handler
 * the cast value, or answers 400 with the project's error body (`message` and `errors` per field,
 * the spec's messages where the schema has them). A handler that asks for a part its route has no
 * schema for is a programming error, reported as such (500), never let through unchecked.
 */
@Injectable()
export class RouteValidationPipe implements PipeTransform<RouteInput, unknown> {
  transform(input: RouteInput): unknown {
    const schema = input.route?.[input.part];
    if (!input.route || !schema) {
      throw new Error(`${input.handler} reads the request ${input.part}, but ${input.route ? `route ${input.route.method} ${input.route.path} has no ${input.part} schema` : 'it has no @Route'}`);
    }
    const result = checkRouteInput(schema, input.value, { part: input.part, invalidMessage: input.route.invalidMessage });
    if (!result.ok) throw new BadRequestException(result.problem);
    return result.value;
  }
}

const routeInput = createParamDecorator((part: RouteInputPart, context: ExecutionContext): RouteInput => {
  const request = context.switchToHttp().getRequest<Request>();
  const value = part === 'body' ? request.body : part === 'query' ? request.query : request.params;
  return { route: routeOf(context), part, value, handler: `${context.getClass().name}.${context.getHandler().name}` };
});

/** The request body, validated against the route's `body` schema. */
export const RouteBody = (): ParameterDecorator => routeInput('body', RouteValidationPipe);
/** The query, validated against the route's `query` schema. */
export const RouteQuery = (): ParameterDecorator => routeInput('query', RouteValidationPipe);
/** The path parameters, validated against the route's `params` schema. */
export const RouteParams = (): ParameterDecorator => routeInput('params', RouteValidationPipe);
