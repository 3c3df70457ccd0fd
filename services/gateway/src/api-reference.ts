import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_ROUTES, gatewayRoutes } from '@storefront/contracts';
import { buildOpenApiDocument } from '@storefront/contracts/openapi';
import { CONTENT_RESPONSES } from '@storefront/contracts/content-files';
import express, { type Request, type RequestHandler, type Response } from 'express';

/**
 * The API reference: the OpenAPI document of the route table (GET /api/openapi.json, built once at
 * start-up) and a browsable page over it (GET /api/docs, Swagger UI from swagger-ui-dist, its files
 * served under /api/docs/).
 */

export const API_DOCS_PATH = gatewayRoutes.docs.path;
/** Our own start-up script for the page (swagger-ui-dist's swagger-initializer.js loads the petstore). */
export const DOCS_INIT_FILE = 'swagger-ui-init.js';

/** The files of swagger-ui-dist the page uses (and their source maps for the browser's tools); nothing else of the folder is served. */
const SWAGGER_UI_FILES = new Set([
  'swagger-ui.css',
  'swagger-ui.css.map',
  'swagger-ui-bundle.js',
  'swagger-ui-bundle.js.map',
  'favicon-16x16.png',
  'favicon-32x32.png',
]);

/** The document as served: serialized once, with a strong ETag. */
export interface ApiReferenceDocument {
  json: string;
  etag: string;
}

function gatewayVersion(): string {
  const packageJson = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json');
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

/** The route table (every service's routes) as the served OpenAPI document. */
export function buildApiReferenceDocument(): ApiReferenceDocument {
  const document = buildOpenApiDocument(API_ROUTES, {
    title: 'Heartwood Cabinetry storefront API',
    version: gatewayVersion(),
    description:
      'Every endpoint of the storefront\'s services, generated from the route table (packages/contracts/src/routes). ' +
      'The gateway forwards `/api/<segment>/...` to the owning service. Errors are ApiErrorBody. ' +
      'Routes marked x-access internal are service-to-service (never forwarded by the gateway); development routes are absent in production.',
  }, { responses: CONTENT_RESPONSES });
  const json = JSON.stringify(document);
  return { json, etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
}

/**
 * The Content-Security-Policy of the docs page only. Swagger UI sets inline styles as it renders
 * (style attributes and <style> elements) and draws its icons as data: SVGs, so this page allows
 * 'unsafe-inline' styles and data: images, which the shell's nonce-based CSP does not. Scripts stay
 * same-origin files: the page has no inline script (its start-up is /api/docs/swagger-ui-init.js),
 * and the spec is fetched from this origin (no validator badge calling out).
 */
export const DOCS_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join(';');

export const DOCS_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Storefront API reference</title>
    <link rel="stylesheet" href="${API_DOCS_PATH}/swagger-ui.css">
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-32x32.png" sizes="32x32">
    <link rel="icon" type="image/png" href="${API_DOCS_PATH}/favicon-16x16.png" sizes="16x16">
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${API_DOCS_PATH}/swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_PATH}/${DOCS_INIT_FILE}"></script>
  </body>
</html>
`;

/** Starts Swagger UI on the generated document; extensions (x-access, x-service, x-idempotent) shown. */
export const DOCS_INIT_SCRIPT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(gatewayRoutes.openApi.path)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    showExtensions: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
`;

/** swagger-ui-dist's folder (without loading its bundles into the gateway's memory). */
export function swaggerUiFolder(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

function notFound(_req: Request, res: Response): void {
  res.status(404).type('text/plain').setHeader('Cache-Control', 'no-store').send('Not found');
}

/**
 * The docs page's files at /api/docs/<file>: Swagger UI's own (from the package folder, revalidated
 * with their ETag and Last-Modified) and the start-up script; any other name is a plain 404.
 */
export function createApiDocsFiles(): RequestHandler {
  const folder = swaggerUiFolder();
  const router = express.Router();
  router.get(`${API_DOCS_PATH}/${DOCS_INIT_FILE}`, (_req, res) => {
    res.type('text/javascript').setHeader('Cache-Control', 'no-cache');
    res.send(DOCS_INIT_SCRIPT);
  });
  router.get(`${API_DOCS_PATH}/:file`, (req, res, next) => {
    const file = req.params.file;
    if (typeof file !== 'string' || !SWAGGER_UI_FILES.has(file)) return notFound(req, res);
    res.sendFile(file, { root: folder, headers: { 'Cache-Control': 'no-cache' } }, (error?: Error) => {
      if (error && !res.headersSent) next(error);
    });
  });
  return router;
}
