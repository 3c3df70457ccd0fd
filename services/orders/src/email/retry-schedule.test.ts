import { emailRetryPolicy, readEmailConfig } from './email-config.js';
import { MIN_RETRY_DELAY_MS, nextRetryDelayMs, retryCeilingMs, retryDelayMs, typicalRetries, type RetryPolicy } from './retry-schedule.js';

const HOUR = 3_600_000;
const defaults: RetryPolicy = emailRetryPolicy(readEmailConfig({}));

/** Fails every attempt at once, from the first failure on: the waits chosen, and when the last attempt was made. */
function runOutTheBudget(policy: RetryPolicy, random: () => number): { waits: number[]; lastAttemptAt: number } {
  const waits: number[] = [];
  let elapsed = 0;
  for (let retry = 1; ; retry++) {
    const wait = nextRetryDelayMs(policy, retry, elapsed, random);
    if (wait === null) return { waits, lastAttemptAt: elapsed };
    waits.push(wait);
    elapsed += wait;
  }
}

/** A seeded generator (mulberry32), so a failure here can be reproduced. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

describe('the e-mail retry schedule', () => {
  it('doubles its ceiling from EMAIL_RETRY_DELAY_SECONDS and caps it at EMAIL_RETRY_MAX_DELAY_SECONDS', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 50, 5000].map((retry) => retryCeilingMs(defaults, retry) / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600, 3600]);
    expect(retryCeilingMs({ baseDelayMs: 100, maxDelayMs: 100, retryForMs: HOUR }, 1)).toBe(MIN_RETRY_DELAY_MS);
  });

  it('draws each wait with full jitter between 1 s and its ceiling', () => {
    expect(retryDelayMs(defaults, 1, () => 0)).toBe(MIN_RETRY_DELAY_MS);
    expect(retryDelayMs(defaults, 1, () => 0.5)).toBe(15_500);
    expect(retryDelayMs(defaults, 12, () => 0.999_999)).toBeLessThanOrEqual(HOUR);
    const random = seeded(22);
    for (const retry of [1, 4, 8, 40]) {
      const waits = Array.from({ length: 2000 }, () => retryDelayMs(defaults, retry, random));
      const ceiling = retryCeilingMs(defaults, retry);
      expect(Math.min(...waits)).toBeGreaterThanOrEqual(MIN_RETRY_DELAY_MS);
      expect(Math.max(...waits)).toBeLessThanOrEqual(ceiling);
      // spread over the whole range, not bunched: replicas retrying after one outage do not stampede together
      expect(Math.min(...waits)).toBeLessThan(MIN_RETRY_DELAY_MS + ceiling * 0.05);
      expect(Math.max(...waits)).toBeGreaterThan(ceiling * 0.95);
      expect(new Set(waits).size).toBeGreaterThan(Math.min(1000, ceiling / 1000 / 2));
    }
  });

  it.each([
    ['every draw at its lowest', () => 0],
    ['every draw at its highest', () => 0.999_999],
    ['seeded draws', seeded(72)],
    ['Math.random', Math.random],
  ])('retries for 72 hours by default, never waiting over an hour, the last attempt on the deadline (%s)', (_name, random) => {
    const { waits, lastAttemptAt } = runOutTheBudget(defaults, random);
    expect(lastAttemptAt).toBe(72 * HOUR);
    expect(waits.reduce((a, b) => Math.max(a, b))).toBeLessThanOrEqual(HOUR);
    expect(waits.reduce((a, b) => Math.min(a, b))).toBeGreaterThan(0);
    // after the deadline: parked, whatever the draw
    expect(nextRetryDelayMs(defaults, waits.length + 1, 72 * HOUR, random)).toBeNull();
  });

  it('takes about 150 attempts over the 72 hours at the mean draw; a first failure long ago is out of budget at once', () => {
    expect(typicalRetries(defaults)).toBeGreaterThan(140);
    expect(typicalRetries(defaults)).toBeLessThan(160);
    const { waits } = runOutTheBudget(defaults, seeded(3));
    expect(waits.length).toBeGreaterThan(120);
    expect(waits.length).toBeLessThan(180);
    expect(nextRetryDelayMs(defaults, 1, 100 * HOUR)).toBeNull();
  });

  it('follows EMAIL_RETRY_FOR_HOURS', () => {
    const policy = emailRetryPolicy(readEmailConfig({ EMAIL_RETRY_FOR_HOURS: '120', EMAIL_RETRY_MAX_DELAY_SECONDS: '600' }));
    const { waits, lastAttemptAt } = runOutTheBudget(policy, seeded(5));
    expect(lastAttemptAt).toBe(120 * HOUR);
    expect(Math.max(...waits)).toBeLessThanOrEqual(600_000);
  });
});
