import { CredentialFailures } from './credential-failures.js';

describe('CredentialFailures', () => {
  it('blocks an address once it has failed the limit within a minute, and only that address', () => {
    let now = 1_000_000;
    const failures = new CredentialFailures(() => 3, () => now);
    for (let i = 0; i < 2; i += 1) failures.recordFailure('10.0.0.1');
    expect(failures.blocked('10.0.0.1')).toBe(false);
    failures.recordFailure('10.0.0.1');
    expect(failures.blocked('10.0.0.1')).toBe(true);
    expect(failures.blocked('10.0.0.2')).toBe(false);
    now += 59_999;
    expect(failures.blocked('10.0.0.1')).toBe(true);
    now += 1;
    expect(failures.blocked('10.0.0.1')).toBe(false);
  });

  it('reads RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE (default 10)', () => {
    const saved = process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE;
    try {
      delete process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE;
      const failures = new CredentialFailures();
      for (let i = 0; i < 9; i += 1) failures.recordFailure('a');
      expect(failures.blocked('a')).toBe(false);
      failures.recordFailure('a');
      expect(failures.blocked('a')).toBe(true);
      process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE = '20';
      expect(failures.blocked('a')).toBe(false);
    } finally {
      if (saved === undefined) delete process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE;
      else process.env.RATE_LIMIT_CREDENTIAL_FAILURES_PER_MINUTE = saved;
    }
  });
});
