import { type CanActivate, type ExecutionContext, Injectable, NotFoundException, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sameSecret } from './internal-token.guard.js';

export const ADMIN_TOKEN_VARIABLE = 'ADMIN_API_TOKEN';
export const ADMIN_TOKEN_MESSAGE = 'A valid Authorization: Bearer <ADMIN_API_TOKEN> header is required.';

/**
 * The back office over HTTP (routes whose access is `admin`, under /api/admin/). Switched off unless
 * ADMIN_API_TOKEN is set: then every admin route answers 404 as if it did not exist. With it set,
 * the caller sends `Authorization: Bearer <ADMIN_API_TOKEN>`, compared in constant time (sameSecret);
 * anything else is 401. Read per request so a test or a redeploy can set it without rebuilding the
 * module. `@Route` applies this guard to every admin route; production requires the token, when
 * set, to be long and not a default (productionAdminToken).
 */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    // the back office's answers (tokens, customers' details) and its refusals are never cached
    context.switchToHttp().getResponse<Response>().setHeader('Cache-Control', 'no-store');
    const expected = process.env[ADMIN_TOKEN_VARIABLE]?.trim();
    if (!expected) throw new NotFoundException(`Cannot ${request.method} ${request.path}`);
    const match = /^Bearer[ ]+(\S+)\s*$/i.exec(request.get('Authorization') ?? '');
    if (!match || !sameSecret(match[1]!, expected)) throw new UnauthorizedException(ADMIN_TOKEN_MESSAGE);
    return true;
  }
}
