import { applyDecorators, createParamDecorator, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import { CustomerSessions, type SignedInCustomer } from './customer-sessions.service.js';

export type { SignedInCustomer } from './customer-sessions.service.js';

/** Where SignedInGuard leaves the customer for @CurrentCustomer(). */
const CUSTOMER = Symbol('signedInCustomer');
type RequestWithCustomer = Request & { [CUSTOMER]?: SignedInCustomer };

/**
 * The guard of every route of access `customer`: a valid session, and on writes the session's CSRF
 * token and a same-site origin. Its answers, errors included, are the customer's alone: never
 * stored by a browser's or a proxy's cache.
 */
@Injectable()
export class SignedInGuard implements CanActivate {
  constructor(private readonly sessions: CustomerSessions) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const http = context.switchToHttp();
    const request = http.getRequest<RequestWithCustomer>();
    http.getResponse<Response>().setHeader('Cache-Control', 'private, no-store');
    request[CUSTOMER] = await this.sessions.requireCustomer(request);
    return true;
  }
}

/**
 * For handlers of routes of access `customer`: 401 `{message: ACCOUNT_MESSAGES.signInRequired}`
 * without a valid session; on non-GET methods 403 ACCOUNT_MESSAGES.forgeryRefused without the
 * session's X-CSRF-Token or from another site; `Cache-Control: private, no-store` on every answer.
 *
 *   @Route(accountRoutes.me)
 *   @SignedIn()
 *   me(@CurrentCustomer() customer: SignedInCustomer) { ... }
 */
export function SignedIn(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(SignedInGuard));
}

/** The signed-in customer of a `@SignedIn()` handler: `{ customerId, sessionId, email }`. */
export const CurrentCustomer = createParamDecorator((_data: unknown, context: ExecutionContext): SignedInCustomer => {
  const customer = context.switchToHttp().getRequest<RequestWithCustomer>()[CUSTOMER];
  // a handler without @SignedIn() asking for the customer is a programming error, never an anonymous pass
  if (!customer) throw new Error(`${context.getClass().name}.${context.getHandler().name} reads @CurrentCustomer() without @SignedIn()`);
  return customer;
});
