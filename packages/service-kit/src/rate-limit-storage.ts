import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';
import { deletedRows } from './deleted-rows.js';
import { preparedQuery } from './prepared-query.js';
import type { HousekeepingTask } from './housekeeping/housekeeping.js';

/** What @nestjs/throttler's guard reads from a storage (its ThrottlerStorageRecord). */
export interface RateLimitRecord {
  totalHits: number;
  /** seconds until the window ends (X-RateLimit-Reset) */
  timeToExpire: number;
  isBlocked: boolean;
  /** seconds until the block ends (Retry-After) */
  timeToBlockExpire: number;
}

/**
 * The table the rate limit counts in, in the service's own schema (a migration of each service runs
 * these statements): one row per client key and throttler with the hits of its current window and,
 * once over the limit, when the block ends. UNLOGGED: counters a minute long need no crash safety,
 * and skipping the write-ahead log makes the one upsert per limited request cheaper.
 */
export const RATE_LIMIT_HITS_DDL: readonly string[] = [
  `CREATE UNLOGGED TABLE rate_limit_hits (
    key text NOT NULL,
    throttler varchar(64) NOT NULL,
    hits integer NOT NULL,
    window_ends_at timestamptz NOT NULL,
    blocked_until timestamptz,
    expires_at timestamptz GENERATED ALWAYS AS (greatest(window_ends_at, blocked_until)) STORED,
    PRIMARY KEY (key, throttler)
  )`,
  `CREATE INDEX rate_limit_hits_expires_at_idx ON rate_limit_hits (expires_at)`,
];

/**
 * One statement, atomic per key (the row's lock orders concurrent requests of every replica), on the
 * database's clock. With `blocked`: the key is over this limit and its block is not over; `restart`:
 * no block is running and either one just ended or the window is over.
 * - blocked: not counted, still blocked;
 * - restart: a new window with this hit;
 * - else one more hit; over the limit, blocked for the block duration from now.
 * The block is judged against the caller's own limit: replicas share one limit, so this only matters
 * while a changed limit rolls out (the new one applies at once) and for test apps with different
 * limits on one database. $1 key, $2 throttler, $3 window (ms), $4 limit, $5 block (ms), $6 hits to
 * add (1 for a request; a batch's count from BatchedThrottlerStorage's flush).
 */
export const INCREMENT = `
  INSERT INTO rate_limit_hits AS r (key, throttler, hits, window_ends_at, blocked_until)
  VALUES ($1, $2, $6::integer, now() + $3::integer * interval '1 millisecond',
          CASE WHEN $6::integer > $4::integer THEN now() + $5::integer * interval '1 millisecond' END)
  ON CONFLICT (key, throttler) DO UPDATE SET (hits, window_ends_at, blocked_until) = (
    SELECT next.hits,
           CASE WHEN state.restart THEN EXCLUDED.window_ends_at ELSE r.window_ends_at END,
           CASE WHEN state.blocked THEN r.blocked_until
                WHEN next.hits > $4::integer THEN now() + $5::integer * interval '1 millisecond'
                WHEN state.restart THEN NULL
                ELSE r.blocked_until END
    FROM (SELECT coalesce(r.blocked_until > now() AND r.hits > $4::integer, false) AS blocked,
                 coalesce(r.blocked_until <= now(), true) AND (r.blocked_until IS NOT NULL OR r.window_ends_at <= now()) AS restart) AS state,
         LATERAL (SELECT CASE WHEN state.blocked THEN r.hits WHEN state.restart THEN $6::integer ELSE r.hits + $6::integer END AS hits) AS next
  )
  RETURNING hits,
    extract(epoch FROM window_ends_at - now()) * 1000 AS window_ms,
    coalesce(blocked_until > now() AND hits > $4::integer, false) AS blocked,
    coalesce(extract(epoch FROM blocked_until - now()) * 1000, 0) AS block_ms`;

/** How long `key`'s block by a throttler still runs (ms), no row when it is not blocked. $1 key, $2 throttler. */
export const BLOCKED_FOR =
  'SELECT extract(epoch FROM blocked_until - now()) * 1000 AS block_ms FROM rate_limit_hits WHERE key = $1 AND throttler = $2 AND blocked_until > now()';

export interface IncrementRow {
  hits: number;
  window_ms: string | number;
  blocked: boolean;
  block_ms: string | number;
}

export const seconds = (ms: string | number): number => Math.max(0, Math.ceil(Number(ms) / 1000));

/**
 * @nestjs/throttler's storage in the service's PostgreSQL schema (rate_limit_hits), so every replica
 * counts one limit: a client's N+1-th request in a window is refused whichever replica it reaches.
 * The window is fixed (it starts at the key's first hit and lasts the throttler's ttl, as the
 * in-memory storage's reset time does); over the limit, the key is blocked for the block duration
 * (the ttl, unless set), then starts afresh. Expired rows are deleted by the housekeeping job
 * (`pruneTask`). A database that cannot answer lets the request through (logged): the write it
 * guards needs the same database and fails on its own.
 */
export class PostgresThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('rate-limit');

  constructor(private readonly dataSource: DataSource) {}

  async increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<RateLimitRecord> {
    // without a block duration a key over its limit stays refused until its window ends
    const blockMs = blockDuration > 0 ? blockDuration : ttl;
    try {
      // a prepared statement on a connection of the pool: every limited write runs this first, and
      // its plan was most of its cost (the bench's POST /api/order)
      const runner = this.dataSource.createQueryRunner();
      let row: IncrementRow | undefined;
      try {
        [row] = await preparedQuery<IncrementRow>(runner.manager, INCREMENT, [key, throttlerName, Math.round(ttl), Math.round(limit), Math.round(blockMs), 1]);
      } finally {
        await runner.release();
      }
      return { totalHits: row!.hits, timeToExpire: seconds(row!.window_ms), isBlocked: row!.blocked, timeToBlockExpire: row!.blocked ? seconds(row!.block_ms) : 0 };
    } catch (error) {
      this.logger.warn(`Rate limit not counted (the request goes through): ${(error as Error).message}`, { event: 'rate-limit.storage-error' });
      return { totalHits: 0, timeToExpire: seconds(ttl), isBlocked: false, timeToBlockExpire: 0 };
    }
  }

  /**
   * Seconds until `key`'s block by `throttlerName` ends, 0 when it is not blocked; counts nothing. For
   * a limit on failures: whether to refuse before trying again (`increment` counts only failures).
   */
  async blockedFor(key: string, throttlerName: string): Promise<number> {
    const [row] = (await this.dataSource.query(
      BLOCKED_FOR,
      [key, throttlerName],
    )) as { block_ms: string | number }[];
    return row ? Math.max(1, seconds(row.block_ms)) : 0;
  }

  /** Fails the start when the table is missing (the service's migrations lack RATE_LIMIT_HITS_DDL). */
  async assertReady(): Promise<void> {
    try {
      await this.dataSource.query('SELECT 1 FROM rate_limit_hits LIMIT 0');
    } catch (error) {
      throw new Error(`createRateLimitModule needs the rate_limit_hits table: add a migration that runs RATE_LIMIT_HITS_DDL (${(error as Error).message})`, {
        cause: error,
      });
    }
  }

  /** Deletes the rows whose window and block are both over. */
  async prune(): Promise<number> {
    return deletedRows(await this.dataSource.query('DELETE FROM rate_limit_hits WHERE expires_at < now()'));
  }

  /** `prune` as a housekeeping task. */
  pruneTask(): HousekeepingTask {
    return { name: 'rate-limit-hits', run: () => this.prune() };
  }
}
