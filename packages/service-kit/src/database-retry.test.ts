import { retryWhileDatabaseAway } from './database-retry.js';

const away = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

describe('retryWhileDatabaseAway', () => {
  it('writes again while the database is away, then answers the write', async () => {
    let calls = 0;
    const write = async () => {
      calls += 1;
      if (calls < 3) throw away();
      return 'recorded';
    };
    await expect(retryWhileDatabaseAway(write)).resolves.toBe('recorded');
    expect(calls).toBe(3);
  });

  it('throws other errors at once', async () => {
    let calls = 0;
    const write = async () => {
      calls += 1;
      throw Object.assign(new Error('duplicate key'), { code: '23505' });
    };
    await expect(retryWhileDatabaseAway(write)).rejects.toThrow('duplicate key');
    expect(calls).toBe(1);
  });

  it('gives up when its window has passed', async () => {
    const started = Date.now();
    await expect(retryWhileDatabaseAway(() => Promise.reject(away()), { windowMs: 600 })).rejects.toThrow('administrator command');
    expect(Date.now() - started).toBeLessThan(1500);
  });
});
