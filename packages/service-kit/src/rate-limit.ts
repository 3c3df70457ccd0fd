import { applyDecorators, type DynamicModule, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { integer, readEnvConfig } from './env-config.js';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/** The one throttler createRateLimitModule registers; lookups override its limit per handler. */
const THROTTLER = 'writes';

/**
 * Limits writes (form submissions, orders) per client address: one shopper cannot flood the
 * database or the mail queue. Clients are told apart by the address the gateway forwards
 * (X-Forwarded-For; see TRUST_PROXY). Mark the handlers to limit with `@UseGuards(RateLimitGuard)`.
 */
export function createRateLimitModule(env: Record<string, string | undefined> = process.env): DynamicModule {
  const { limit } = readEnvConfig({ limit: integer('RATE_LIMIT_WRITES_PER_MINUTE', 30, 1, 1_000_000) }, env);
  return ThrottlerModule.forRoot({
    throttlers: [{ name: THROTTLER, ttl: 60_000, limit }],
    errorMessage: RATE_LIMIT_MESSAGE,
  });
}

export { ThrottlerGuard as RateLimitGuard };

/**
 * Limits a read that checks a secret someone could guess at (a quote link's token): at most
 * RATE_LIMIT_LOOKUPS_PER_MINUTE (default 30) requests per client address and handler per minute,
 * then 429 with RATE_LIMIT_MESSAGE. Needs createRateLimitModule in the service's module (its
 * throttler, with this handler's own limit). The limit is read when the controller is loaded, as the
 * module reads the write limit.
 *
 *   @Route(quoteRoutes.byLink)
 *   @LookupRateLimit()
 */
export function LookupRateLimit(env: Record<string, string | undefined> = process.env): MethodDecorator & ClassDecorator {
  const { limit } = readEnvConfig({ limit: integer('RATE_LIMIT_LOOKUPS_PER_MINUTE', 30, 1, 1_000_000) }, env);
  return applyDecorators(UseGuards(ThrottlerGuard), Throttle({ [THROTTLER]: { limit, ttl: 60_000 } }));
}
