import { retryDelayMs } from './backoff.js';

describe('retryDelayMs', () => {
  it('doubles from the base after each failed attempt', () => {
    expect([1, 2, 3, 4, 5].map((attempts) => retryDelayMs(attempts, 2000, 60_000))).toEqual([2000, 4000, 8000, 16000, 32000]);
  });

  it('never waits longer than the cap, even after many attempts', () => {
    expect(retryDelayMs(10, 2000, 600_000)).toBe(600_000);
    expect(retryDelayMs(5000, 2000, 600_000)).toBe(600_000);
    expect(retryDelayMs(3, 1000, 3000)).toBe(3000);
  });

  it('treats 0 attempts like the first', () => {
    expect(retryDelayMs(0, 500, 10_000)).toBe(500);
  });
});
