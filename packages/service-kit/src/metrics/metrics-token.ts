import type { IncomingMessage } from 'node:http';
import { type CanActivate, type ExecutionContext, HttpException, HttpStatus, Injectable, Optional, UnauthorizedException } from '@nestjs/common';
import { InjectThrottlerStorage, type ThrottlerStorage } from '@nestjs/throttler';
import { CREDENTIAL_FAILURES_MESSAGE, CredentialFailures, credentialFailureCount, type CredentialFailureCount } from '../credential-failures.js';
import { isProduction } from '../production-safety.js';
import { isLoopbackAddress, sameSecret } from '../route-table/internal-token.guard.js';

export const METRICS_TOKEN_VARIABLE = 'METRICS_TOKEN';
export const METRICS_TOKEN_MESSAGE = 'A valid Authorization: Bearer <METRICS_TOKEN> header is required.';

/** Failed scrape tokens, per client address (req.ip where express set it: behind a proxy, the scraper's own address), where they are not counted in PostgreSQL. */
const failedScrapes = new CredentialFailures();

/** The scrape tokens' failure count: in `storage` (the service's rate_limit_hits, createRateLimitModule's) when given, else this process's. */
export function scrapeFailureCount(storage?: ThrottlerStorage | null): CredentialFailureCount {
  return credentialFailureCount('metrics-token', failedScrapes, storage);
}

export type OperatorAccess = 'allowed' | 'refused' | 'limited';

function bearerOf(req: IncomingMessage): string | undefined {
  const authorization = req.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length).trim() : undefined;
}

/**
 * Operations' reads (`/metrics`, the gateway's `/health/upstreams`): `Authorization: Bearer
 * <METRICS_TOKEN>`, a credential for scraping only, which opens nothing else. Without
 * METRICS_TOKEN, only this machine may ask (by the socket's address), and never in production
 * (production requires it unless METRICS_ENABLED=false). An address past
 * RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE failed tokens is 'limited' before its token is checked.
 */
export async function operatorAccess(
  req: IncomingMessage & { ip?: string },
  env: Record<string, string | undefined> = process.env,
  failures: CredentialFailureCount = scrapeFailureCount(),
): Promise<OperatorAccess> {
  const address = req.ip ?? req.socket?.remoteAddress ?? 'unknown';
  const expected = env[METRICS_TOKEN_VARIABLE]?.trim();
  const given = bearerOf(req);
  const allowed = expected ? given !== undefined && sameSecret(given, expected) : !isProduction(env) && isLoopbackAddress(req.socket?.remoteAddress);
  // the right token always opens (see InternalTokenGuard: a 128-bit secret is not guessed, and a shared
  // address must not lock the scraper out); wrong ones past the limit are answered 429
  if (allowed) return 'allowed';
  if (await failures.blocked(address)) return 'limited';
  await failures.recordFailure(address);
  return 'refused';
}

/** operatorAccess as a Nest guard: 401 refused, 429 limited. */
@Injectable()
export class MetricsTokenGuard implements CanActivate {
  private readonly failures: CredentialFailureCount;

  constructor(@Optional() @InjectThrottlerStorage() storage?: ThrottlerStorage) {
    this.failures = scrapeFailureCount(storage);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = await operatorAccess(context.switchToHttp().getRequest<IncomingMessage & { ip?: string }>(), process.env, this.failures);
    if (access === 'limited') throw new HttpException(CREDENTIAL_FAILURES_MESSAGE, HttpStatus.TOO_MANY_REQUESTS);
    if (access === 'refused') throw new UnauthorizedException(METRICS_TOKEN_MESSAGE);
    return true;
  }
}
