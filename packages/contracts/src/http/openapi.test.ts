import { array, number, object, string } from 'yup';
import { API_ROUTES } from '../routes/index.js';
import { buildOpenApiDocument, type OpenApiDocument, type OpenApiOperation } from './openapi.js';
import { defineRoute, pathParameterNames, type RouteSpec } from './route.js';

const lookup = defineRoute({
  method: 'GET',
  path: '/api/things/:thingId/parts/:part',
  service: 'content',
  access: 'public',
  summary: 'A part of a thing',
  params: object({ thingId: string().required().matches(/^[a-z]+$/) }),
  query: object({
    q: string().min(3).required().meta({ jsonSchema: { description: 'what to look for' } }),
    page: number().integer().min(1).default(1),
    tags: array(string().required()).optional(),
  }),
  response: object({ name: string().required(), size: number().nullable().defined() }),
});

const create = defineRoute({
  method: 'POST',
  path: '/api/things',
  service: 'orders',
  access: 'orderToken',
  summary: 'Creates a thing',
  body: object({ name: string().required(), qty: number().integer().min(1).required() }),
  status: 201,
  idempotent: true,
  consumes: ['multipart/form-data'],
});

const internal = defineRoute({
  method: 'DELETE',
  path: '/internal/things/:id',
  service: 'orders',
  access: 'internal',
  callers: ['payments'],
  summary: 'Drops a thing',
  tag: 'housekeeping',
});

const page = defineRoute({ method: 'GET', path: '/dev/page', service: 'orders', access: 'development', summary: 'A page', produces: 'text/html' });

const TABLE: RouteSpec[] = [lookup, create, internal, page];
const ERROR = { $ref: '#/components/schemas/ApiErrorBody' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });

function operation(document: OpenApiDocument, path: string, method: string): OpenApiOperation {
  const found = document.paths[path]?.[method];
  if (!found) throw new Error(`${method} ${path} is missing`);
  return found;
}

describe('buildOpenApiDocument', () => {
  const document = buildOpenApiDocument(TABLE, { title: 'Test API', version: '1.2.3' });

  it('is an OpenAPI 3.1 document with one path per route path, in OpenAPI syntax', () => {
    expect(document).toMatchObject({ openapi: '3.1.0', info: { title: 'Test API', version: '1.2.3' } });
    expect(Object.keys(document.paths)).toEqual(['/api/things/{thingId}/parts/{part}', '/api/things', '/internal/things/{id}', '/dev/page']);
    expect(document.tags.map((tag) => tag.name)).toEqual(['content', 'housekeeping', 'orders']);
  });

  it('declares path parameters (from the params schema, or as text) and one query parameter per field', () => {
    const get = operation(document, '/api/things/{thingId}/parts/{part}', 'get');
    expect(get).toMatchObject({ operationId: 'getApiThingsByThingIdPartsByPart', summary: 'A part of a thing', tags: ['content'], 'x-access': 'public', 'x-service': 'content' });
    expect(get.parameters).toEqual([
      { name: 'thingId', in: 'path', required: true, schema: { type: 'string', pattern: '^[a-z]+$' } },
      { name: 'part', in: 'path', required: true, schema: { type: 'string' } },
      { name: 'q', in: 'query', required: true, description: 'what to look for', schema: { type: 'string', minLength: 3 } },
      { name: 'page', in: 'query', required: false, schema: { type: 'integer', minimum: 1, default: 1 } },
      { name: 'tags', in: 'query', required: false, schema: { type: 'array', items: { type: 'string' } } },
    ]);
    expect(get.requestBody).toBeUndefined();
    expect(get.security).toBeUndefined();
  });

  it('answers the success status with the response schema, 400 for invalid input and ApiErrorBody otherwise', () => {
    expect(operation(document, '/api/things/{thingId}/parts/{part}', 'get').responses).toEqual({
      200: {
        description: 'OK',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              properties: { name: { type: 'string' }, size: { type: ['number', 'null'] } },
              required: ['name', 'size'],
            },
          },
        },
      },
      400: errorAnswer('The request is invalid: `message` says what is wrong first, `errors` names each broken field'),
      default: errorAnswer('Any other error (404, 409, 500; from the gateway 502 when a service took the request and failed to answer, 503 with Retry-After when no replica of it could be reached), as ApiErrorBody'),
    });
  });

  it('takes a JSON body (and the media types the route consumes), the Idempotency-Key, the order token and the rate limit', () => {
    const post = operation(document, '/api/things', 'post');
    const schema = {
      type: 'object',
      properties: { name: { type: 'string' }, qty: { type: 'integer', minimum: 1 } },
      required: ['name', 'qty'],
    };
    expect(post.requestBody).toEqual({ required: true, content: { 'application/json': { schema }, 'multipart/form-data': { schema } } });
    expect(post.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false })]);
    expect(post['x-idempotent']).toBe(true);
    expect(post.security).toEqual([{ orderToken: [] }]);
    expect(post['x-access']).toBe('orderToken');
    expect(Object.keys(post.responses)).toEqual(['201', '400', '429', 'default']);
    expect(post.responses['201']).toEqual({ description: 'Created', content: { 'application/json': { schema: {} } } });
  });

  it('includes internal and development routes, marked, with the internal signature', () => {
    const drop = operation(document, '/internal/things/{id}', 'delete');
    expect(drop).toMatchObject({ 'x-access': 'internal', tags: ['housekeeping'], security: [{ internalSignature: [] }] });
    expect(drop.description).toMatch(/^Internal: /);
    expect(drop.description).toContain('Callers: payments.');
    expect(Object.keys(drop.responses)).toEqual(['200', '401', '429', 'default']);
    const dev = operation(document, '/dev/page', 'get');
    expect(dev['x-access']).toBe('development');
    expect(dev.responses['200']).toEqual({ description: 'OK', content: { 'text/html': { schema: { type: 'string' } } } });
  });

  it('marks monitoring routes with the scrape token, 401 and 429', () => {
    const monitoring = defineRoute({ method: 'GET', path: '/health/things', service: 'gateway', access: 'operations', summary: 'Every thing' });
    const op = operation(buildOpenApiDocument([monitoring], { title: 't', version: '1' }), '/health/things', 'get');
    expect(op).toMatchObject({ 'x-access': 'operations', security: [{ metricsToken: [] }] });
    expect(op.description).toMatch(/METRICS_TOKEN/);
    expect(Object.keys(op.responses)).toEqual(['200', '401', '429', 'default']);
  });

  it('names the shared error body and the security schemes once', () => {
    expect(document.components.schemas.ApiErrorBody).toMatchObject({
      type: 'object',
      properties: { success: { type: 'boolean', enum: [false] }, statusCode: { type: 'integer' }, message: { type: 'string' } },
      required: ['success', 'statusCode', 'message'],
    });
    expect(document.components.securitySchemes).toEqual({
      internalSignature: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Internal-Signature' }),
      orderToken: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-Order-Token' }),
      adminToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
      customerSession: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'sf_session' }),
      metricsToken: expect.objectContaining({ type: 'http', scheme: 'bearer' }),
    });
  });

  it('refuses a table with one method and path twice', () => {
    expect(() => buildOpenApiDocument([lookup, lookup], { title: 'x', version: '1' })).toThrow('GET /api/things/:thingId/parts/:part twice');
    // the same method and path for another service, but another endpoint (here: another summary)
    expect(() => buildOpenApiDocument([internal, { ...internal, service: 'forms', summary: 'Drops another thing' }], { title: 'x', version: '1' })).toThrow('DELETE /internal/things/:id twice');
  });

  it('describes an endpoint several services serve alike as one operation naming them all', () => {
    const alike = buildOpenApiDocument([internal, { ...internal, service: 'forms', callers: ['payments'] }, { ...internal, service: 'payments', callers: ['payments'] }], { title: 'x', version: '1' });
    const op = operation(alike, '/internal/things/{id}', 'delete');
    expect(op['x-service']).toEqual(['orders', 'forms', 'payments']);
    expect(op.description).toMatch(/^Served alike by orders, forms, payments, each for itself at its own address\.\n\nInternal: /);
    expect(op.description).toContain('Callers: payments.');
  });
});

describe('the document of the whole route table', () => {
  const document = buildOpenApiDocument(API_ROUTES, { title: 'Storefront API', version: '1' });

  it('has every route, each path parameter declared in path and every operation id once', () => {
    const ids = new Map<string, OpenApiOperation>();
    for (const route of API_ROUTES) {
      const found = operation(document, route.path.replace(/:(\w+)/g, '{$1}'), route.method.toLowerCase());
      expect(found.parameters?.filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name) ?? []).toEqual(pathParameterNames(route.path));
      // one operation id per operation: an endpoint several services serve is one operation
      expect(ids.get(found.operationId) ?? found).toBe(found);
      ids.set(found.operationId, found);
      expect(([] as string[]).concat(found['x-service'])).toContain(route.service);
    }
  });

  it("lists the job dead letters once, served by forms, orders and payments, for orders' calls", () => {
    for (const [path, method] of [
      ['/internal/jobs/dead-letters', 'get'],
      ['/internal/jobs/dead-letters/{id}/retry', 'post'],
    ] as const) {
      const found = operation(document, path, method);
      expect(found).toMatchObject({ 'x-access': 'internal', 'x-service': ['forms', 'orders', 'payments'], tags: ['jobs'], security: [{ internalSignature: [] }] });
      expect(found.description).toContain('Callers: orders.');
    }
  });

  it('marks 429 on the writes and on the lookups that check a guessable secret (the quote link), not on other reads', () => {
    const responses = (path: string, method: string) => Object.keys(operation(document, path, method).responses);
    expect(responses('/api/order', 'post')).toContain('429');
    expect(responses('/api/quote', 'get')).toEqual(['200', '400', '429', 'default']);
    expect(responses('/api/quote/view/{id}', 'get')).toContain('429');
    expect(responses('/api/order/view/{id}', 'get')).not.toContain('429');
  });

  it('describes the back office (/api/admin) with the bearer scheme, its 401 and the rate limit on every admin route', () => {
    const created = operation(document, '/api/admin/quotes', 'post');
    expect(created).toMatchObject({ 'x-access': 'admin', 'x-service': 'orders', tags: ['admin'], security: [{ adminToken: [] }] });
    expect(Object.keys(created.responses)).toEqual(['201', '400', '401', '429', 'default']);
    expect(created.description).toContain('api-keys create');
    // reads too: every admin route is limited per address ahead of the key check
    expect(Object.keys(operation(document, '/api/admin/quotes', 'get').responses)).toEqual(['200', '400', '401', '429', 'default']);
    for (const [path, method] of [
      ['/api/admin/quotes/{quote}/links', 'post'],
      ['/api/admin/orders', 'get'],
      ['/api/admin/orders/{order}/split-payment', 'post'],
    ] as const) {
      expect(operation(document, path, method).security).toEqual([{ adminToken: [] }]);
    }
  });

  it('tags every operation with a declared tag and points every $ref at a component', () => {
    const tags = new Set(document.tags.map((tag) => tag.name));
    for (const item of Object.values(document.paths)) for (const found of Object.values(item)) expect(found.tags.every((tag) => tags.has(tag))).toBe(true);
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) expect(document.components.schemas).toHaveProperty([name]);
  });

  it('holds only plain JSON (no undefined, functions or empty type lists)', () => {
    const text = JSON.stringify(document);
    expect(JSON.parse(text)).toEqual(document);
    expect(text).not.toContain('"type":[]');
  });
});
