import { applyDecorators, Injectable, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { RateLimitGuard } from '@storefront/service-kit';
import type { Request, Response } from 'express';
import { assertSameSiteWrite } from './forgery.js';

/**
 * Refuses (403 forgeryRefused) a write that a browser says comes from another site. Sign-in,
 * registration and the password reset have no session yet to carry a CSRF token, and a forged
 * sign-in would put the shopper into an attacker's account (login CSRF); their answers set or clear
 * the session cookies, so they are never cached either.
 */
@Injectable()
export class SameSiteWriteGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const http = context.switchToHttp();
    http.getResponse<Response>().setHeader('Cache-Control', 'private, no-store');
    const request = http.getRequest<Request>();
    assertSameSiteWrite(request.method, request.headers);
    return true;
  }
}

/** The public account writes (register, sign-in, sign-out, forgot and reset password): same site only, rate-limited per client address. */
export function PublicAccountWrite(): MethodDecorator & ClassDecorator {
  return applyDecorators(UseGuards(SameSiteWriteGuard, RateLimitGuard));
}
