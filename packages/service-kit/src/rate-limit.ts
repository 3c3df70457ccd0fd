import { applyDecorators, type DynamicModule, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard, ThrottlerModule, type ThrottlerModuleOptions } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { integer, readEnvConfig } from './env-config.js';
import { Housekeeping } from './housekeeping/housekeeping.js';
import { PostgresThrottlerStorage } from './rate-limit-storage.js';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/** The one throttler createRateLimitModule registers; lookups override its limit per handler. */
const THROTTLER = 'writes';

/**
 * Limits writes (form submissions, orders) per client address: one shopper cannot flood the
 * database or the mail queue. Clients are told apart by the address the gateway forwards
 * (X-Forwarded-For; see TRUST_PROXY). Mark the handlers to limit with `@UseGuards(RateLimitGuard)`.
 *
 * The counts live in the service's PostgreSQL schema (rate_limit_hits, PostgresThrottlerStorage), so
 * the replicas of a service share one limit. Needs, beside it, the database module (with a migration
 * running RATE_LIMIT_HITS_DDL) and createHousekeepingModule, whose job deletes expired counters.
 */
export function createRateLimitModule(env: Record<string, string | undefined> = process.env): DynamicModule {
  const { limit } = readEnvConfig({ limit: integer('RATE_LIMIT_WRITES_PER_MINUTE', 30, 1, 1_000_000) }, env);
  return ThrottlerModule.forRootAsync({
    inject: [DataSource, { token: Housekeeping, optional: true }],
    useFactory: async (dataSource: DataSource, housekeeping: Housekeeping | undefined): Promise<ThrottlerModuleOptions> => {
      if (!housekeeping) throw new Error('createRateLimitModule needs createHousekeepingModule (its job deletes expired rate limit counters)');
      const storage = new PostgresThrottlerStorage(dataSource);
      await storage.assertReady();
      housekeeping.add(storage.pruneTask());
      return { throttlers: [{ name: THROTTLER, ttl: 60_000, limit }], errorMessage: RATE_LIMIT_MESSAGE, storage };
    },
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
