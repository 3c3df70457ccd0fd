/**
 * The sign-in limits' policy, kept pure so it can be tested without a clock or a database (the
 * store, sign-in-attempts.ts, applies it to rows under a lock with the database's clock, so every
 * replica counts the same). Failures are counted per key: the account (its lowercased e-mail, whether
 * it exists or not) and the client address.
 */
export const SIGN_IN_LIMITS = Object.freeze({
  /** failures within this span count together; the count starts over after this long without one (or after a lock) */
  windowMs: 15 * 60 * 1000,
  /** failures per account within the window that cost nothing */
  freeFailuresPerAccount: 5,
  /** failures per client address within the window that cost nothing (several people can share one) */
  freeFailuresPerAddress: 20,
  /** the first lock past the free failures; each further failure doubles it */
  firstLockMs: 1000,
  /** the longest lock of a client address */
  maxLockMs: 15 * 60 * 1000,
  /**
   * The longest lock of an account. Anyone can fail sign-ins for someone else's e-mail from many
   * addresses, so a long account lock would let them keep the owner out (the correct password
   * included, since a locked key is refused before the check). The account lock therefore only slows
   * guessing down, to one guess a minute at most (60 an hour, within ASVS 2.2.1's 100), and never
   * refuses the owner for more than a minute; the addresses doing the guessing are locked up to
   * maxLockMs each.
   */
  maxAccountLockMs: 60 * 1000,
});

/** The limits an account's key counts under: its lock capped at maxAccountLockMs. */
export const ACCOUNT_SIGN_IN_LIMITS = Object.freeze({ ...SIGN_IN_LIMITS, maxLockMs: SIGN_IN_LIMITS.maxAccountLockMs });

/** A key's record: failures counted so far, the last one's time, and the end of its lock. */
export interface FailureRecord {
  failures: number;
  lastFailureAt: Date | null;
  lockedUntil: Date | null;
}

/** How long a key with `failures` failures is locked after the last one: 0 up to the free ones, then 1 s, 2 s, 4 s ... capped. */
export function lockDelayMs(failures: number, freeFailures: number, limits = SIGN_IN_LIMITS): number {
  const over = failures - freeFailures;
  if (over <= 0) return 0;
  // 2 ** 30 ms is past any cap: no overflow however many failures
  return Math.min(limits.firstLockMs * 2 ** Math.min(over - 1, 30), limits.maxLockMs);
}

/** What is left of the key's lock at `now`, in ms (0: not locked). */
export function remainingLockMs(record: FailureRecord, now: Date): number {
  return record.lockedUntil ? Math.max(0, record.lockedUntil.getTime() - now.getTime()) : 0;
}

/**
 * The record after one more failure at `now`. The count starts over once the window has passed
 * since the last failure and since the end of the last lock, so waiting out a long lock does not
 * earn a fresh set of free tries.
 */
export function afterFailure(record: FailureRecord, now: Date, freeFailures: number, limits = SIGN_IN_LIMITS): FailureRecord {
  const lastEvent = Math.max(record.lastFailureAt?.getTime() ?? -Infinity, record.lockedUntil?.getTime() ?? -Infinity);
  const quiet = now.getTime() - lastEvent >= limits.windowMs;
  const failures = (quiet ? 0 : record.failures) + 1;
  const delay = lockDelayMs(failures, freeFailures, limits);
  return { failures, lastFailureAt: now, lockedUntil: delay > 0 ? new Date(now.getTime() + delay) : null };
}

/** Retry-After and the message's seconds: whole seconds, rounded up, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
