import { openApiDocumentSchema, remotesConfigSchema, upstreamsHealthBodySchema } from './errors.js';
import { defineRoute } from './route.js';

/** What the gateway answers itself (remote config, upstream health, the API reference). */
export const gatewayRoutes = {
  remotes: defineRoute({
    method: 'GET',
    path: '/config/remotes.json',
    service: 'gateway',
    access: 'public',
    summary: "Where the shell finds each remote's Module Federation manifest",
    description: 'no-store, so a redeploy of a remote takes effect at once.',
    response: remotesConfigSchema,
  }),
  upstreams: defineRoute({
    method: 'GET',
    path: '/health/upstreams',
    service: 'gateway',
    // each call asks every replica of every service: never for anyone who happens by
    access: 'operations',
    summary: "Every service replica's /health and circuit breaker, asked in parallel (for operations and start-up checks)",
    description:
      'Each service lists its replicas (the URLs of its *_SERVICE_URL) with their circuit breaker state. Answers 503 with status degraded when any replica is down or does not answer within 2 seconds.',
    response: upstreamsHealthBodySchema,
  }),
  openApi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    service: 'gateway',
    access: 'public',
    summary: 'This API reference as an OpenAPI 3.1 document, generated from the route table',
    response: openApiDocumentSchema,
  }),
  docs: defineRoute({
    method: 'GET',
    path: '/api/docs',
    service: 'gateway',
    access: 'public',
    summary: 'The browsable API reference (Swagger UI over /api/openapi.json)',
    description: 'Its scripts, styles and images are served under /api/docs/.',
    produces: 'text/html',
  }),
} as const;
