import type { InferType, Schema } from 'yup';
import type { StaffRole } from '../admin/staff-session.js';

/**
 * The route table's vocabulary. Every endpoint the services serve is one `defineRoute` entry in
 * `packages/contracts/src/<domain>/routes.ts` (assembled in `routes/index.ts`): method, path, owner, who may call it, and yup schemas for its
 * params, query, body and response. The services validate input against those schemas
 * (@storefront/service-kit's `@Route` + `@RouteBody()`/`@RouteQuery()`/`@RouteParams()`), the
 * browser calls it through `call()` (api-client.ts), and the OpenAPI document is generated from it,
 * so an endpoint's shape is written once.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint.
 * - public: anyone, through the gateway.
 * - orderToken: whoever holds the order's token (the `X-Order-Token` header the create answered).
 * - internal: another service only (never forwarded by the gateway): a request signed with the
 *   calling service's own secret (X-Internal-Caller + X-Internal-Signature), from a caller the
 *   route names in `callers`.
 * - admin: staff of the business: a staff session (the `sf_staff` cookie; writes also echo its CSRF
 *   token) or a named API key (`Authorization: Bearer`), whose role must reach the route's `role`.
 * - customer: a signed-in customer (the session cookie; writes also echo the CSRF token), acting on
 *   their own account only.
 * - development: development helpers (the local mailbox, the sandbox gateway's pages), absent in production.
 * - operations: the operators' monitoring (as /metrics): `Authorization: Bearer <METRICS_TOKEN>`;
 *   without METRICS_TOKEN (development only) this machine only.
 */
export type RouteAccess = 'public' | 'orderToken' | 'customer' | 'internal' | 'admin' | 'development' | 'operations';

/**
 * The services that call another's internal routes, each with a secret of its own
 * (PAYMENTS_INTERNAL_SECRET, FORMS_INTERNAL_SECRET, ORDERS_INTERNAL_SECRET): a leaked secret opens
 * only its caller's routes. payments and forms call orders; orders calls forms and payments on its
 * staff's behalf (the back office: refunds, leads, dead letters).
 */
export const INTERNAL_CALLERS = ['payments', 'forms', 'orders'] as const;
export type InternalCaller = (typeof INTERNAL_CALLERS)[number];

/** The service that serves a route (packages/topology names their ports and URLs). */
export type RouteOwner = 'gateway' | 'content' | 'forms' | 'orders' | 'payments';

/** What a route answers when it is not JSON (`application/octet-stream`: a stored file, under the type found in its content). */
export type RouteMediaType = 'application/json' | 'text/html' | 'text/plain' | 'application/xml' | 'text/csv' | 'text/javascript' | 'application/octet-stream';

/** Every public API path starts here (the gateway forwards it to the owning service). */
export const API_PATH_PREFIX = '/api';

/** One parameter syntax everywhere: `/api/order/view/:id` (express and Nest read it as is; OpenAPI gets `{id}`). */
export type RoutePath = `/${string}`;

// yup's Schema with its defaults: any schema of any type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySchema = Schema<any, any, any, any>;

export interface RouteSpec {
  method: HttpMethod;
  path: RoutePath;
  service: RouteOwner;
  access: RouteAccess;
  /** internal routes only: the services that may call it (any other caller's signature is refused) */
  callers?: readonly InternalCaller[];
  /**
   * admin routes only: the least staff role that may call it (a staff session's or an API key's);
   * default `sales`. A caller below it is refused 403 and the refusal is audited.
   */
  role?: StaffRole;
  /** one line for the API reference */
  summary: string;
  /** longer notes for the API reference */
  description?: string;
  /** grouping in the API reference; defaults to the owning service */
  tag?: string;
  params?: AnySchema;
  query?: AnySchema;
  body?: AnySchema;
  /** the success answer's JSON shape (documentation and the browser client's type) */
  response?: AnySchema;
  /** the success status when it is not 200 (e.g. 201 for a create) */
  status?: number;
  /** the success answer's media type when it is not JSON */
  produces?: RouteMediaType;
  /** request media types accepted besides JSON (forms take multipart and urlencoded) */
  consumes?: readonly string[];
  /**
   * answers 429 past a per-client-address limit. Unset: every public write is (the services limit
   * writes); set it on a read that guards a secret (a quote link's token) and so is limited too.
   */
  rateLimited?: boolean;
  /** takes an `Idempotency-Key` header: a repeat with the same key answers what the first did */
  idempotent?: boolean;
  /**
   * The 400 message when the input is invalid: fixed text, or made from the first broken field's
   * message and its path (e.g. `Invalid cart: sku is required`). Default: that first message as it is. The
   * message of every broken field is in `errors` either way.
   */
  invalidMessage?: string | ((firstFieldMessage: string, firstFieldPath: string) => string);
}

/** Carries a route's full spec as a type only (never a value at run time). */
declare const routeSpecType: unique symbol;

/**
 * What a caller needs of a route at run time, its method and path, with the whole spec as a type
 * (so `call()` still knows its params, query, body and answer). The browser calls through refs
 * (routes/route-refs.ts): an entry of the table brings its yup schemas along, and with them yup and
 * every schema module, which a page that only calls an endpoint does not need (the server checks).
 * An entry of the table is a ref too.
 */
export interface RouteRef<R extends RouteSpec = RouteSpec> {
  readonly method: R['method'];
  readonly path: R['path'];
  readonly [routeSpecType]?: R;
}

/** One route-table entry. `const` keeps the literal method and path for the client's types. */
export function defineRoute<const R extends RouteSpec>(route: R): Readonly<R> & RouteRef<R> {
  return Object.freeze(route);
}

/** A group of the route table as refs: the same keys, each with the same method and path. */
export type RouteRefsOf<G> = { readonly [K in keyof G]: G[K] extends RouteRef<infer R> ? RouteRef<R> : never };

type SchemaOf<R, K extends 'params' | 'query' | 'body' | 'response'> = R extends { [P in K]: infer S extends AnySchema } ? S : undefined;
type Inferred<S> = S extends AnySchema ? InferType<S> : undefined;

/** The validated path parameters of a route, as the service receives them. */
export type ParamsOf<R extends RouteSpec> = Inferred<SchemaOf<R, 'params'>>;
/** The validated query of a route. */
export type QueryOf<R extends RouteSpec> = Inferred<SchemaOf<R, 'query'>>;
/** The validated body of a route. */
export type BodyOf<R extends RouteSpec> = Inferred<SchemaOf<R, 'body'>>;
/** What a route answers on success (unknown where the table has no response schema yet). */
export type ResponseOf<R extends RouteSpec> = SchemaOf<R, 'response'> extends AnySchema ? InferType<SchemaOf<R, 'response'>> : unknown;

/** `/api/order/view/:id` -> `/api/order/view/{id}` (OpenAPI's syntax). */
export function openApiPath(path: RoutePath): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

/** The parameter names in a path, in order. */
export function pathParameterNames(path: RoutePath): string[] {
  return [...path.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((match) => match[1] as string);
}
