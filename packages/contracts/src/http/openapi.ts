import { convertSchema } from '@sodaru/yup-to-json-schema';
import { apiErrorBodySchema } from './errors.js';
import { SESSION_COOKIE } from '../accounts/session.js';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, INTERNAL_CALLER_HEADER, INTERNAL_SIGNATURE_HEADER, ORDER_TOKEN_HEADER } from './headers.js';
import { type AnySchema, type RouteAccess, type RouteSpec, openApiPath, pathParameterNames } from './route.js';

/**
 * The OpenAPI 3.1 document of the route table: one operation per entry, its parameters, body and
 * answer from the entry's yup schemas (converted by @sodaru/yup-to-json-schema), every error as the
 * shared ApiErrorBody. Served by the gateway at /api/openapi.json (browsable at /api/docs).
 *
 * A separate entry point (`@storefront/contracts/openapi`), never re-exported from the package's
 * index: browser bundles import the route table but must not pull the converter in.
 */

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect) as plain data. */
export type JsonSchema = { [keyword: string]: unknown };

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
  style?: 'form' | 'simple';
  explode?: boolean;
}

export interface OpenApiMediaType {
  schema: JsonSchema;
}

export interface OpenApiResponse {
  description: string;
  content?: Record<string, OpenApiMediaType>;
}

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description?: string;
  tags: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { required: boolean; content: Record<string, OpenApiMediaType> };
  responses: Record<string, OpenApiResponse>;
  security?: Record<string, string[]>[];
  /** who may call it (the route table's access) */
  'x-access': RouteAccess;
  /** the service that serves it; a list for an endpoint several services serve alike (each at its own address) */
  'x-service': RouteSpec['service'] | RouteSpec['service'][];
  /** takes an Idempotency-Key header */
  'x-idempotent'?: true;
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: OpenApiInfo;
  tags: { name: string; description?: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, JsonSchema>;
    securitySchemes: Record<string, { type: 'apiKey'; in: 'header' | 'cookie'; name: string; description: string } | { type: 'http'; scheme: 'bearer'; description: string }>;
  };
}

export interface OpenApiOptions {
  /**
   * Routes that may answer 429 (too many requests per client address). The route table does not
   * say which handlers carry the services' rate limit; by default a route's own `rateLimited`, else
   * every write that is not internal (the services limit writes: orders, form submissions, payments).
   */
  rateLimited?: (route: RouteSpec) => boolean;
  /** a description per tag (the owning service by default) */
  tagDescriptions?: Record<string, string>;
  /**
   * Answer schemas kept out of the route table because browser bundles carry the table (the content
   * routes' answers: @storefront/contracts/content-files' CONTENT_RESPONSES); a route's own
   * `response` wins.
   */
  responses?: ReadonlyMap<RouteSpec, AnySchema>;
}

const ERROR_REF = { $ref: '#/components/schemas/ApiErrorBody' };

const ACCESS_NOTES: Partial<Record<RouteAccess, string>> = {
  internal:
    "Internal: called by another service only; the gateway never forwards it. The request is signed with the caller's own secret (X-Internal-Caller names the caller, X-Internal-Signature carries `t=<unix seconds>,v1=<HMAC-SHA256>` over the time, method, path with query and the body's SHA-256), and the caller must be one the route names. Without the callers' secrets (development only) only this machine may call.",
  orderToken: "Needs the order's token (X-Order-Token), which the order's create answered.",
  admin:
    'For staff of the business (the back office over HTTP): `Authorization: Bearer <API key>`, a named key issued by `npm run -s backoffice -- api-keys create` (revocable). While no key is active the route answers 404 (switched off); a missing, wrong or revoked key answers 401. Every call is limited per client address before the key is checked, failed keys harder (429 with Retry-After). Answered `Cache-Control: no-store`.',
  customer:
    "A signed-in customer's own data: the session cookie (sf_session) names the customer, never a field of the request. Writes also send the sf_csrf cookie's value as X-CSRF-Token. Answered `Cache-Control: private, no-store`.",
  development: 'Development helper: absent in production.',
  operations:
    'For monitoring: `Authorization: Bearer <METRICS_TOKEN>` (the scrape credential /metrics takes, which opens nothing else); without METRICS_TOKEN (development only) only this machine may ask. Failed tokens are limited per address.',
};

const DEFAULT_TAG_DESCRIPTIONS: Record<string, string> = {
  gateway: 'What the gateway answers itself',
  content: 'Content, page heads, blogs, categories, catalog, locations, reviews and search (content service)',
  forms: 'Form and estimate submissions (forms service), and the back office\'s reads of them (internal)',
  jobs: "The job runners' dead letters (internal: forms, orders and payments each serve their own)",
  orders: 'Orders, quotes, checkout lookups and e-mail (orders service)',
  accounts: 'Customer accounts: registration, sign-in, password reset, profile, saved addresses, my orders and quotes (orders service)',
  admin: 'The back office over HTTP: quotes, payment links, orders and split payment (orders service; Authorization: Bearer <API key>)',
  payments: 'Payment methods, payments and the sandbox gateway (payments service)',
};

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content' };

function isPlainObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The converter's output made valid and quiet: yup gives every object a default (an object of
 * undefined fields) and an unconstrained `mixed` an empty type list; a one-element type list is
 * written as its type.
 */
function tidy(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (value === undefined) continue;
    if (keyword === 'type' && Array.isArray(value)) {
      if (value.length === 0) continue;
      out.type = value.length === 1 ? value[0] : value;
    } else if (keyword === 'default' && isPlainObject(value)) {
      continue;
    } else if (keyword === 'enum' && Array.isArray(value)) {
      out.enum = value.filter((item) => item !== undefined);
    } else if (keyword === 'properties' && isPlainObject(value)) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, property]) => [name, isPlainObject(property) ? tidy(property) : property]));
    } else if ((keyword === 'items' || keyword === 'additionalProperties' || keyword === 'not') && isPlainObject(value)) {
      out[keyword] = tidy(value);
    } else {
      out[keyword] = value;
    }
  }
  return out;
}

/** A yup schema as JSON Schema. */
export function jsonSchemaOf(schema: AnySchema): JsonSchema {
  return tidy(convertSchema(schema) as JsonSchema);
}

/** `GET /api/content/blogs/authors/:authorId` -> `getApiContentBlogsAuthorsByAuthorId`. */
function operationId(route: RouteSpec): string {
  const words = route.path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => (segment.startsWith(':') ? ['by', segment.slice(1)] : segment.split(/[^A-Za-z0-9]+/)))
    .filter(Boolean);
  return route.method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const properties = isPlainObject(schema.properties) ? (schema.properties as Record<string, JsonSchema>) : {};
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return { properties, required };
}

/** A parameter's description moves from its schema to the parameter (where the reference shows it). */
function parameter(name: string, location: OpenApiParameter['in'], required: boolean, schema: JsonSchema): OpenApiParameter {
  const { description, default: defaultValue, ...rest } = schema;
  // A required parameter's default is what an absent one is read as (e.g. the empty search, which is
  // then refused): not a value a client may leave out.
  const kept = required || defaultValue === undefined ? rest : { ...rest, default: defaultValue };
  return { name, in: location, required, ...(typeof description === 'string' ? { description } : {}), schema: kept };
}

function parametersOf(route: RouteSpec): OpenApiParameter[] {
  const parameters: OpenApiParameter[] = [];
  // Every name in the path is declared, with the params schema's rule where it has one.
  const params = route.params ? propertiesOf(jsonSchemaOf(route.params)).properties : {};
  for (const name of pathParameterNames(route.path)) parameters.push(parameter(name, 'path', true, params[name] ?? { type: 'string' }));
  if (route.query) {
    const { properties, required } = propertiesOf(jsonSchemaOf(route.query));
    for (const [name, schema] of Object.entries(properties)) {
      const entry = parameter(name, 'query', required.has(name), schema);
      // A map of names to values is a set of query parameters of their own (?doorStyle=shaker&color=white).
      if (schema.type === 'object') Object.assign(entry, { style: 'form', explode: true });
      parameters.push(entry);
    }
  }
  if (route.idempotent) {
    parameters.push({
      name: IDEMPOTENCY_KEY_HEADER,
      in: 'header',
      required: false,
      description: 'A key for this write (a UUID): a repeat with the same key answers what the first did (header Idempotent-Replayed: true), never a second write.',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    });
  }
  return parameters;
}

function requestBodyOf(route: RouteSpec): OpenApiOperation['requestBody'] | undefined {
  if (!route.body) return undefined;
  const schema = jsonSchemaOf(route.body);
  const types = ['application/json', ...(route.consumes ?? []).filter((type) => type !== 'application/json')];
  return { required: true, content: Object.fromEntries(types.map((type) => [type, { schema }])) };
}

function errorResponse(description: string): OpenApiResponse {
  return { description, content: { 'application/json': { schema: ERROR_REF } } };
}

function responsesOf(route: RouteSpec, rateLimited: boolean, answer: AnySchema | undefined): Record<string, OpenApiResponse> {
  const status = route.status ?? 200;
  const success: OpenApiResponse = { description: STATUS_TEXT[status] ?? 'Success' };
  if (route.produces && route.produces !== 'application/json') success.content = { [route.produces]: { schema: { type: 'string' } } };
  else if (status !== 204) success.content = { 'application/json': { schema: answer ? jsonSchemaOf(answer) : {} } };
  const responses: Record<string, OpenApiResponse> = { [String(status)]: success };
  if (route.params || route.query || route.body) {
    responses['400'] = errorResponse('The request is invalid: `message` says what is wrong first, `errors` names each broken field');
  }
  if (route.access === 'internal') {
    responses['401'] = errorResponse('The signature is missing, wrong, more than 300 seconds old, or from a caller the route does not name; without the secrets (development only), the caller is not this machine');
    responses['429'] = errorResponse('Too many failed signatures from this address: wait a minute and try again');
  }
  if (route.access === 'operations') {
    responses['401'] = errorResponse('Authorization: Bearer <METRICS_TOKEN> is missing or wrong; without METRICS_TOKEN (development only), the caller is not this machine');
    responses['429'] = errorResponse('Too many failed tokens from this address: wait a minute and try again');
  }
  if (route.access === 'admin') {
    responses['401'] = errorResponse('Authorization: Bearer <API key> is missing, wrong or revoked');
  }
  if (route.access === 'customer') {
    responses['401'] = errorResponse('No session: sign in first');
    if (route.method !== 'GET') responses['403'] = errorResponse('X-CSRF-Token is missing or does not match the session, or the request came from another site');
  }
  if (rateLimited) responses['429'] = errorResponse('Too many requests from this address: wait a minute and try again');
  responses.default = errorResponse('Any other error (404, 409, 500; from the gateway 502 when a service took the request and failed to answer, 503 with Retry-After when no replica of it could be reached), as ApiErrorBody');
  return responses;
}

function securityOf(access: RouteAccess): OpenApiOperation['security'] {
  if (access === 'internal') return [{ internalSignature: [] }];
  if (access === 'orderToken') return [{ orderToken: [] }];
  if (access === 'admin') return [{ adminToken: [] }];
  if (access === 'operations') return [{ metricsToken: [] }];
  if (access === 'customer') return [{ customerSession: [] }];
  return undefined;
}

/** What the reference says of a route beyond its summary: its access, its callers, its own notes. */
function descriptionOf(route: RouteSpec): string {
  const callers = route.callers?.length ? `Callers: ${route.callers.join(', ')}.` : undefined;
  return [ACCESS_NOTES[route.access], callers, route.description].filter(Boolean).join('\n\n');
}

function defaultRateLimited(route: RouteSpec): boolean {
  return route.rateLimited ?? (route.method !== 'GET' && route.access !== 'internal');
}

/**
 * Two entries of one endpoint that several services serve (the job dead letters): alike in everything
 * but `service` (the same schemas, summary, access and callers), so one operation describes both.
 */
function sameEndpoint(a: RouteSpec, b: RouteSpec): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)] as (keyof RouteSpec)[]);
  keys.delete('service');
  return [...keys].every((key) => {
    const [x, y] = [a[key], b[key]];
    if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((entry, index) => entry === y[index]);
    return x === y;
  });
}

/**
 * The OpenAPI 3.1 document of `routes` (usually API_ROUTES). One method and path served by several
 * services alike is one operation naming them all (`x-service` a list); two different entries for one
 * method and path throw.
 */
export function buildOpenApiDocument(routes: readonly RouteSpec[], info: OpenApiInfo, options: OpenApiOptions = {}): OpenApiDocument {
  const rateLimited = options.rateLimited ?? defaultRateLimited;
  const tagDescriptions = { ...DEFAULT_TAG_DESCRIPTIONS, ...options.tagDescriptions };
  const paths: OpenApiDocument['paths'] = {};
  const tags = new Set<string>();
  const described = new Map<OpenApiOperation, RouteSpec>();
  for (const route of routes) {
    const path = openApiPath(route.path);
    const method = route.method.toLowerCase();
    const item = (paths[path] ??= {});
    const existing = item[method];
    if (existing) {
      const first = described.get(existing);
      const served = ([] as RouteSpec['service'][]).concat(existing['x-service']);
      // alike but for its service, and a service not yet listed: another service serving the same endpoint
      if (!first || served.includes(route.service) || !sameEndpoint(first, route)) throw new Error(`The route table has ${route.method} ${route.path} twice`);
      const services = [...served, route.service];
      existing['x-service'] = services;
      existing.description = [`Served alike by ${services.join(', ')}, each for itself at its own address.`, descriptionOf(first)].filter(Boolean).join('\n\n');
      continue;
    }
    const tag = route.tag ?? route.service;
    tags.add(tag);
    const parameters = parametersOf(route);
    const requestBody = requestBodyOf(route);
    const security = securityOf(route.access);
    const description = descriptionOf(route);
    const operation: OpenApiOperation = {
      operationId: operationId(route),
      summary: route.summary,
      ...(description ? { description } : {}),
      tags: [tag],
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: responsesOf(route, rateLimited(route), route.response ?? options.responses?.get(route)),
      ...(security ? { security } : {}),
      'x-access': route.access,
      'x-service': route.service,
      ...(route.idempotent ? { 'x-idempotent': true as const } : {}),
    };
    item[method] = operation;
    described.set(operation, route);
  }
  return {
    openapi: '3.1.0',
    info,
    tags: [...tags].sort().map((name) => ({ name, ...(tagDescriptions[name] ? { description: tagDescriptions[name] } : {}) })),
    paths,
    components: {
      schemas: { ApiErrorBody: jsonSchemaOf(apiErrorBodySchema) },
      securitySchemes: {
        internalSignature: {
          type: 'apiKey',
          in: 'header',
          name: INTERNAL_SIGNATURE_HEADER,
          description: `Service-to-service calls (access internal): an HMAC signature with the caller's own secret (PAYMENTS_INTERNAL_SECRET, FORMS_INTERNAL_SECRET, ORDERS_INTERNAL_SECRET; production requires them), the caller named in ${INTERNAL_CALLER_HEADER}`,
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'Monitoring (access operations): the METRICS_TOKEN that /metrics takes too' },
        customerSession: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'A signed-in customer (access customer): the session cookie set by sign-in' },
        orderToken: { type: 'apiKey', in: 'header', name: ORDER_TOKEN_HEADER, description: "The order's token, answered by the order's create (access orderToken)" },
        adminToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'The back office (access admin): an API key issued by `npm run -s backoffice -- api-keys create`; the admin routes answer 404 while no key is active',
        },
      },
    },
  };
}
