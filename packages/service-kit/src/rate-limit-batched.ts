import { Logger } from '@nestjs/common';
import type { ThrottlerStorage } from '@nestjs/throttler';
import type { DataSource } from 'typeorm';
import { BLOCKED_FOR, INCREMENT, type IncrementRow, type RateLimitRecord, seconds } from './rate-limit-storage.js';

/** How often a process adds what it counted to the shared counts, and how old a block check may be. */
export const RATE_LIMIT_FLUSH_MS = 1000;

/** Past this many keys counted at once, a flush is started at once (memory stays bounded under a flood of addresses). */
const MAX_PENDING_KEYS = 10_000;

interface Counter {
  key: string;
  throttler: string;
  ttl: number;
  limit: number;
  blockMs: number;
  /** the shared count of the window, as the last flush read it (every replica's hits) */
  shared: number;
  /** hits this process counted since then */
  pending: number;
  windowEndsAt: number;
  blockedUntil: number;
}

interface BlockCheck {
  until: number;
  checkedAt: number;
}

const now = () => Date.now();

/**
 * A rate limit counted in the process and shared through PostgreSQL once a second, for the hot reads
 * whose per-request upsert was most of their cost (the admin orders list: 4 round trips per call
 * became 2). Same table, same statement and same semantics as PostgresThrottlerStorage, with a
 * bounded error instead of an exact count:
 * - a request is judged on the shared count of the last flush plus this process's hits since, so
 *   with R replicas a client can get at most what the other R − 1 let through in one flush interval
 *   (RATE_LIMIT_FLUSH_MS) over its limit; with one replica the count is exact;
 * - a block set by another replica is seen here at the next flush (≤ 1 s); one set here, at once.
 * A flush that fails keeps its hits for the next one and lets requests through (logged), as the
 * PostgreSQL storage does when the database cannot answer. `close()` flushes what is left.
 */
export class BatchedThrottlerStorage implements ThrottlerStorage {
  private readonly logger = new Logger('rate-limit');
  private readonly counters = new Map<string, Counter>();
  private readonly blockChecks = new Map<string, BlockCheck>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;

  constructor(
    private readonly dataSource: DataSource,
    private readonly flushMs = RATE_LIMIT_FLUSH_MS,
  ) {}

  increment(key: string, ttl: number, limit: number, blockDuration: number, throttlerName: string): Promise<RateLimitRecord> {
    const at = now();
    const id = `${throttlerName}\u0000${key}`;
    let counter = this.counters.get(id);
    if (!counter) {
      counter = { key, throttler: throttlerName, ttl, limit, blockMs: blockDuration > 0 ? blockDuration : ttl, shared: 0, pending: 0, windowEndsAt: at + ttl, blockedUntil: 0 };
      this.counters.set(id, counter);
    }
    counter.limit = limit;
    if (counter.blockedUntil > at) return Promise.resolve(this.record(counter, at));
    if (counter.blockedUntil > 0 || counter.windowEndsAt <= at) {
      // a block or window just ended: a new window starts with this hit (the flush tells the shared one)
      counter.shared = 0;
      counter.blockedUntil = 0;
      counter.windowEndsAt = at + ttl;
    }
    counter.pending += 1;
    if (counter.shared + counter.pending > limit) counter.blockedUntil = at + counter.blockMs;
    this.schedule(this.counters.size > MAX_PENDING_KEYS ? 0 : this.flushMs);
    return Promise.resolve(this.record(counter, at));
  }

  /**
   * Seconds until `key`'s block by `throttlerName` ends (0: not blocked), as PostgreSQL said at most
   * one flush interval ago: a limit counted elsewhere (on failures only) read without a round trip
   * per request. `noteBlocked` records a block this process has just been told of.
   */
  async blockedFor(key: string, throttlerName: string): Promise<number> {
    const id = `${throttlerName}\u0000${key}`;
    const at = now();
    const known = this.blockChecks.get(id);
    if (known && at - known.checkedAt < this.flushMs) return known.until > at ? Math.max(1, seconds(known.until - at)) : 0;
    try {
      const [row] = (await this.dataSource.query(
        BLOCKED_FOR,
        [key, throttlerName],
      )) as { block_ms: string | number }[];
      const until = row ? at + Number(row.block_ms) : 0;
      this.blockChecks.set(id, { until, checkedAt: at });
      this.schedule(this.flushMs);
      return until > at ? Math.max(1, seconds(until - at)) : 0;
    } catch (error) {
      this.logger.warn(`Rate limit block not checked (the request goes through): ${(error as Error).message}`, { event: 'rate-limit.storage-error' });
      return 0;
    }
  }

  /** A block of `key` by `throttlerName` this process has just been told of (its own count of failures). */
  noteBlocked(key: string, throttlerName: string, blockedForSeconds: number): void {
    this.blockChecks.set(`${throttlerName}\u0000${key}`, { until: now() + blockedForSeconds * 1000, checkedAt: now() });
  }

  /** Adds every pending count to the shared ones and reads them back (the timer's job; tests and `close` call it). */
  flush(): Promise<void> {
    this.flushing ??= this.flushPending().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** Flushes what is left and stops the timer (the service's shutdown). */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  private record(counter: Counter, at: number): RateLimitRecord {
    const blocked = counter.blockedUntil > at;
    return {
      totalHits: counter.shared + counter.pending,
      timeToExpire: seconds(counter.windowEndsAt - at),
      isBlocked: blocked,
      timeToBlockExpire: blocked ? Math.max(1, seconds(counter.blockedUntil - at)) : 0,
    };
  }

  private schedule(delayMs: number): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.flush();
    }, delayMs);
    // a pending count never keeps a process alive (close() flushes it at shutdown)
    this.timer.unref();
  }

  private async flushPending(): Promise<void> {
    const at = now();
    for (const [id, check] of this.blockChecks) if (at - check.checkedAt >= this.flushMs && check.until <= at) this.blockChecks.delete(id);
    for (const [id, counter] of this.counters) {
      if (counter.pending === 0) {
        // nothing new to tell: forgotten once its window and block are over (memory stays bounded)
        if (counter.windowEndsAt <= at && counter.blockedUntil <= at) this.counters.delete(id);
        continue;
      }
      const sent = counter.pending;
      try {
        const [row] = (await this.dataSource.query(INCREMENT, [counter.key, counter.throttler, Math.round(counter.ttl), Math.round(counter.limit), Math.round(counter.blockMs), sent])) as IncrementRow[];
        const read = now();
        counter.pending -= sent;
        counter.shared = row!.hits;
        counter.windowEndsAt = read + Number(row!.window_ms);
        // the shared block wins when it is longer; a local one stands until the next flush tells it
        if (row!.blocked) counter.blockedUntil = Math.max(counter.blockedUntil, read + Number(row!.block_ms));
      } catch (error) {
        this.logger.warn(`Rate limit counts not shared (kept for the next flush): ${(error as Error).message}`, { event: 'rate-limit.storage-error' });
        break;
      }
    }
    if ([...this.counters.values()].some((counter) => counter.pending > 0)) this.schedule(this.flushMs);
  }
}
