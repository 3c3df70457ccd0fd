import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { type CanActivate, type ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
import { isProduction } from '../production-safety.js';

export const INTERNAL_TOKEN_HEADER = 'X-Internal-Token';
export const INTERNAL_TOKEN_MESSAGE = 'A valid X-Internal-Token header is required for internal calls.';

/** The addresses of this machine as a socket reports them (IPv4, IPv6, IPv4 mapped into IPv6). */
const LOOPBACK_ADDRESSES: ReadonlySet<string> = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && LOOPBACK_ADDRESSES.has(address);
}

/** Hashing both sides first gives equal lengths, so the compare takes the same time for any guess. */
export function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Service-to-service calls (routes whose access is `internal`, under /internal/). The gateway never
 * forwards them (it forwards /api only). With INTERNAL_API_TOKEN set, the calling service must send
 * it as X-Internal-Token; without one (development: production refuses to start without it, see
 * productionSafety) only this machine may call, judged by the socket's own remote address, never a
 * forwarded header. Anything else is 401. Read per request so a test or a redeploy can set it
 * without rebuilding the module. `@Route` applies this guard to every internal route.
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<Request>();
    if (!internalCallAllowed(request, request.get(INTERNAL_TOKEN_HEADER))) throw new UnauthorizedException(INTERNAL_TOKEN_MESSAGE);
    return true;
  }
}

/**
 * The guard's rule on a plain node:http request (also used by `/metrics`, which no Nest route
 * serves): with INTERNAL_API_TOKEN set, `given` must be it; without one, only this machine may call,
 * and never in production.
 */
export function internalCallAllowed(request: IncomingMessage, given: string | undefined): boolean {
  const expected = process.env.INTERNAL_API_TOKEN?.trim();
  if (expected) return typeof given === 'string' && sameSecret(given, expected);
  // A service that opted out of the token in production serves no internal calls at all.
  return !isProduction() && isLoopbackAddress(request.socket?.remoteAddress);
}
