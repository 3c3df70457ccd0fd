import type { ThrottlerStorage } from '@nestjs/throttler';
import { integer, readEnvConfig, type EnvReader } from './env-config.js';
import { WriteAndLookupStorage } from './rate-limit.js';
import { PostgresThrottlerStorage } from './rate-limit-storage.js';

/** Failed credentials (internal signatures, the metrics token) one client address may present per minute. */
export const CREDENTIAL_FAILURES_READER: EnvReader<number> = integer('RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE', 10, 1, 1_000_000);

export const CREDENTIAL_FAILURES_MESSAGE = 'Too many failed attempts from this address. Please wait a minute and try again.';

const WINDOW_MS = 60_000;
/** Addresses tracked at once: a flood from many addresses forgets the oldest, never grows memory without bound. */
const MAX_ADDRESSES = 10_000;

/**
 * Counts failed credentials per client address in fixed one-minute windows, in this process. Past
 * the limit a wrong credential is answered 429 instead of 401; a right one still opens (the callers'
 * secrets carry at least 128 bits, so guessing is hopeless anyway, and refusing the right one would
 * let anyone sharing the caller's address lock it out). The count of a service without the
 * rate-limit table (the gateway keeps no database; content has no rate limits): N replicas allow N
 * times the limit there, still far from a useful guessing rate for a 128-bit secret. Services with
 * createRateLimitModule count in PostgreSQL instead (credentialFailureCount).
 */
export class CredentialFailures {
  private readonly windows = new Map<string, { startedAt: number; failures: number }>();

  constructor(
    private readonly limit: () => number = () => readEnvConfig({ limit: CREDENTIAL_FAILURES_READER }).limit,
    private readonly now: () => number = Date.now,
  ) {}

  /** The address has failed `limit` times this minute: refuse it unchecked. */
  blocked(address: string): boolean {
    const window = this.current(address);
    return window !== undefined && window.failures >= this.limit();
  }

  recordFailure(address: string): void {
    const window = this.current(address);
    if (window) {
      window.failures += 1;
      return;
    }
    if (this.windows.size >= MAX_ADDRESSES) this.windows.delete(this.windows.keys().next().value as string);
    this.windows.set(address, { startedAt: this.now(), failures: 1 });
  }

  private current(address: string): { startedAt: number; failures: number } | undefined {
    const window = this.windows.get(address);
    if (window && this.now() - window.startedAt >= WINDOW_MS) {
      this.windows.delete(address);
      return undefined;
    }
    return window;
  }
}

/** A count of failed credentials per client address: in PostgreSQL, shared by the replicas, or in this process. */
export interface CredentialFailureCount {
  /** The address has failed the limit this minute: refuse it unchecked. */
  blocked(address: string): Promise<boolean>;
  recordFailure(address: string): Promise<void>;
}

/** The rate_limit_hits rows of failed credentials carry this throttler name (the prune task deletes them with the rest). */
export const CREDENTIAL_FAILURES_THROTTLER = 'credential-failures';

/**
 * The count of `kind` (`internal-signature`, `metrics-token`): in the service's rate_limit_hits when
 * its rate limits are there (`storage`, createRateLimitModule's), so every replica counts one limit;
 * else `memory`, this process's. Past RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE failures an address
 * is blocked for a minute.
 */
export function credentialFailureCount(
  kind: string,
  memory: CredentialFailures,
  storage?: ThrottlerStorage | null,
  limit: () => number = () => readEnvConfig({ limit: CREDENTIAL_FAILURES_READER }).limit,
): CredentialFailureCount {
  // failures are counted exactly, one upsert each: they are the guesses the limit is for
  const exact = storage instanceof WriteAndLookupStorage ? storage.exact : storage instanceof PostgresThrottlerStorage ? storage : undefined;
  if (!exact) {
    return { blocked: async (address) => memory.blocked(address), recordFailure: async (address) => memory.recordFailure(address) };
  }
  const key = (address: string) => `${kind}:${address}`;
  return {
    blocked: async (address) => (await exact.blockedFor(key(address), CREDENTIAL_FAILURES_THROTTLER)) > 0,
    // the table blocks past its limit: limit - 1 blocks once the limit-th failure is in, as the count in memory does
    recordFailure: async (address) => void (await exact.increment(key(address), WINDOW_MS, limit() - 1, WINDOW_MS, CREDENTIAL_FAILURES_THROTTLER)),
  };
}
