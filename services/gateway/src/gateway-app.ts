import { Logger } from '@nestjs/common';
import type { ServiceAppOptions } from '@storefront/service-kit';
import compression from 'compression';
import { createApiProxy } from './api-proxy.js';
import { createApiDocsFiles } from './api-reference.js';
import { createPageRenderer } from './pages/page-renderer.js';
import type { GatewayConfig } from './config.js';
import { gatewayHelmetOptions } from './security.js';
import { createStaticFiles } from './static-files.js';

/**
 * What makes the service a gateway, shared by main.ts and the tests: no JSON parser (bodies stream
 * through to the services); the API proxy in front of express and Nest, right after request ids,
 * because API answers carry the services' own headers and pay for nothing else here (the content
 * service sends its cacheable answers compressed already); then, for pages, the shell's CSP,
 * compression, static files (the API reference's under /api/docs/ too), and pages rendered on the
 * server.
 */
export function gatewayAppOptions(config: GatewayConfig): Omit<ServiceAppOptions, 'logger'> {
  return {
    bodyLimit: false,
    helmet: gatewayHelmetOptions(config),
    front: createApiProxy(config, new Logger('proxy')),
    middleware: [compression(), createApiDocsFiles(), ...createStaticFiles(config), createPageRenderer(config, new Logger('pages'))],
  };
}
