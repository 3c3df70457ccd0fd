import { type CanActivate, type ExecutionContext, Inject, Injectable, NotFoundException, Optional, createParamDecorator } from '@nestjs/common';
import type { RouteSpec } from '@storefront/contracts';
import type { Request, Response } from 'express';
import { ROUTE_METADATA } from './route-metadata.js';

/** Who made an admin request: a staff member's session, or a named API key (automation). */
export interface AdminCaller {
  kind: 'staff' | 'api-key';
  /** the staff member's or the key's id */
  id: string;
  /** who the audit names: the staff member's e-mail, or the key's name */
  name: string;
  role: 'sales' | 'manager';
  /** a staff caller's session */
  sessionId?: string;
}

/**
 * What a service that serves admin routes supplies (provider ADMIN_CREDENTIALS): its API keys and its
 * throttles. Each method answers by throwing the HttpException the caller gets.
 */
export interface AdminCredentials {
  /**
   * Counts the request against its client address's limits (every admin request, and the address's
   * failed key guesses): 429 with Retry-After when over. Runs before any key is looked at.
   */
  throttle(request: Request, response: Response): Promise<void>;
  /**
   * Who is calling (a staff session, else the request's API key), allowed to call `route` (its
   * `role`): 404 while the service has neither staff nor an active key, 401 without a valid session
   * or key (a bad key counted as a failed guess), 403 for a role below the route's or a staff
   * write without its CSRF token.
   */
  authenticate(request: Request, route: RouteSpec | undefined): Promise<AdminCaller>;
}

/** The provider token of a service's AdminCredentials. */
export const ADMIN_CREDENTIALS = 'storefront:admin-credentials';

const CALLER = Symbol('admin caller');

function notFound(request: Request): NotFoundException {
  return new NotFoundException(`Cannot ${request.method} ${request.path}`);
}

/**
 * First of an admin route's two guards (`@Route` applies both, in this order): the back office's
 * answers (tokens, customers' details) and refusals are never cached, and the client address's
 * admin limits are counted before the key is checked, so guessing costs the same as any call.
 * A service without ADMIN_CREDENTIALS serves no admin route: 404.
 */
@Injectable()
export class AdminRateLimitGuard implements CanActivate {
  constructor(@Optional() @Inject(ADMIN_CREDENTIALS) private readonly credentials?: AdminCredentials) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    const response = context.switchToHttp().getResponse<Response>();
    response.setHeader('Cache-Control', 'no-store');
    if (!this.credentials) throw notFound(request);
    await this.credentials.throttle(request, response);
    return true;
  }
}

/**
 * Second guard of an admin route: a staff session or `Authorization: Bearer <API key>` names who
 * calls, with a role the route allows; the handler reads them with `@AdminActor()`.
 */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(@Optional() @Inject(ADMIN_CREDENTIALS) private readonly credentials?: AdminCredentials) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!this.credentials) throw notFound(request);
    const route = Reflect.getMetadata(ROUTE_METADATA, context.getHandler()) as RouteSpec | undefined;
    (request as Request & { [CALLER]?: AdminCaller })[CALLER] = await this.credentials.authenticate(request, route);
    return true;
  }
}

/** The caller AdminKeyGuard admitted (a handler of an admin route only). */
export function adminCallerOf(request: Request): AdminCaller {
  const caller = (request as Request & { [CALLER]?: AdminCaller })[CALLER];
  if (!caller) throw new Error('adminCallerOf: the request did not pass AdminKeyGuard (is the route access: admin?)');
  return caller;
}

/** The admin route's caller, as a handler parameter. */
export const AdminActor = createParamDecorator((_data: unknown, context: ExecutionContext): AdminCaller => adminCallerOf(context.switchToHttp().getRequest<Request>()));
