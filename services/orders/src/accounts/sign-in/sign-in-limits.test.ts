import { ACCOUNT_SIGN_IN_LIMITS, SIGN_IN_LIMITS, afterFailure, lockDelayMs, remainingLockMs, retryAfterSeconds, type FailureRecord } from './sign-in-limits.js';

const FREE = SIGN_IN_LIMITS.freeFailuresPerAccount;
const fresh: FailureRecord = { failures: 0, lastFailureAt: null, lockedUntil: null };
const at = (ms: number) => new Date(Date.UTC(2026, 0, 1) + ms);

describe('lockDelayMs', () => {
  it('costs nothing for the free failures, then 1 s, 2 s, 4 s ... capped at 15 minutes', () => {
    expect([1, 2, 3, 4, 5].map((n) => lockDelayMs(n, FREE))).toEqual([0, 0, 0, 0, 0]);
    expect([6, 7, 8, 9].map((n) => lockDelayMs(n, FREE))).toEqual([1000, 2000, 4000, 8000]);
    expect(lockDelayMs(15, FREE)).toBe(512_000);
    expect(lockDelayMs(16, FREE)).toBe(15 * 60 * 1000);
    expect(lockDelayMs(10_000, FREE)).toBe(15 * 60 * 1000);
  });

  it("caps an account's lock at a minute, so nobody can keep its owner out for longer", () => {
    expect(lockDelayMs(12, FREE, ACCOUNT_SIGN_IN_LIMITS)).toBe(60_000);
    expect(lockDelayMs(10_000, FREE, ACCOUNT_SIGN_IN_LIMITS)).toBe(60_000);
    expect(lockDelayMs(11, FREE, ACCOUNT_SIGN_IN_LIMITS)).toBe(32_000);
  });

  it('gives a client address 20 free failures', () => {
    expect(lockDelayMs(20, SIGN_IN_LIMITS.freeFailuresPerAddress)).toBe(0);
    expect(lockDelayMs(21, SIGN_IN_LIMITS.freeFailuresPerAddress)).toBe(1000);
  });
});

describe('afterFailure', () => {
  it('counts failures and locks past the free ones, from the failure\'s time', () => {
    let record = fresh;
    for (let n = 1; n <= FREE; n++) record = afterFailure(record, at(n * 1000), FREE);
    expect(record).toEqual({ failures: 5, lastFailureAt: at(5000), lockedUntil: null });
    record = afterFailure(record, at(6000), FREE);
    expect(record).toEqual({ failures: 6, lastFailureAt: at(6000), lockedUntil: at(7000) });
    expect(remainingLockMs(record, at(6500))).toBe(500);
    expect(remainingLockMs(record, at(7000))).toBe(0);
    record = afterFailure(record, at(8000), FREE);
    expect(record.lockedUntil).toEqual(at(10_000));
  });

  it('starts over after 15 quiet minutes, counted from the end of the last lock', () => {
    const locked: FailureRecord = { failures: 16, lastFailureAt: at(0), lockedUntil: at(SIGN_IN_LIMITS.maxLockMs) };
    // right after the lock ends the count goes on (the next failure locks for the cap again)
    expect(afterFailure(locked, at(SIGN_IN_LIMITS.maxLockMs + 1), FREE)).toMatchObject({ failures: 17, lockedUntil: at(2 * SIGN_IN_LIMITS.maxLockMs + 1) });
    // 15 minutes after the lock's end it starts over
    const later = SIGN_IN_LIMITS.maxLockMs + SIGN_IN_LIMITS.windowMs;
    expect(afterFailure(locked, at(later), FREE)).toEqual({ failures: 1, lastFailureAt: at(later), lockedUntil: null });
  });
});

describe('retryAfterSeconds', () => {
  it('rounds up to whole seconds, at least 1', () => {
    expect(retryAfterSeconds(1)).toBe(1);
    expect(retryAfterSeconds(1000)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
    expect(retryAfterSeconds(0)).toBe(1);
  });
});
