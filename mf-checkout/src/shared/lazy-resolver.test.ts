import type { FieldValues, Resolver, ResolverOptions, ResolverResult } from 'react-hook-form';
import { fireEvent, render } from '@testing-library/react';
import { createElement } from 'react';
import { lazyResolver, usePreloadOnFirstInput } from './lazy-resolver.js';

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

describe('usePreloadOnFirstInput', () => {
  function Page({ resolver }: { resolver: { preload(): void } }) {
    usePreloadOnFirstInput(resolver);
    return createElement('input', { 'aria-label': 'Zip code' });
  }

  it('fetches nothing while the page loads, then once when the shopper first focuses a field', () => {
    const resolver = { preload: jest.fn() };
    const { getByLabelText, unmount } = render(createElement(Page, { resolver }));
    expect(resolver.preload).not.toHaveBeenCalled();
    fireEvent.focusIn(getByLabelText('Zip code'));
    fireEvent.keyDown(getByLabelText('Zip code'), { key: '1' });
    expect(resolver.preload).toHaveBeenCalledTimes(1);
    unmount();
  });

  it('or when the shopper presses anywhere first', () => {
    const resolver = { preload: jest.fn() };
    render(createElement(Page, { resolver }));
    fireEvent.pointerDown(document.body);
    expect(resolver.preload).toHaveBeenCalledTimes(1);
  });
});
