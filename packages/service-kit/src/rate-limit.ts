import { applyDecorators, type DynamicModule, type ExecutionContext, Injectable, type OnApplicationShutdown, SetMetadata, UseGuards } from '@nestjs/common';
import { Throttle, ThrottlerGuard, type ThrottlerLimitDetail, ThrottlerModule, type ThrottlerModuleOptions, type ThrottlerStorage } from '@nestjs/throttler';
import { DataSource } from 'typeorm';
import { integer, readEnvConfig } from './env-config.js';
import { Housekeeping, type HousekeepingTask } from './housekeeping/housekeeping.js';
import { BatchedThrottlerStorage } from './rate-limit-batched.js';
import { PostgresThrottlerStorage, type RateLimitRecord } from './rate-limit-storage.js';

export const RATE_LIMIT_MESSAGE = 'Too many requests. Please wait a minute and try again.';

/**
 * The two throttlers createRateLimitModule registers. A handler is limited by one of them, never
 * both: `writes` for `@UseGuards(RateLimitGuard)`, `lookups` for `@LookupRateLimit()`. They are
 * counted differently (WriteAndLookupStorage), so their names also name their storage.
 */
const WRITES = 'writes';
const LOOKUPS = 'lookups';
/** Set by LookupRateLimit on its handler: the lookups throttler applies there, and only there. */
const LOOKUP_LIMITED = 'storefront:lookup-rate-limit';

const isLookup = (context: ExecutionContext): boolean =>
  Reflect.getMetadata(LOOKUP_LIMITED, context.getHandler()) === true || Reflect.getMetadata(LOOKUP_LIMITED, context.getClass()) === true;

const lookupLimitOf = (env: Record<string, string | undefined>): number =>
  readEnvConfig({ limit: integer('RATE_LIMIT_LOOKUPS_PER_MINUTE', 30, 1, 1_000_000) }, env).limit;

/**
 * Where the two throttlers count (issue 36: the write limit's upsert was a round trip of every order).
 * - Writes are counted in the process and shared through rate_limit_hits once a second
 *   (BatchedThrottlerStorage). One replica counts exactly. A replica judges an address on the shared
 *   count its last flush of that address read plus its own hits since, so each replica stops an
 *   address at the limit on its own: with R replicas an address gets at most R × the limit per
 *   window (in practice the limit plus what the others let through before their next flush), and
 *   every hit reaches the shared count within a second. A flood is still stopped in its first
 *   second, which is what a per-minute write limit is for.
 * - Lookups (a quote link's or an order's secret, which someone could guess at) stay exact across
 *   replicas: one upsert per lookup (PostgresThrottlerStorage), as every guess must be counted.
 * Nest calls onApplicationShutdown on the storage (it is ThrottlerModule's provider): the writes
 * counted since the last flush are shared before the process ends.
 */
export class WriteAndLookupStorage implements ThrottlerStorage, OnApplicationShutdown {
  readonly writes: BatchedThrottlerStorage;
  /** one upsert per hit: the lookups, and the failed credentials counted beside them (credentialFailureCount) */
  readonly exact: PostgresThrottlerStorage;

  constructor(dataSource: DataSource) {
    this.writes = new BatchedThrottlerStorage(dataSource);
    this.exact = new PostgresThrottlerStorage(dataSource);
  }

  assertReady(): Promise<void> {
    return this.exact.assertReady();
  }

  /** Deletes expired counters of both (one table): the housekeeping task. */
  pruneTask(): HousekeepingTask {
    return this.exact.pruneTask();
  }

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<RateLimitRecord> {
    const storage = throttlerName === LOOKUPS ? this.exact : this.writes;
    return storage.increment(key, ttl, limit, blockDuration, throttlerName);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.writes.close();
  }
}

/**
 * Limits writes (form submissions, orders) per client address: one shopper cannot flood the
 * database or the mail queue. Clients are told apart by the address the gateway forwards
 * (X-Forwarded-For; see TRUST_PROXY). Mark the handlers to limit with `@UseGuards(RateLimitGuard)`.
 *
 * The counts live in the service's PostgreSQL schema (rate_limit_hits), so the replicas of a service
 * share one limit (how each throttler counts, and the writes' bounded error: WriteAndLookupStorage).
 * Needs, beside it, the database module (with a migration running RATE_LIMIT_HITS_DDL) and
 * createHousekeepingModule, whose job deletes expired counters.
 */
export function createRateLimitModule(env: Record<string, string | undefined> = process.env): DynamicModule {
  const { limit } = readEnvConfig({ limit: integer('RATE_LIMIT_WRITES_PER_MINUTE', 30, 1, 1_000_000) }, env);
  const lookupLimit = lookupLimitOf(env);
  return ThrottlerModule.forRootAsync({
    inject: [DataSource, { token: Housekeeping, optional: true }],
    useFactory: async (dataSource: DataSource, housekeeping: Housekeeping | undefined): Promise<ThrottlerModuleOptions> => {
      if (!housekeeping) throw new Error('createRateLimitModule needs createHousekeepingModule (its job deletes expired rate limit counters)');
      const storage = new WriteAndLookupStorage(dataSource);
      await storage.assertReady();
      housekeeping.add(storage.pruneTask());
      return {
        throttlers: [
          { name: WRITES, ttl: 60_000, limit, skipIf: isLookup },
          // each LookupRateLimit sets its own limit (read when its controller is loaded); this one is the default
          { name: LOOKUPS, ttl: 60_000, limit: lookupLimit, skipIf: (context) => !isLookup(context) },
        ],
        errorMessage: RATE_LIMIT_MESSAGE,
        storage,
      };
    },
  });
}

/**
 * @nestjs/throttler's guard, with the standard `Retry-After` on its 429 as well: the library names its
 * header after the throttler (`Retry-After-writes`, `Retry-After-lookups`), which no HTTP client
 * reads (RFC 9110's is `Retry-After`, as the admin API's and the database timeouts' 429/503 send).
 * Both are sent, the same seconds.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async throwThrottlingException(context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<void> {
    const { res } = this.getRequestResponse(context);
    if (!res.headersSent) res.header('Retry-After', String(detail.timeToBlockExpire));
    return super.throwThrottlingException(context, detail);
  }
}

/**
 * Limits a read that checks a secret someone could guess at (a quote link's token): at most
 * RATE_LIMIT_LOOKUPS_PER_MINUTE (default 30) requests per client address and handler per minute,
 * then 429 with RATE_LIMIT_MESSAGE, counted exactly across replicas. Needs createRateLimitModule in
 * the service's module (its lookups throttler). The limit is read when the controller is loaded, as
 * the module reads the write limit.
 *
 *   @Route(quoteRoutes.byLink)
 *   @LookupRateLimit()
 */
export function LookupRateLimit(env: Record<string, string | undefined> = process.env): MethodDecorator & ClassDecorator {
  const limit = lookupLimitOf(env);
  return applyDecorators(
    SetMetadata(LOOKUP_LIMITED, true),
    UseGuards(RateLimitGuard),
    Throttle({ [LOOKUPS]: { limit, ttl: 60_000 } }),
  );
}
