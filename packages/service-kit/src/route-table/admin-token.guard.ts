import { type CanActivate, type ExecutionContext, Inject, Injectable, NotFoundException, Optional, createParamDecorator } from '@nestjs/common';
import type { Request, Response } from 'express';

/** Who made an admin request: the API key it carried. */
export interface AdminCaller {
  keyId: string;
  keyName: string;
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
  /** The holder of the request's key: 404 while the service has no active key, 401 (counted as a failed guess) otherwise. */
  authenticate(request: Request): Promise<AdminCaller>;
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
 * Second guard of an admin route: `Authorization: Bearer <API key>` names an active key, whose holder
 * the handler reads with `@AdminActor()`.
 */
@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(@Optional() @Inject(ADMIN_CREDENTIALS) private readonly credentials?: AdminCredentials) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request>();
    if (!this.credentials) throw notFound(request);
    (request as Request & { [CALLER]?: AdminCaller })[CALLER] = await this.credentials.authenticate(request);
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
