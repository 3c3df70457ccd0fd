import { createHash, timingSafeEqual } from 'node:crypto';
import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { INTERNAL_CALLER_HEADER, INTERNAL_SIGNATURE_HEADER, type RouteSpec } from '@storefront/contracts';
import type { Request } from 'express';
import { CREDENTIAL_FAILURES_MESSAGE, CredentialFailures, credentialFailureCount, type CredentialFailureCount } from '../credential-failures.js';
import { isProduction } from '../production-safety.js';
import { internalSecretOf, isInternalCaller, validInternalSignature } from './internal-signature.js';
import { ROUTE_METADATA } from './route-metadata.js';

export const INTERNAL_CALL_MESSAGE = 'This internal call is not signed by a service allowed to make it.';

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

/** Failed internal signatures, per calling socket address, shared by every internal route of the process (where they are not counted in PostgreSQL). */
const failedSignatures = new CredentialFailures();

/**
 * Service-to-service calls (routes whose access is `internal`, under /internal/; the gateway never
 * forwards them). The request must be signed (X-Internal-Caller + X-Internal-Signature, see
 * signInternalRequest) with the secret of a caller the route names in `callers`. A caller whose
 * secret is not set here (development: production refuses to start without it) may call only
 * from this machine, judged by the socket's own address, never a forwarded header. Anything else
 * is 401, and past RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE failures from one address every further
 * failure is answered 429. A valid signature is never refused by that count: the secrets carry at least
 * 128 bits (production refuses less), so the count cannot slow a guesser that matters, while refusing
 * the right signature would let anyone who shares the caller's address (every process of `npm start`,
 * a node's SNAT) cut payments off from orders by sending junk. Secrets are read per request, so a test or a redeploy can set
 * them without rebuilding the module. The failures are counted in the service's rate_limit_hits where
 * createRateLimitModule keeps its limits (one count for every replica), else in this process.
 * `@Route` applies this guard to every internal route.
 */
@Injectable()
export class InternalTokenGuard implements CanActivate {
  private readonly failures: CredentialFailureCount;

  constructor(@Optional() @InjectThrottlerStorage() storage?: ThrottlerStorage) {
    this.failures = credentialFailureCount('internal-signature', failedSignatures, storage);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<Request & { rawBody?: Buffer }>();
    const route = Reflect.getMetadata(ROUTE_METADATA, context.getHandler()) as RouteSpec | undefined;
    // the socket's address: an internal caller is never behind a proxy, and X-Forwarded-For is the caller's to write
    const address = request.socket?.remoteAddress ?? 'unknown';
    if (internalCallAllowed(request, route)) return true;
    if (await this.failures.blocked(address)) throw new HttpException(CREDENTIAL_FAILURES_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    await this.failures.recordFailure(address);
    throw new UnauthorizedException(INTERNAL_CALL_MESSAGE);
  }
}

/** The guard's rule, without the failure count: a signature by a caller the route names, or (development, no secret) this machine. */
export function internalCallAllowed(request: Request & { rawBody?: Buffer }, route: Pick<RouteSpec, 'callers'> | undefined): boolean {
  const header = request.get(INTERNAL_CALLER_HEADER);
  const named = typeof header === 'string' ? header.trim() : undefined;
  const callers = route?.callers ?? [];
  const fromThisMachine = !isProduction() && isLoopbackAddress(request.socket?.remoteAddress);
  if (named === undefined || named === '') {
    // an unsigned call, as before the secrets existed: only while none of the route's callers has one
    return fromThisMachine && callers.every((caller) => internalSecretOf(caller) === undefined);
  }
  if (!isInternalCaller(named) || !callers.includes(named)) return false;
  const secret = internalSecretOf(named);
  if (!secret) return fromThisMachine;
  return validInternalSignature({
    method: request.method,
    pathWithQuery: request.originalUrl ?? request.url,
    rawBody: request.rawBody,
    signature: request.get(INTERNAL_SIGNATURE_HEADER),
    secret,
  });
}
