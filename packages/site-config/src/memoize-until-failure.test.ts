import { memoizeUntilFailure } from './memoize-until-failure.js';

describe('memoizeUntilFailure', () => {
  it('loads once and shares the answer', async () => {
    const load = jest.fn(async () => 'ready');
    const get = memoizeUntilFailure(load);
    expect(get()).toBe(get());
    await expect(get()).resolves.toBe('ready');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('forgets a failure, so the next call loads again', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('broken file')).mockResolvedValueOnce('fixed');
    const get = memoizeUntilFailure(load as () => Promise<string>);
    await expect(get()).rejects.toThrow('broken file');
    await expect(get()).resolves.toBe('fixed');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
