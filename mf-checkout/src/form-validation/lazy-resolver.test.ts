import type { FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { lazyResolver } from './lazy-resolver.js';

const options = { fields: {}, shouldUseNativeValidation: false } as ResolverOptions<FieldValues>;
const refuseEmpty: Resolver<FieldValues> = async (values): Promise<ResolverResult<FieldValues>> =>
  values['name'] ? { values, errors: {} } : { values: {}, errors: { name: { type: 'required', message: 'Name is required' } } };

describe('lazyResolver', () => {
  it('loads the schema on the first check only, and answers as the loaded resolver does', async () => {
    const load = jest.fn(async () => refuseEmpty);
    const resolver = lazyResolver(load);
    expect(load).not.toHaveBeenCalled();
    await expect(resolver({ name: '' }, undefined, options)).resolves.toEqual({ values: {}, errors: { name: { type: 'required', message: 'Name is required' } } });
    await expect(resolver({ name: 'Ann' }, undefined, options)).resolves.toEqual({ values: { name: 'Ann' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('preloads once, and the checks after it use what was preloaded', async () => {
    const load = jest.fn(async () => refuseEmpty);
    const resolver = lazyResolver(load);
    resolver.preload();
    resolver.preload();
    await expect(resolver({ name: 'Ann' }, undefined, options)).resolves.toEqual({ values: { name: 'Ann' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again on the next check after a failed load (a dropped connection is not remembered)', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('ChunkLoadError')).mockResolvedValue(refuseEmpty);
    const resolver = lazyResolver(load as () => Promise<Resolver<FieldValues>>);
    resolver.preload();
    await expect(resolver({ name: 'Ann' }, undefined, options)).rejects.toThrow('ChunkLoadError');
    await expect(resolver({ name: 'Ann' }, undefined, options)).resolves.toEqual({ values: { name: 'Ann' }, errors: {} });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
