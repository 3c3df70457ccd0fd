import { type CanActivate, type ExecutionContext, Injectable, NotFoundException } from '@nestjs/common';
import type { Request } from 'express';
import { isProduction } from '../production-safety.js';

/** Where `@Route` keeps the exception a development route may have in production (the sandbox with PAYMENTS_SANDBOX=allow). */
export const SERVED_IN_PRODUCTION_METADATA = 'storefront:served-in-production';

/** Whether a development route is served in production after all; read per request, from the environment. */
export type ServedInProduction = (env: Record<string, string | undefined>) => boolean;

/**
 * `access: 'development'`: absent in production. The route answers 404 exactly like a path that was
 * never mounted (Nest's own words), so a production site does not even tell that it exists.
 */
@Injectable()
export class DevelopmentOnlyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (!isProduction()) return true;
    const exception = Reflect.getMetadata(SERVED_IN_PRODUCTION_METADATA, context.getHandler()) as ServedInProduction | undefined;
    if (exception?.(process.env)) return true;
    const request = context.switchToHttp().getRequest<Request>();
    throw new NotFoundException(`Cannot ${request.method} ${request.path}`);
  }
}
