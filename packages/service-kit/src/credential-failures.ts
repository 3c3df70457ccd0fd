import { integer, readEnvConfig, type EnvReader } from './env-config.js';

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
 * let anyone sharing the caller's address lock it out). Per process (the gateway keeps no
 * database): N replicas allow N times the limit, still far from a useful guessing rate for a
 * 128-bit secret, and the cost of a check stays a hash.
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
