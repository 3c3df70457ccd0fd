import { array, mixed, number, object, string, type InferType } from 'yup';
import { isPlainObject } from '../rules/plain-object.js';

/**
 * Every JSON error the services send. `errors` carries per-field messages (form and checkout
 * validation, and every route's schema: keyed by the field's path, e.g. `items[0].qty`). The
 * OpenAPI document names it once (components.schemas.ApiErrorBody) for every error answer.
 */
export const apiErrorBodySchema = object({
  success: mixed<false>().oneOf([false]).required(),
  statusCode: number().integer().required(),
  message: string().required(),
  errors: mixed<Record<string, string>>()
    .optional()
    .meta({ jsonSchema: { type: 'object', additionalProperties: { type: 'string' }, description: "each broken field's message, keyed by its path" } }),
  /** Machine-readable reason where the spec names one (tokenExpired, quoteNotExist, orderNotExist, ...). */
  errorType: string().optional().meta({ jsonSchema: { description: 'machine-readable reason where the spec names one (tokenExpired, quoteNotExist, ...)' } }),
  requestId: string().optional().meta({ jsonSchema: { description: 'the X-Request-Id of the request, for the logs' } }),
});
export type ApiErrorBody = InferType<typeof apiErrorBodySchema>;

/** `GET /health` of every service (and each upstream's in the gateway's `GET /health/upstreams`). */
export const healthBodySchema = object({
  status: mixed<'ok' | 'degraded'>().oneOf(['ok', 'degraded']).required(),
  service: string().required(),
  uptimeSeconds: number().required(),
  database: mixed<'up' | 'down'>().oneOf(['up', 'down']).optional(),
});
export type HealthBody = InferType<typeof healthBodySchema>;

/** `GET /health/live` of every service and the gateway: the process answers (no dependency is asked). */
export const livenessBodySchema = object({
  status: mixed<'ok'>().oneOf(['ok']).required(),
  service: string().required(),
  uptimeSeconds: number().required(),
});
export type LivenessBody = InferType<typeof livenessBodySchema>;

/**
 * `GET /health/ready`: 200 `ready` when the service should get traffic (its database answers and its
 * migrations ran); 503 `unready` with the reason while it should not (shutting down, database down).
 */
export const readinessBodySchema = object({
  status: mixed<'ready' | 'unready'>().oneOf(['ready', 'unready']).required(),
  service: string().required(),
  database: mixed<'up' | 'down'>().oneOf(['up', 'down']).optional(),
  /** why it is unready: 'shutting down', 'database down', 'migrations pending' */
  reason: string().optional(),
});
export type ReadinessBody = InferType<typeof readinessBodySchema>;

/** Remote name (Module Federation container name) -> manifest URL. Served by the gateway at /config/remotes.json. */
export type RemoteName = 'mf_content' | 'mf_catalog' | 'mf_forms' | 'mf_estimator' | 'mf_checkout' | 'mf_backoffice';
export const remotesConfigSchema = object({
  remotes: object({
    mf_content: string().required(),
    mf_catalog: string().required(),
    mf_forms: string().required(),
    mf_estimator: string().required(),
    mf_checkout: string().required(),
    mf_backoffice: string().required(),
  } satisfies Record<RemoteName, unknown>).required(),
});
export type RemotesConfig = InferType<typeof remotesConfigSchema>;

/** One upstream's answer to the gateway's health check. */
export const upstreamHealthSchema = object({
  url: string().required(),
  state: mixed<'up' | 'down'>().oneOf(['up', 'down']).required(),
  httpStatus: number().integer().optional(),
  health: healthBodySchema.default(undefined).optional(),
  /** why it could not be asked (ECONNREFUSED, TimeoutError, ...) */
  error: string().optional(),
});
export type UpstreamHealth = InferType<typeof upstreamHealthSchema>;

/** A circuit breaker's state: closed (calls go through), half-open (one trial call), open (calls refused at once). */
export type CircuitState = 'closed' | 'half-open' | 'open';

/** One replica (one URL) of a service: its /health, and its breaker's state as the gateway's proxy sees it. */
export const replicaHealthSchema = upstreamHealthSchema.shape({
  circuit: mixed<CircuitState>().oneOf(['closed', 'half-open', 'open']).required(),
});
export type ReplicaHealth = InferType<typeof replicaHealthSchema>;

/** A service: the health of a replica that answers (else the first), and every replica's. */
export const serviceHealthSchema = upstreamHealthSchema.shape({
  replicas: array(replicaHealthSchema.required()).required(),
});
export type ServiceHealth = InferType<typeof serviceHealthSchema>;

/**
 * GET /health/upstreams (gateway): every service's replicas' /health; 503 with status degraded when
 * any replica is down (a service is still served while one of its replicas is up).
 */
export const upstreamsHealthBodySchema = object({
  status: mixed<'ok' | 'degraded'>().oneOf(['ok', 'degraded']).required(),
  upstreams: object({
    content: serviceHealthSchema.required(),
    forms: serviceHealthSchema.required(),
    orders: serviceHealthSchema.required(),
    payments: serviceHealthSchema.required(),
  }).required(),
});
export type UpstreamsHealthBody = InferType<typeof upstreamsHealthBodySchema>;

/**
 * A JSON object left open on purpose: an OpenAPI document's paths and components hold JSON Schema
 * documents (recursive, and any keyword), which a yup schema would only restate loosely.
 */
function openJsonObject(description: string) {
  return mixed<Record<string, unknown>>((value): value is Record<string, unknown> => isPlainObject(value))
    .defined()
    .meta({ jsonSchema: { type: 'object', description } });
}

/** GET /api/openapi.json (gateway): the OpenAPI 3.1 document of the route table, in outline. */
export const openApiDocumentSchema = object({
  openapi: string().oneOf(['3.1.0'] as const).required(),
  info: object({ title: string().required(), version: string().required(), description: string().optional() }).required(),
  tags: array(object({ name: string().required(), description: string().optional() }).required()).required(),
  paths: openJsonObject('per path (OpenAPI syntax, /api/order/view/{id}), per method: the operation'),
  components: object({
    schemas: openJsonObject('the shared schemas (ApiErrorBody)'),
    securitySchemes: openJsonObject('the internal token and the order token headers'),
  }).required(),
});
