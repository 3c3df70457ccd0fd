import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable } from '@nestjs/common';
import type { Request } from 'express';

export const INTERNAL_TOKEN_HEADER = 'X-Internal-Token';
export const INTERNAL_TOKEN_MESSAGE = 'A valid X-Internal-Token header is required for internal calls.';

/** Hashing both sides first gives equal lengths, so the compare takes the same time for any guess. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Service-to-service calls (routes whose access is `internal`, under /internal/). The gateway never
 * forwards them (it forwards /api only); where the network is shared, INTERNAL_API_TOKEN adds a
 * secret the calling service must send. Read per request so a test or a redeploy can set it without
 * rebuilding the module. `@Route` applies this guard to every internal route.
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const expected = process.env.INTERNAL_API_TOKEN;
    if (!expected) return true;
    const given = context.switchToHttp().getRequest<Request>().get(INTERNAL_TOKEN_HEADER);
    if (typeof given !== 'string' || !sameSecret(given, expected)) throw new ForbiddenException(INTERNAL_TOKEN_MESSAGE);
    return true;
  }
}
